// Poolings at run-time batch and spatial sizes: the output loops do not
// collapse into one M (ProblemCollapse.c needs static sizes), so as for a
// depthwise convolution at run-time sizes the VALU rows kernel takes the
// innermost output loop as its rows (grid x) and the others as batch
// loops on grid z (up to five: FE_MAX_BATCH), which the kernel splits
// back with divui/remui.  Static rows of at most 128 (a channels-last
// form's channels) share the workgroup with 256 / rows values of the
// innermost batch loop (the output columns, grid x): thread t the channel
// t % C of column t / C, so that 24 channels keep 240 threads busy, not
// 24.  A window of at most 16 taps is one unmasked step (K step = 9 for
// 3x3, 8 for 2x2x2), and a thread without an output skips it.  The
// remark says the wave count comes from the run-time sizes (no figure
// estimated from placeholder sizes).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s
// CHECK: remark: converted to a VALU kernel (template valu): linalg.pooling_nhwc_max: a pooling (maximumf over the window, no filter: nothing for WMMA to multiply); rows kernel: a thread walks K per output, 8 waves per workgroup of 240 outputs (24 rows x 10 of the innermost batch loop), the workgroups from the run-time sizes
// CHECK: remark: converted to a VALU kernel (template valu): linalg.pooling_nchw_sum: a pooling (addf over the window{{.*}} 8 waves per workgroup of 256 outputs (16 rows x 16 of the innermost batch loop), the workgroups
// CHECK: remark: converted to a VALU kernel (template valu): linalg.pooling_ndhwc_max: a pooling{{.*}} of 240 outputs (24 rows x 10 of the innermost batch loop)
// CHECK: remark: converted to a VALU kernel (template valu): linalg.generic: a pooling (maximumf{{.*}} of 240 outputs (24 rows x 10 of the innermost batch loop)
// CHECK: remark: converted to a VALU kernel (template valu): linalg.generic: a pooling (addf{{.*}} of 256 outputs (16 rows x 16 of the innermost batch loop), the workgroups
// CHECK-NOT: error

// NHWC: 10 output columns x the 24 channels per workgroup (grid x =
// ceil(OW / 10)), z = N x OH; the 3x3 window in one step of 9 taps.
// CHECK-LABEL: gpu.func @nhwc_max(
// CHECK-SAME: grid = ()[s0, s1, s2, s3, s4, s5] -> (s5 ceildiv 10, 1, s3 * s4)
// CHECK-SAME: template = "valu"
// CHECK-SAME: tile = [240, 1, 9]
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-NEXT: arith.divui %[[Z]], %[[OH:.*]] :
// CHECK-NEXT: arith.remui %[[Z]], %[[OH]] :
// CHECK-NEXT: %[[COL:.*]] = arith.divui %thread_id_x, %c24 : index
// CHECK-NEXT: arith.remui %thread_id_x, %c24 : index
// CHECK-NEXT: %[[X:.*]] = gpu.block_id  x
// CHECK-NEXT: %[[X0:.*]] = arith.muli %[[X]], %c10 : index
// CHECK-NEXT: %[[OW:.*]] = arith.addi %[[X0]], %[[COL]] : index
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[COL]], %c10 : index
// CHECK-NEXT: %[[INW:.*]] = arith.cmpi ult, %[[OW]], %{{.*}} : index
// CHECK-NEXT: %[[OK:.*]] = arith.andi %[[IN]], %[[INW]] : i1
// CHECK-NEXT: scf.if %[[OK]] {
// CHECK: scf.for %{{.*}} = %c0 to %c9 step %c9
// CHECK-NOT: arith.select
// CHECK-COUNT-9: arith.maximumf
// CHECK-NOT: arith.maximumf
// CHECK: scf.yield
// CHECK-NOT: wmma.mma
// CHECK-NOT: math.fma
// CHECK: gpu.return

// NCHW: rows = the output columns in blocks of 16 (grid x), beside 16
// output rows (grid y; no run-time division), z = N x C.
// CHECK-LABEL: gpu.func @nchw_sum(
// CHECK-SAME: grid = ()[s0, s1, s2, s3, s4, s5] -> (s5 ceildiv 16, s4 ceildiv 16, s3 * 24)
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-NEXT: arith.divui %[[Z]], %c24
// CHECK-NEXT: arith.remui %[[Z]], %c24
// CHECK-NEXT: arith.divui %thread_id_x, %c16
// CHECK-NEXT: arith.remui %thread_id_x, %c16
// CHECK: arith.addf {{.*}} : f32
// CHECK-NOT: arith.maximumf
// CHECK: gpu.return

// 3-D: the output columns beside the channels on x, three batch loops on
// z = N x OD x OH; the 2x2x2 window one step of 8.
// CHECK-LABEL: gpu.func @ndhwc_max(
// CHECK-SAME: grid = ()[s0, s1, s2, s3, s4, s5, s6, s7] -> (s7 ceildiv 10, 1, (s4 * s5) * s6)
// CHECK-SAME: tile = [240, 1, 8]
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-NEXT: %[[A:.*]] = arith.divui %[[Z]], %[[OH:.*]] :
// CHECK-NEXT: arith.remui %[[Z]], %[[OH]] :
// CHECK-NEXT: arith.divui %[[A]], %[[OD:.*]] :
// CHECK-NEXT: arith.remui %[[A]], %[[OD]] :
// CHECK-NEXT: arith.divui %thread_id_x, %c24 : index
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c8
// CHECK-COUNT-8: arith.maximumf
// CHECK: gpu.return

// Six output loops (a generic, once refused): the columns beside the 24
// channels on x, four batch loops on z.
// CHECK-LABEL: gpu.func @six_max(
// CHECK-SAME: grid = ()[{{.*}}] -> (s9 ceildiv 10, 1, ((s5 * s6) * s7) * s8)
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-COUNT-3: arith.divui
// CHECK: arith.divui %thread_id_x, %c24 : index
// CHECK: scf.for %{{.*}} = %c0 to %c3 step %c3
// CHECK-COUNT-3: arith.maximumf
// CHECK: gpu.return

// ... and with the channel at a run-time size too: no static rows to
// merge with: 16 channels (grid x) x 16 columns (grid y), four batch
// loops on z.
// CHECK-LABEL: gpu.func @six_sum(
// CHECK-SAME: grid = ()[{{.*}}] -> (s11 ceildiv 16, s10 ceildiv 16, ((s6 * s7) * s8) * s9)
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK-COUNT-3: arith.divui
// CHECK: arith.addf {{.*}} : f32
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

#in6 = affine_map<(n, g, d, h, w, c, k) -> (n, g, d, h, w + k, c)>
#win6 = affine_map<(n, g, d, h, w, c, k) -> (k)>
#out6 = affine_map<(n, g, d, h, w, c, k) -> (n, g, d, h, w, c)>
func.func @six_max(%x: memref<?x?x?x?x?x24xf32>, %w: memref<3xf32>, %y: memref<?x?x?x?x?x24xf32>) {
  linalg.generic {indexing_maps = [#in6, #win6, #out6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<?x?x?x?x?x24xf32>, memref<3xf32>) outs(%y : memref<?x?x?x?x?x24xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.maximumf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}

func.func @six_sum(%x: memref<?x?x?x?x?x?xf32>, %w: memref<3xf32>, %y: memref<?x?x?x?x?x?xf32>) {
  linalg.generic {indexing_maps = [#in6, #win6, #out6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<?x?x?x?x?x?xf32>, memref<3xf32>) outs(%y : memref<?x?x?x?x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}
