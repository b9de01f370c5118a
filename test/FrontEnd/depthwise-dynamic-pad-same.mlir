// A tensor.pad whose low and high amounts are one run-time value %n:
// bufferization folds the padded size into `size + %n * 2`
// (affine.apply ()[s0, s1] -> (s0 + s1 * 2)), a sum of the source's size
// and a padding amount counted twice (Recognize/RecognizePad.c).  The
// convolution reads the unpadded input, its rows and columns shifted by
// %n and checked against the source's sizes (no padded copy).
// (Numerics: test/tools/wmma-run/conv.test PADSAME.)
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s

// CHECK: remark: converted to a VALU kernel (template valu): linalg.depthwise_conv_2d_nhwc_hwc:
// CHECK-SAME: the workgroups from the run-time sizes
// CHECK-NOT: not converted
// CHECK-LABEL: gpu.func @dw(
// CHECK-SAME: %[[N:arg3]]: index
// CHECK-SAME: template = "valu"
// CHECK-NOT: memref.alloc
// CHECK: %[[R:.*]] = arith.subi %{{.*}}, %[[N]] : index
// CHECK-NEXT: arith.cmpi sge, %[[R]], %c0 : index
// CHECK-NEXT: arith.cmpi slt, %[[R]], %dim
// CHECK: %[[C:.*]] = arith.subi %{{.*}}, %[[N]] : index
// CHECK-NEXT: arith.cmpi sge, %[[C]], %c0 : index
// CHECK-NEXT: arith.cmpi slt, %[[C]], %dim
// CHECK-NOT: wmma.mma
// CHECK: gpu.return
func.func @dw(%x: tensor<?x?x?x24xf16>, %w: tensor<3x3x24xf16>, %o: tensor<?x?x?x24xf32>, %n: index) -> tensor<?x?x?x24xf32> {
  %cz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, %n, %n, 0] high[0, %n, %n, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  } : tensor<?x?x?x24xf16> to tensor<?x?x?x24xf16>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<?x?x?x24xf32>) -> tensor<?x?x?x24xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<?x?x?x24xf16>, tensor<3x3x24xf16>) outs(%f : tensor<?x?x?x24xf32>) -> tensor<?x?x?x24xf32>
  return %r : tensor<?x?x?x24xf32>
}
