// Depthwise convolutions at run-time batch and spatial sizes: the pixel
// loops do not collapse into one M (ProblemCollapse.c needs static sizes),
// so the batch, the output rows (planes) and the channel are batch loops
// of the VALU template, all on grid z: its launch multiplies their
// run-time sizes, and the kernel splits block id z back into them.  With
// a channel multiplier the WMMA implicit GEMM takes the same three batch
// loops (the cost rule's choice, explain-cost), M the output columns, N
// the multiplier; its output [N][OH][OW][C][M] is written through a view
// with the channel before the matrix, whose batch strides are run-time
// values: the masked stores move the view's dim 0 (the buffer's first,
// known from the view's permutation) past the end.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' 2>&1 | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' 2>&1 | FileCheck %s

// CHECK: remark: converted to a VALU kernel (template valu): linalg.depthwise_conv_2d_nhwc_hwc:
// CHECK: remark: converted to a VALU kernel (template valu): linalg.depthwise_conv_3d_ndhwc_dhwc:
// M is one output row (fe_estimate_m): the rule sees a width of 16 and
// takes tiles of one WMMA's rows, not 128 (8x the WMMAs at 16 columns).
// CHECK: remark: gemm candidate: staging = lds, tile = [128, 16, 16], waves = [4, 1]: modelled
// CHECK: remark: gemm candidate: staging = lds, tile = [16, 16, 16], waves = [1, 1]: modelled
// CHECK: remark: gemm chosen: staging = lds, tile = [16, 16, 16], waves = [1, 1]
// CHECK: remark: depthwise convolution with a channel multiplier: gemm rule {{.*}}, valu rule {{.*}}: gemm
// CHECK-NOT: converted to a VALU kernel
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

// The channel multiplier: z = N x OH x C, the GEMM's M the output
// columns (tiles of 16), its N the multiplier.
// CHECK-LABEL: gpu.func @dwm(
// CHECK-SAME: grid = ()[s0, s1, s2, s3, s4, s5] -> (1, s5 ceildiv 16, (s3 * s4) * 24)
// CHECK-SAME: template = "gemm"
// CHECK: %[[OUT:.*]] = memref.transpose %{{.*}} (d0, d1, d2, d3, d4) -> (d0, d1, d3, d2, d4) : {{.*}} to memref<?x?x24x?x16xf32, strided<[?, ?, 16, 384, 1]>
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-NEXT: %[[NH:.*]] = arith.divui %[[Z]], %c24
// CHECK-NEXT: %[[C:.*]] = arith.remui %[[Z]], %c24
// CHECK-NEXT: %[[N:.*]] = arith.divui %[[NH]], %[[OH:.*]] :
// CHECK-NEXT: %[[H:.*]] = arith.remui %[[NH]], %[[OH]] :
// CHECK: wmma.mma
// CHECK: vector.store %{{.*}}, %[[OUT]][%[[N]], %[[H]], %[[C]], %{{.*}}, %{{.*}}]
// CHECK: %[[D0:.*]] = memref.dim %[[OUT]], %c0 :
// CHECK-NEXT: %[[PAST:.*]] = arith.addi %[[D0]], %c4 : index
// CHECK: %[[R:.*]] = arith.select %{{.*}}, %[[N]], %[[PAST]] : index
// CHECK-NEXT: vector.store %{{.*}}, %[[OUT]][%[[R]], %[[H]], %[[C]], %{{.*}}, %{{.*}}]
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
