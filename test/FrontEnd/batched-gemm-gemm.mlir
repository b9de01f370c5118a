// (b) Batched GEMM-GEMM (examples/pipelines/batched-gemm-gemm.mlir, 4 items
// of 64x64x64 then x128): one workgroup of 4 waves per batch item (grid z),
// the intermediate in registers (chain_regs): each of A, B and C is read
// once, B and C shared by the waves through LDS (both stored with their
// columns innermost: transposed into LDS by WMMAs against the identity),
// the output written as row segments.
// RUN: wmma-opt %wmma_src/examples/pipelines/batched-gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefixes=REG,REG4
// RUN: wmma-opt %wmma_src/examples/pipelines/batched-gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=REG,REG3
// With staging=lds the intermediate goes through LDS instead (chain_lds, the
// template of intermediates too wide for registers): the waves compute the
// 64x64 intermediate tiles (K loop over K0), store them as f16 to LDS (8
// KiB), amdgpu.lds_barrier, then the output tiles with A fragments from LDS
// (K loop over N0).  Each wave iteration takes 4 row tiles at once (one B
// fragment per K step serves them all: the B panels are read once per
// block, not once per 16 rows), still one iteration per wave.
// RUN: wmma-opt %wmma_src/examples/pipelines/batched-gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds})' | FileCheck %s --check-prefixes=IR,IR4
// RUN: wmma-opt %wmma_src/examples/pipelines/batched-gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds})' | FileCheck %s --check-prefixes=IR,IR3
// RUN: wmma-opt %wmma_src/examples/pipelines/batched-gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA
// RUN: wmma-opt %wmma_src/examples/pipelines/batched-gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA

// REG: gpu.func @batched_gemm_gemm(
// REG-SAME: workgroup(%[[LA:.*]] : memref<2x64x40xf16, #gpu.address_space<workgroup>>, %[[LB:.*]] : memref<2x64x40xf16, #gpu.address_space<workgroup>>, %[[LC:.*]] : memref<1x64x72xf16, #gpu.address_space<workgroup>>)
// REG-SAME: grid = () -> (1, 1, 4), block = [128, 1, 1], lds = 29696
// REG-SAME: template = "chain_regs", {{.*}}tile = [64, 64, 32], waves = [4, 1], wave_tile = [1, 4]
// REG: %[[Z:.*]] = gpu.block_id z
// REG: vector.load %{{.*}}[%[[Z]], {{.*}}] : memref<4x64x64xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// REG: amdgpu.lds_barrier
// REG4: wmma.load <a, kcontig, #atom> %[[LB]]
// REG3: wmma.load <a, hw, #atom> %[[LB]]
// REG3: wmma.expand b #atom
// REG: scf.for %{{.*}} = %c0 to %c2 step %c1 {
// C1 (N contiguous) through the transposing copy: RDNA3 loads whole
// replicated rows of its 16x16 blocks.
// REG4: vector.load %{{.*}}[%[[Z]], {{.*}}] : memref<4x64x128xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// REG3: vector.load %{{.*}}[%[[Z]], {{.*}}] : memref<4x64x128xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<16xf16>
// REG: wmma.load <a, {{.*}}> %[[LC]]
// REG: vector.store %{{.*}}[%[[Z]], {{.*}}] : memref<4x64x128xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// REG-NOT: wmma.store

// IR: gpu.func @batched_gemm_gemm(%{{.*}}: memref<4x64x64xf16>, %{{.*}}: memref<4x64x64xf16>, %{{.*}}: memref<4x64x128xf16>, %{{.*}}: memref<4x64x128xf32>)
// IR-SAME: workgroup(%[[LDS:.*]] : memref<64x72xf16, #gpu.address_space<workgroup>>)
// IR-SAME: known_block_size = array<i32: 128, 1, 1>
// IR-SAME: wmma.launch = #wmma.launch<grid = () -> (1, 1, 4), block = [128, 1, 1], lds = 9216, roles = [input, input, input, output]
// IR-SAME: template = "chain_lds"
// No operand needs a clamp (no tails): chain_lds reads them all through
// global pointers, no buffer view (Kernel.c, kb_drop_unneeded_views).
// IR-NOT: amdgpu.fat_raw_buffer_cast
// IR: %[[B:.*]] = gpu.block_id z
// Phase 1: the waves share the 16 intermediate tiles, 4 column strips of
// 4 tiles.
// IR: scf.for %{{.*}} = %{{.*}} to %c4 step %c4 {
// IR: scf.for %{{.*}} = %c0 to %c64 step %c16 iter_args({{[^)]*}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// RDNA3 loads each fragment from global memory compact (every K value once
// per wave) and replicates it by wmma.expand (v_permlanex16).
// IR4-COUNT-4: wmma.load <a, kcontig, #atom> %arg0[%[[B]],
// IR3-COUNT-4: wmma.load <a, compact, #atom> %arg0[%[[B]],
// IR4: wmma.load <b, kcontig, #atom>
// IR3: wmma.load <b, compact, #atom>
// IR3: wmma.expand b
// IR-NOT: wmma.load
// IR-COUNT-4: wmma.mma
// IR: arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// IR3: vector.shuffle
// The intermediate's rows padded to 72 columns and their 32-byte units
// swizzled by the lane's row bit (ChainLds.c): no LDS bank conflicts.
// IR: arith.xori
// IR: wmma.store <d, hw, #atom1> %{{.*}}, %[[LDS]]
// IR: amdgpu.lds_barrier
// Phase 2: 32 output tiles, 8 column strips of 4, one B fragment per K
// step; the block's A strip (16 fragments: 4 row tiles x 4 K steps) read
// from LDS once per wave before the loop over the strips and held in
// registers, the K loop unrolled (ChainLds.c, strip_in_registers).
// IR: arith.xori
// IR4-COUNT-16: wmma.load <a, kcontig, #atom> %[[LDS]]
// IR3-COUNT-16: wmma.load <a, hw, #atom> %[[LDS]]
// IR: scf.for %{{.*}} = %{{.*}} to %c8 step %c4 {
// IR-NOT: wmma.load <a
// IR4: wmma.load <b, kcontig, #atom>
// IR3: wmma.load <b, compact, #atom>
// IR3: wmma.expand b
// IR: wmma.mma
// IR-NOT: wmma.load <a
// IR-COUNT-4: wmma.store <d, hw, #atom> %{{.*}}, %arg3[%[[B]],
// IR-NOT: wmma.store

// ISA-LABEL: batched_gemm_gemm:
// ISA: v_wmma_f32_16x16x16_f16
// ISA: ds_store
// ISA: s_barrier
// ISA: ds_load
// ISA: v_wmma_f32_16x16x16_f16
// ISA: global_store
// ISA: .group_segment_fixed_size: 9216
