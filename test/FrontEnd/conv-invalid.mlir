// Convolutions the implicit-GEMM path refuses, each with its reason at the
// convolution (whole-function mode: nothing is converted).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})'

// f32 convolutions: no WMMA multiplies f32, and the VALU template does not
// gather windows.
func.func @f32(%x: memref<1x10x10x16xf32>, %w: memref<3x3x16x32xf32>, %y: memref<1x8x8x32xf32>) {
  // expected-remark @+1 {{the product multiplies f32 values (f32 x f32)}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x10x10x16xf32>, memref<3x3x16x32xf32>) outs(%y : memref<1x8x8x32xf32>)
  return
}

// -----

// A body other than out + input * filter.
func.func @not_mul_add(%I: memref<66x16xf16>, %F: memref<3x16x32xf16>, %O: memref<32x32xf16>) {
  // expected-remark @+1 {{a linalg.generic shaped like a convolution: the body is not out + input * filter}}
  linalg.generic {indexing_maps = [affine_map<(w, f, kw, c) -> (w * 2 + kw, c)>, affine_map<(w, f, kw, c) -> (kw, c, f)>, affine_map<(w, f, kw, c) -> (w, f)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%I, %F : memref<66x16xf16>, memref<3x16x32xf16>) outs(%O : memref<32x32xf16>) {
  ^bb0(%a: f16, %b: f16, %c: f16):
    %p = arith.subf %a, %b : f16
    %r = arith.addf %c, %p : f16
    linalg.yield %r : f16
  }
  return
}

// -----

// An empty convolution (no output pixels) is refused, not built.
func.func @empty(%x: memref<0x10x10x16xf16>, %w: memref<3x3x16x32xf16>, %y: memref<0x8x8x32xf32>) {
  // expected-remark @+1 {{linalg.conv_2d_nhwc_hwcf: a convolution with an empty dimension}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<0x10x10x16xf16>, memref<3x3x16x32xf16>) outs(%y : memref<0x8x8x32xf32>)
  return
}
