// Poolings at run-time batch and spatial sizes: the output loops do not
// collapse into one M (ProblemCollapse.c needs static sizes), so as for a
// depthwise convolution at run-time sizes the VALU rows kernel takes the
// innermost output loop as its rows (grid x) and the others as batch
// loops on grid z (up to four: FE_MAX_BATCH), which the kernel splits
// back with divui/remui.  The remark says the wave count comes from the
// run-time sizes (no figure estimated from placeholder sizes).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s

// CHECK: remark: converted to a VALU kernel (template valu): linalg.pooling_nhwc_max: a pooling (maximumf over the window, no filter: nothing for WMMA to multiply); rows kernel: a thread walks K per output, 8 waves per workgroup of 256 outputs, the workgroups from the run-time sizes
// CHECK: remark: converted to a VALU kernel (template valu): linalg.pooling_nchw_sum: a pooling (addf over the window
// CHECK: remark: converted to a VALU kernel (template valu): linalg.pooling_ndhwc_max: a pooling
// CHECK-NOT: error

// NHWC: rows = the 24 channels, z = N x OH x OW.
// CHECK-LABEL: gpu.func @nhwc_max(
// CHECK-SAME: grid = ()[s0, s1, s2, s3, s4, s5] -> (1, 1, (s3 * s4) * s5)
// CHECK-SAME: template = "valu"
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-NEXT: %[[NH:.*]] = arith.divui %[[Z]], %[[OW:.*]] :
// CHECK-NEXT: arith.remui %[[Z]], %[[OW]] :
// CHECK-NEXT: arith.divui %[[NH]], %[[OH:.*]] :
// CHECK-NEXT: arith.remui %[[NH]], %[[OH]] :
// CHECK: arith.maximumf
// CHECK-NOT: wmma.mma
// CHECK-NOT: math.fma
// CHECK: gpu.return

// NCHW: rows = the output columns (grid x: OW / 256), z = N x C x OH.
// CHECK-LABEL: gpu.func @nchw_sum(
// CHECK-SAME: grid = ()[s0, s1, s2, s3, s4, s5] -> (s5 ceildiv 256, 1, (s3 * s4) * 24)
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-NEXT: %[[NC:.*]] = arith.divui %[[Z]], %[[OH:.*]] :
// CHECK-NEXT: arith.remui %[[Z]], %[[OH]] :
// CHECK-NEXT: arith.divui %[[NC]], %c24
// CHECK-NEXT: arith.remui %[[NC]], %c24
// CHECK: arith.addf {{.*}} : f32
// CHECK-NOT: arith.maximumf
// CHECK: gpu.return

// 3-D: four batch loops on z = N x OD x OH x OW.
// CHECK-LABEL: gpu.func @ndhwc_max(
// CHECK-SAME: grid = ()[s0, s1, s2, s3, s4, s5, s6, s7] -> (1, 1, ((s4 * s5) * s6) * s7)
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-NEXT: %[[A:.*]] = arith.divui %[[Z]], %[[OW:.*]] :
// CHECK-NEXT: arith.remui %[[Z]], %[[OW]] :
// CHECK-NEXT: %[[B:.*]] = arith.divui %[[A]], %[[OH:.*]] :
// CHECK-NEXT: arith.remui %[[A]], %[[OH]] :
// CHECK-NEXT: arith.divui %[[B]], %[[OD:.*]] :
// CHECK-NEXT: arith.remui %[[B]], %[[OD]] :
// CHECK: arith.maximumf
// CHECK: gpu.return

func.func @nhwc_max(%x: memref<?x?x?x24xf16>, %w: memref<3x3xf16>, %y: memref<?x?x?x24xf16>) {
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x24xf16>, memref<3x3xf16>) outs(%y : memref<?x?x?x24xf16>)
  return
}

func.func @nchw_sum(%x: memref<?x24x?x?xf16>, %w: memref<3x3xf16>, %y: memref<?x24x?x?xf32>) {
  linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x24x?x?xf16>, memref<3x3xf16>) outs(%y : memref<?x24x?x?xf32>)
  return
}

func.func @ndhwc_max(%x: memref<?x?x?x?x24xf32>, %w: memref<2x2x2xf32>, %y: memref<?x?x?x?x24xf32>) {
  linalg.pooling_ndhwc_max {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
    ins(%x, %w : memref<?x?x?x?x24xf32>, memref<2x2x2xf32>) outs(%y : memref<?x?x?x?x24xf32>)
  return
}
