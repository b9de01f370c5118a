// Poolings (linalg.pooling_*, and the same as a linalg.generic whose
// window operand is read for its shape only) are depthwise window
// reductions without a filter: the input gathered as a depthwise
// convolution's (Recognize/RecognizeConv.c, RecognizePool.c), reduced by
// the VALU template's rows kernel, one thread per output, with the body's
// max, min or add instead of multiply-adds (masked taps read the op's
// identity).  A tensor.pad's border reads the pad value (-inf), not zero.
// (Numerics: test/tools/wmma-run/pool.test.)
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s

// The 3x3 window is read in one step of 9 taps (tile K = 9: no step
// partly masked, as 4 taps per step made the last of 3).
// CHECK-LABEL: gpu.func @max_f16(
// CHECK-SAME: template = "valu"
// CHECK-SAME: tile = [256, 1, 9]
// CHECK-SAME: accumulator = f32
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: scf.for %{{.*}} = %c0 to %c9 step %c9 iter_args(%{{.*}} = %[[NINF]])
// CHECK-NOT: arith.select
// CHECK: memref.load %{{.*}} : memref<1x18x18x64xf16
// CHECK-COUNT-9: arith.maximumf
// CHECK-NOT: arith.maximumf
// CHECK: scf.yield
// CHECK-NOT: wmma.mma
// CHECK-NOT: math.fma
// CHECK: gpu.return
func.func @max_f16(%x: memref<1x18x18x64xf16>, %w: memref<3x3xf16>, %y: memref<1x8x8x64xf16>) {
  %ninf = arith.constant 0xFC00 : f16
  linalg.fill ins(%ninf : f16) outs(%y : memref<1x8x8x64xf16>)
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.pooling_nhwc_max: a pooling (maximumf over the window, no filter: nothing for WMMA to multiply); rows kernel: a thread walks K per output}}
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<1x18x18x64xf16>, memref<3x3xf16>) outs(%y : memref<1x8x8x64xf16>)
  return
}

// -----

// Unsigned i8: the values zero-extended into the i32 accumulator (extui),
// combined with maxui, its identity 0.
// CHECK-LABEL: gpu.func @max_unsigned_i8(
// CHECK-SAME: accumulator = i32
// CHECK: arith.extui {{.*}} : i8 to i32
// CHECK: arith.maxui
// CHECK: arith.trunci {{.*}} : i32 to i8
func.func @max_unsigned_i8(%x: memref<2x13x13x24xi8>, %w: memref<3x3xi8>, %y: memref<2x6x6x24xi8>) {
  %z = arith.constant 0 : i8
  linalg.fill ins(%z : i8) outs(%y : memref<2x6x6x24xi8>)
  // expected-remark @+1 {{linalg.pooling_nhwc_max_unsigned: a pooling (maxui over the window}}
  linalg.pooling_nhwc_max_unsigned {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x13x13x24xi8>, memref<3x3xi8>) outs(%y : memref<2x6x6x24xi8>)
  return
}

// -----

// A sum pool accumulates in f32 from 0 (NCHW, dilation 2).
// CHECK-LABEL: gpu.func @sum_nchw(
// CHECK: arith.addf {{.*}} : f32
// CHECK-NOT: arith.maximumf
// CHECK: gpu.return
func.func @sum_nchw(%x: memref<2x24x13x13xf16>, %w: memref<3x3xf16>, %y: memref<2x24x5x5xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x24x5x5xf32>)
  // expected-remark @+1 {{linalg.pooling_nchw_sum: a pooling (addf over the window}}
  linalg.pooling_nchw_sum {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x24x13x13xf16>, memref<3x3xf16>) outs(%y : memref<2x24x5x5xf32>)
  return
}

// -----

// torch-mlir's max pooling with padding 1: the tensor.pad of -inf is no
// copy; the kernel reads the unpadded input, the border's masked reads
// selecting -inf.
// CHECK-LABEL: gpu.func @max_pad
// CHECK-SAME: (%arg0: memref<2x33x33x24xf16>, %arg1: memref<2x17x17x24xf16>)
// CHECK: %[[PADV:.*]] = arith.constant 0xFC00 : f16
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[PADV]] : f16
// CHECK: arith.maximumf
func.func @max_pad(%x: tensor<2x33x33x24xf16>) -> tensor<2x17x17x24xf16> {
  %ninf = arith.constant 0xFC00 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f16
  } : tensor<2x33x33x24xf16> to tensor<2x35x35x24xf16>
  %w = tensor.empty() : tensor<3x3xf16>
  %e = tensor.empty() : tensor<2x17x17x24xf16>
  %f = linalg.fill ins(%ninf : f16) outs(%e : tensor<2x17x17x24xf16>) -> tensor<2x17x17x24xf16>
  // expected-remark @+1 {{linalg.pooling_nhwc_max: a pooling}}
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<2x35x35x24xf16>, tensor<3x3xf16>) outs(%f : tensor<2x17x17x24xf16>) -> tensor<2x17x17x24xf16>
  return %r : tensor<2x17x17x24xf16>
}

// -----

// IREE's form: a generic over the window operand (unused in the body),
// arith.minnumf either way round.
// CHECK-LABEL: gpu.func @min_generic(
// CHECK-SAME: template = "valu"
// CHECK: arith.minnumf
#in = affine_map<(n, w, c, k) -> (n, 2 * w + k, c)>
#win = affine_map<(n, w, c, k) -> (k)>
#out = affine_map<(n, w, c, k) -> (n, w, c)>
func.func @min_generic(%x: memref<2x33x24xf32>, %w: memref<3xf32>, %y: memref<2x16x24xf32>) {
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.generic: a pooling (minnumf over the window}}
  linalg.generic {indexing_maps = [#in, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<2x33x24xf32>, memref<3xf32>) outs(%y : memref<2x16x24xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.minnumf %a, %o : f32
    linalg.yield %m : f32
  }
  return
}
