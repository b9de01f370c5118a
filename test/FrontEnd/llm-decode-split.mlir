// The decode template's K split across workgroups (Templates/DecodeSplit.c,
// Pass/ConvertSplit.c): a W4A16 layer at M = 4, K = 4096, odd N = 2047 is a
// program of two kernels.  @gemv: P = 2 workgroups per column block (block
// y), each taking half of K across its 32 waves, wave 0 storing its f32 sums
// to the workspace at [part, row, column] (rows past M and columns past N
// sent past the buffer's end); @gemv_combine: one wave per 16-column tile
// starts from the initial accumulator, adds part 0 then part 1
// (deterministic) and stores.  The cost rule takes the split where it loads
// fewer bytes than narrower column blocks: column blocks of 256 (gfx1201,
// 8 x 2 workgroups of 32 waves: 8 per CU of 64 CUs) or 128 (gfx1100, 16 x 2:
// 10.7 per CU of 96), the activations read 8 or 16 times instead of 16 or 32.
// RUN: wmma-opt %S/Inputs/llm-split-m4.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s --check-prefixes=CHECK,R4
// RUN: wmma-opt %S/Inputs/llm-split-m4.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s --check-prefixes=CHECK,R3

// R4: remark: decode GEMM (template decode): {{.*}} column blocks of 256 {{.*}} K split 32 ways across the waves of a workgroup and 2 ways across workgroups (f32 partials through a workspace, added in part order by a second kernel){{.*}}: 512 waves, 8.0 per CU of the largest gfx1201 part (64 CUs)
// R3: remark: decode GEMM (template decode): {{.*}} column blocks of 128 {{.*}} K split 32 ways across the waves of a workgroup and 2 ways across workgroups (f32 partials through a workspace, added in part order by a second kernel){{.*}}: 1024 waves, 10.7 per CU of the largest gfx1100 part (96 CUs)

// CHECK-LABEL: gpu.func @gemv(
// CHECK-SAME: %arg3: memref<4x2047xf32>, %arg4: memref<2x4x2047xf32>)
// R4-SAME: grid = () -> (8, 2, 1), block = [1024, 1, 1]
// R3-SAME: grid = () -> (16, 2, 1), block = [1024, 1, 1]
// CHECK-SAME: roles = [input, input, input, input, output]
// R4-SAME: tile = [16, 256, 64], waves = [32, 1], wave_tile = [1, 16]
// R3-SAME: tile = [16, 128, 64], waves = [32, 1], wave_tile = [1, 8]
// CHECK: %[[WS:.*]] = amdgpu.fat_raw_buffer_cast %arg4
// CHECK: gpu.block_id  y
// CHECK: wmma.mma
// The partial sums, never the output.
// CHECK-NOT: wmma.store
// CHECK-COUNT-8: memref.store %{{.*}}, %[[WS]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x4x2047xf32
// CHECK-NOT: wmma.store
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @gemv_combine(
// CHECK-SAME: grid = () -> (128, 1, 1), block = [32, 1, 1], lds = 0, roles = [input, input, input, output, input]
// CHECK: %[[OUT:.*]] = amdgpu.fat_raw_buffer_cast %arg3
// CHECK: %[[W:.*]] = amdgpu.fat_raw_buffer_cast %arg4
// CHECK: %[[INIT:.*]] = wmma.fill
// CHECK: arith.select %{{.*}}, %c0, %c6 : index
// CHECK-COUNT-8: memref.load %[[W]]
// CHECK: %[[P0:.*]] = arith.addf %[[INIT]], %{{.*}} : vector<8xf32>
// CHECK: arith.select %{{.*}}, %c1, %c6 : index
// CHECK-COUNT-8: memref.load %[[W]]
// CHECK: %[[P1:.*]] = arith.addf %[[P0]], %{{.*}} : vector<8xf32>
// CHECK: wmma.store <d, hw, #atom> %[[P1]], %[[OUT]]
// CHECK: gpu.return

// The host: the workspace, the two launches in order.
// CHECK-LABEL: func.func @gemv(
// CHECK-SAME: attributes {wmma.program = 2 : i64}
// CHECK: %[[A:.*]] = memref.alloc() : memref<2x4x2047xf32>
// CHECK: gpu.launch_func  @gemv_module::@gemv blocks in
// CHECK-SAME: %[[A]] : memref<2x4x2047xf32>)
// CHECK: gpu.launch_func  @gemv_module::@gemv_combine blocks in
// CHECK-SAME: %[[A]] : memref<2x4x2047xf32>)
// CHECK: memref.dealloc %[[A]]
