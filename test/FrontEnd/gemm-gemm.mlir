// (a) GEMM-GEMM (examples/pipelines/gemm-gemm.mlir, M = 128, K0 = N0 = 64,
// N1 = 128) with the intermediate in registers (chain_regs): one workgroup
// of 8 waves, one 16-row strip each, so that A0, B0, B1 and C1 are each read
// from global memory once.  The first product goes through LDS in 32-wide K
// slices (A0 as it is, B0 -- stored K x N0 -- transposed into LDS by a WMMA
// against the identity), computed swapped so that each accumulator holds a
// row segment of the intermediate, which (scaled, truncated) is the B
// operand of the second product, computed swapped too: as it is on RDNA4,
// expanded by v_permlanex16 on RDNA3.  B1 goes through LDS in blocks of 64
// columns; the epilogue reads C1 and writes D1 as 8-element row segments.
// This is chain_regs's 8-wave kernel, asked for (staging=registers,
// 8 waves): left to the modelled time the shape takes chain_lds's 16-row
// blocks (8 workgroups instead of one; explain-cost-chain-regs.mlir).
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=registers waves-per-workgroup=8})' | FileCheck %s --check-prefixes=IR,IR4
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=registers waves-per-workgroup=8})' | FileCheck %s --check-prefixes=IR,IR3
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=registers waves-per-workgroup=8},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefixes=ISA,ISA4 --implicit-check-not=scratch_ --implicit-check-not=global_inv --implicit-check-not=buffer_gl --implicit-check-not=ds_store_b16
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=registers waves-per-workgroup=8},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefixes=ISA,ISA3 --implicit-check-not=scratch_ --implicit-check-not=global_inv --implicit-check-not=buffer_gl --implicit-check-not=ds_store_b16

// IR: module attributes {gpu.container_module}
// IR4: gpu.module @gemm_gemm_module [#rocdl.target<chip = "gfx1201">]
// IR3: gpu.module @gemm_gemm_module [#rocdl.target<chip = "gfx1100">]
// IR: gpu.func @gemm_gemm(%{{.*}}: memref<128x64xf16>, %{{.*}}: memref<64x64xf16>, %{{.*}}: memref<64x128xf16>, %{{.*}}: memref<128x128xf32>, %{{.*}}: memref<128x128xf32>, %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32)
// LDS: A0 and B0 slices (ping-pong), one B1 block of 64 columns x N0.
// IR-SAME: workgroup(%[[LA:.*]] : memref<2x128x40xf16, #gpu.address_space<workgroup>>, %[[LB:.*]] : memref<2x64x40xf16, #gpu.address_space<workgroup>>, %[[L1:.*]] : memref<1x64x72xf16, #gpu.address_space<workgroup>>)
// IR-SAME: known_block_size = array<i32: 256, 1, 1>
// IR-SAME: wmma.launch = #wmma.launch<grid = () -> (1, 1, 1), block = [256, 1, 1], lds = 39936, roles = [input, input, input, input, output, input, input, input], host = [0, 1, 2, 3, 4, 5, 6, 7], dims = [128, 64, 64, 64, 64, 128, 128, 128, 128, 128]>
// IR-SAME: template = "chain_regs", {{.*}}staging = lds, tile = [128, 64, 32], waves = [8, 1], wave_tile = [1, 4], {{.*}}tails = [false, false, false]
// Every buffer is read and written through a bounds-checked fat buffer.
// IR: %[[A0:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// IR: %[[B0:.*]] = amdgpu.fat_raw_buffer_cast %arg1
// IR: %[[B1:.*]] = amdgpu.fat_raw_buffer_cast %arg2
// IR: %[[C1:.*]] = amdgpu.fat_raw_buffer_cast %arg3
// IR: %[[D1:.*]] = amdgpu.fat_raw_buffer_cast %arg4
// First product: slice 0 of A0 and B0 into LDS (B0 through the transposing
// WMMA, stored before A0: GemmLds.c's b_first), the barrier, then B0's tiles as A operands and the strip of A0 as
// the B operand (swapped).
// IR: vector.load %[[A0]]
// IR: vector.load %[[B0]]
// IR: wmma.mma #atom1
// IR: vector.store %{{.*}}, %[[LB]][%c0,
// IR: vector.store %{{.*}}, %[[LA]][%c0,
// IR: amdgpu.lds_barrier
// IR4: wmma.load <b, kcontig, transposed, #atom> %[[LA]]
// IR4: wmma.load <a, kcontig, #atom> %[[LB]]
// IR3: wmma.load <b, hw, transposed, #atom> %[[LA]]
// IR3: wmma.load <a, hw, #atom> %[[LB]]
// IR: wmma.mma #atom
// The last slice, then the intermediate: a0 scaling and truncation on each
// of the strip's 4 row segments (RDNA3: expanded to the replicated operand).
// IR: rocdl.sched.barrier 0
// IR: arith.mulf
// IR: arith.truncf {{.*}} : vector<8xf32> to vector<8xf16>
// IR3: wmma.expand b #atom {{.*}} : vector<8xf16> -> vector<16xf16>
// IR-NOT: wmma.relayout
// Second product: a loop over 2 blocks of B1, each loaded into registers,
// one barrier, transposed into LDS, another barrier; 4 output tiles of 4
// WMMAs each with B1's fragments as A operands.
// IR: scf.for %{{.*}} = %c0 to %c2 step %c1 {
// IR: vector.load %[[B1]]
// IR: amdgpu.lds_barrier
// IR: wmma.mma #atom1
// IR: vector.store %{{.*}}, %[[L1]][%c0,
// IR: amdgpu.lds_barrier
// IR: wmma.load <a, {{.*}}> %[[L1]][%c0, %c0, %c0]
// IR-COUNT-4: wmma.mma #atom
// The epilogue on row segments: C1 read, D1 written as vectors.
// IR: vector.load %[[C1]][{{.*}}] : memref<128x128xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// IR: vector.store %{{.*}}, %[[D1]][{{.*}}] : memref<128x128xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// IR-COUNT-3: vector.store %{{.*}}, %[[D1]]
// IR-NOT: vector.store %{{.*}}, %[[D1]]
// IR-NOT: wmma.store
// IR: gpu.return
// The caller-facing function keeps its signature and launches the kernel.
// IR: func.func @gemm_gemm(%arg0: memref<128x64xf16>, %arg1: memref<64x64xf16>, %arg2: memref<64x128xf16>, %arg3: memref<128x128xf32>, %arg4: memref<128x128xf32>, %arg5: f32, %arg6: f32, %arg7: f32) {
// IR-NOT: linalg.
// IR: gpu.launch_func @gemm_gemm_module::@gemm_gemm blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) args(%arg0 : memref<128x64xf16>, %arg1 : memref<64x64xf16>, %arg2 : memref<64x128xf16>, %arg3 : memref<128x128xf32>, %arg4 : memref<128x128xf32>, %arg5 : f32, %arg6 : f32, %arg7 : f32)
// IR-NEXT: return

// Machine code: 128-bit global loads, 128-bit LDS stores (no 16-bit ones), LDS-only
// barriers (no cache invalidation), and the results stored as two 128-bit
// stores per tile (4 tiles per B1 block).  RDNA4 needs no cross-lane
// instruction; RDNA3 uses v_permlanex16 (4 per intermediate tile; B0's and
// B1's transposing copies load their replicated rows whole), never
// ds_bpermute.
// ISA-LABEL: gemm_gemm:
// ISA-NOT: {{ds_bpermute|global_store|buffer_store_b32|buffer_store_b64}}
// ISA: buffer_load_b128
// ISA: ds_store_b128
// ISA4-NOT: v_permlane
// ISA: v_wmma_f32_16x16x16_f16
// ISA3: v_permlanex16_b32
// ISA: .LBB0_[[L:[0-9]+]]:
// ISA-COUNT-8: buffer_store_b128
// ISA: s_cbranch_{{.*}} .LBB0_[[L]]
// ISA-NOT: {{ds_bpermute|global_store|buffer_store}}
// ISA: s_endpgm
// ISA: .vgpr_spill_count: 0
