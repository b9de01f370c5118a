// The decode template's K range when no split divides the K iterations
// (Templates/DecodeSplit.c, fe_decode_k_range): n = base T + r iterations
// over T = S P slices, slice t starting at iteration t base + max(t, T - r)
// - (T - r) -- the last r slices take one more -- and ending where slice
// t + 1 starts (clamped to K).  K = 4100 f16: 257 steps of 16; on gfx1201
// 32 slices (base 8, r 1: slices 0..30 take 8 steps, slice 31 takes 9), on
// gfx1100 32 in 128-column blocks (the plan by the modelled time,
// Schedule/DecodeCost.c: one launch, not 32 x 2 workgroups and a combine).
// W4A16 group 128: 33 iterations of 128 over 32 slices (base 1, r 1); on
// gfx1100 at M = 3, 16 waves x 3 workgroups (65 iterations of 64 over 48
// slices: base 1, r 17).  The cost rule keeps the 256-column blocks of
// K = 4096.  And a pinned schedule's k_parts
// (#wmma.schedule): 4 workgroups along K where the rule takes 1.
// RUN: wmma-opt %S/Inputs/llm-uneven-f16-m1.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s --check-prefix=R4
// RUN: wmma-opt %S/Inputs/llm-uneven-f16-m1.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s --check-prefix=R3
// RUN: wmma-opt %S/Inputs/llm-uneven-w4-m3.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s --check-prefix=W4
// RUN: wmma-opt %S/Inputs/llm-uneven-w4-m3.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s --check-prefix=W3
// RUN: wmma-opt %S/Inputs/llm-uneven-pin-p4.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s --check-prefix=PIN

// R4: remark: decode GEMM (template decode): {{.*}} column blocks of 256 {{.*}} K split 32 ways across the waves of a workgroup, partial sums added in order through LDS: 512 waves, 8.0 per CU
// R4-LABEL: gpu.func @gemv(
// R4-SAME: grid = () -> (16, 1, 1), block = [1024, 1, 1]
// R4-SAME: tile = [16, 256, 16], waves = [32, 1], wave_tile = [1, 16]
// R4-NOT: k_parts
// R4: %[[W:.*]] = arith.divui %thread_id_x, %c32 : index
// Slice t = wave: iterations [8t + max(t, 31) - 31, 8(t+1) + max(t+1, 31) - 31).
// R4: %[[B0:.*]] = arith.muli %[[W]], %c8 : index
// R4: %[[X0:.*]] = arith.maxui %[[W]], %c31 : index
// R4: %[[E0:.*]] = arith.subi %[[X0]], %c31 : index
// R4: %[[C0:.*]] = arith.addi %[[B0]], %[[E0]] : index
// R4: %[[T1:.*]] = arith.addi %[[W]], %c1 : index
// R4: %[[B1:.*]] = arith.muli %[[T1]], %c8 : index
// R4: %[[X1:.*]] = arith.maxui %[[T1]], %c31 : index
// R4: %[[E1:.*]] = arith.subi %[[X1]], %c31 : index
// R4: %[[C1:.*]] = arith.addi %[[B1]], %[[E1]] : index
// R4: %[[L:.*]] = arith.muli %[[C0]], %c16 : index
// R4: arith.minui %[[L]], %c4100 : index
// R4: %[[H:.*]] = arith.muli %[[C1]], %c16 : index
// R4: arith.minui %[[H]], %c4100 : index

// R3: remark: decode GEMM (template decode): {{.*}} column blocks of 128 {{.*}} K split 32 ways across the waves of a workgroup, partial sums added in order through LDS: 1024 waves, 10.7 per CU
// R3-LABEL: gpu.func @gemv(
// R3-SAME: tile = [16, 128, 16], waves = [32, 1], wave_tile = [1, 8]
// R3-NOT: k_parts
// R3: %[[W:.*]] = arith.divui %thread_id_x, %c32 : index
// R3: arith.muli %[[W]], %c8 : index
// R3: arith.maxui %[[W]], %c31 : index

// Slice t = 16 y + wave of 48: base 1, the last 17 slices one more.
// W3: remark: decode GEMM (template decode): {{.*}} column blocks of 256 {{.*}} K split 16 ways across the waves of a workgroup and 3 ways across workgroups
// W3-LABEL: gpu.func @gemv(
// W3-SAME: tile = [16, 256, 64], waves = [16, 1], wave_tile = [1, 16]{{.*}}k_parts = 3>
// W3: %[[Y:.*]] = arith.muli %block_id_y, %c16 : index
// W3: %[[T:.*]] = arith.addi %[[Y]], %{{.*}} : index
// W3: arith.maxui %[[T]], %c31 : index
// W3: arith.muli %{{.*}}, %c64 : index
// W3: arith.minui %{{.*}}, %c4100 : index
// W3-LABEL: gpu.func @gemv_combine(
// W3-SAME: k_parts = 3

// W4: remark: decode GEMM (template decode): {{.*}} column blocks of 256 {{.*}} K split 32 ways across the waves of a workgroup, partial sums added in order through LDS: 512 waves
// W4-LABEL: gpu.func @gemv(
// W4-SAME: tile = [16, 256, 128], waves = [32, 1], wave_tile = [1, 16]
// W4: %[[W:.*]] = arith.divui %thread_id_x, %c32 : index
// W4: arith.maxui %[[W]], %c31 : index
// W4: arith.muli %{{.*}}, %c128 : index
// W4: arith.minui %{{.*}}, %c4100 : index

// PIN: remark: decode GEMM (template decode): {{.*}} column blocks of 256 {{.*}} K split 16 ways across the waves of a workgroup and 4 ways across workgroups (f32 partials through a workspace, added in part order by a second kernel){{.*}}: 1024 waves, 16.0 per CU
// PIN-LABEL: gpu.func @gemv(
// PIN-SAME: %arg3: memref<4x1x4095xf32>)
// PIN-SAME: grid = () -> (16, 4, 1), block = [512, 1, 1]
// PIN-SAME: waves = [16, 1], wave_tile = [1, 16]{{.*}}k_parts = 4>
// PIN: arith.maxui %{{.*}}, %c63 : index
// PIN-LABEL: gpu.func @gemv_combine(
// PIN-SAME: grid = () -> (256, 1, 1), block = [32, 1, 1]
// PIN-LABEL: func.func @gemv(
// PIN-SAME: attributes {wmma.program = 2 : i64}
// PIN: memref.alloc() : memref<4x1x4095xf32>
// PIN: gpu.launch_func  @gemv_module::@gemv blocks in (%c16, %c4, %c1)
// PIN: gpu.launch_func  @gemv_module::@gemv_combine blocks in (%c256, %c1, %c1)
