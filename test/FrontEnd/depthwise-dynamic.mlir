// Depthwise convolutions at run-time batch and spatial sizes: the pixel
// loops do not collapse into one M (ProblemCollapse.c needs static sizes),
// so the batch, the output rows (planes) and the channel are batch loops
// of the VALU template, all on grid z: its launch multiplies their
// run-time sizes, and the kernel splits block id z back into them.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s

// CHECK: remark: converted to a VALU kernel (template valu): linalg.depthwise_conv_2d_nhwc_hwc: more than two batch loops
// CHECK: remark: converted to a VALU kernel (template valu): linalg.depthwise_conv_3d_ndhwc_dhwc:
// CHECK: remark: converted to a VALU kernel (template valu): linalg.depthwise_conv_2d_nhwc_hwcm: more than two batch loops
// CHECK-NOT: error

// 2-D: z = N x OH x C (three batch loops), x over the output columns.
// CHECK-LABEL: gpu.func @dw2d(
// CHECK-SAME: grid = ()[s0, s1, s2, s3, s4, s5] -> (s5 ceildiv 8, 1, (s3 * s4) * 24)
// CHECK-SAME: template = "valu"
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-NEXT: %[[NH:.*]] = arith.divui %[[Z]], %c24
// CHECK-NEXT: arith.remui %[[Z]], %c24
// CHECK-NEXT: arith.divui %[[NH]], %[[OH:.*]] :
// CHECK-NEXT: arith.remui %[[NH]], %[[OH]] :
// CHECK-NOT: wmma.mma
// CHECK: gpu.return

// 3-D: z = N x OD x OH x C (four batch loops).
// CHECK-LABEL: gpu.func @dw3d(
// CHECK-SAME: grid = ()[s0, s1, s2, s3, s4, s5, s6, s7] -> (s7 ceildiv 8, 1, ((s4 * s5) * s6) * 24)
// CHECK-SAME: template = "valu"

// The channel multiplier: z = N x OH x C, the tiled kernel's M the output
// columns, its N the multiplier.
// CHECK-LABEL: gpu.func @dwm(
// CHECK-SAME: grid = ()[s0, s1, s2, s3, s4, s5] -> (1, s5 ceildiv 32, (s3 * s4) * 24)
// CHECK-SAME: template = "valu"
// CHECK-NOT: wmma.mma
// CHECK: gpu.return

func.func @dw2d(%x: memref<?x?x?x24xf16>, %w: memref<3x3x24xf16>, %y: memref<?x?x?x24xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x24xf16>, memref<3x3x24xf16>) outs(%y : memref<?x?x?x24xf32>)
  return
}

func.func @dw3d(%x: memref<?x?x?x?x24xf32>, %w: memref<3x3x3x24xf32>, %y: memref<?x?x?x?x24xf32>) {
  linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : memref<?x?x?x?x24xf32>, memref<3x3x3x24xf32>) outs(%y : memref<?x?x?x?x24xf32>)
  return
}

func.func @dwm(%x: memref<?x?x?x24xf16>, %w: memref<3x3x24x16xf16>, %y: memref<?x?x?x24x16xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x24xf16>, memref<3x3x24x16xf16>) outs(%y : memref<?x?x?x24x16xf32>)
  return
}
