// (e) Technique 4: the GEMM template staged through LDS with a 128x128
// workgroup tile (examples/pipelines/gemm-tiled.mlir, 512x512x256 f16, scale
// + bias + relu): 2x2 waves of 4x4 WMMA tiles, two LDS buffers per operand,
// the next K slice loaded from global memory before the WMMAs of the current
// one and written to the other buffer after them, one LDS-only barrier per K
// step (amdgpu.lds_barrier: no vector-cache invalidation in the ISA), a
// runtime loop over all slices but the last (peeled), the epilogue on the 16
// accumulators in registers.  The tile is forced here (tile-m/tile-n); at
// this size the cost rule prefers 64x64 tiles (more workgroups than CUs).
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tile-m=128 tile-n=128})' | FileCheck %s --check-prefixes=IR,IR4
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 tile-m=128 tile-n=128})' | FileCheck %s --check-prefixes=IR,IR3
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tile-m=128 tile-n=128},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefixes=ISA,ISA4 --implicit-check-not=scratch_ --implicit-check-not=global_inv --implicit-check-not=buffer_gl --implicit-check-not=ds_store_b16 --implicit-check-not=ds_store_b8
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 tile-m=128 tile-n=128},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefixes=ISA,ISA3 --implicit-check-not=scratch_ --implicit-check-not=global_inv --implicit-check-not=buffer_gl --implicit-check-not=ds_store_b16 --implicit-check-not=ds_store_b8
// The cost rule's own choice at this size.
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=AUTO
// B given as N x K (gemm-epilogue.mlir, 128x128x64 bf16): the LDS tile is
// copied without transposition (vector stores only, no transposing WMMA).
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-epilogue.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds})' | FileCheck %s --check-prefix=BT
// staging=registers (or tiled=false) keeps every wave on its own fragments.
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tiled=false})' | FileCheck %s --check-prefix=OFF
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=registers})' | FileCheck %s --check-prefix=OFF

// IR-LABEL: gpu.func @gemm_tiled(
// LDS rows of 32 K padded to 40 (LdsLayout.c: conflict-free fragment reads).
// IR-SAME: workgroup(%[[LA:.*]] : memref<2x128x40xf16, #gpu.address_space<workgroup>>, %[[LB:.*]] : memref<2x128x40xf16, #gpu.address_space<workgroup>>)
// IR-SAME: known_block_size = array<i32: 128, 1, 1>
// IR-SAME: wmma.launch = #wmma.launch<grid = () -> (4, 4, 1), block = [128, 1, 1], lds = 40960
// IR-SAME: template = "gemm", {{.*}}staging = lds, tile = [128, 128, 32], waves = [2, 2], wave_tile = [4, 4], {{.*}}tails = [false, false, false]
// IR: %[[A:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// IR: %[[B:.*]] = amdgpu.fat_raw_buffer_cast %arg1

// One zero accumulator (CSE) starts all 16 tiles; the identity B operand of
// the WMMA that transposes B (K x N in memory) on its way into LDS.
// IR: wmma.fill <c, hw, #atom>
// IR-NOT: wmma.fill <c, hw, #atom>
// IR: %[[ID:.*]] = vector.from_elements {{.*}} : vector<[[IDN:8|16]]xf16>
// IR4: %[[Z:.*]] = wmma.fill <c, hw, #atom1> {{.*}} : f16 -> vector<8xf16>
// RDNA3's WMMA takes no inline zero: made in VGPRs once, not 8 SGPRs
// copied into VGPRs at each use (Kernel.c's kb_fill_zero_vgprs).
// IR3: %[[F:.*]] = wmma.fill <c, hw, #atom1> {{.*}} : f16 -> vector<16xf16>
// IR3-NEXT: %[[Z:.*]] = llvm.inline_asm "", "=v,0" %[[F]]
// Prologue: slice 0 -> buffer 0.  A (K contiguous): 16-byte chunks; B: half
// a row of a 16x16 block per lane on RDNA4; RDNA3 loads its replicated
// row whole (16 elements, no v_permlanex16) and transposes pairs of blocks
// of consecutive K into the two OPSEL halves of one accumulator (#atom2,
// opsel 1), stored as 16 consecutive K per lane (no packing) in two
// 16-byte halves.
// IR-COUNT-4: vector.load %[[A]][{{.*}}] : memref<512x256xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// IR4-COUNT-4: vector.load %[[B]][{{.*}}] : memref<256x512xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// IR3-COUNT-4: vector.load %[[B]][{{.*}}] : memref<256x512xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<16xf16>
// B is stored before A (GemmLds.c's b_first: A's stores then need no
// memory-counter wait of their own).
// IR: %[[P:.*]] = wmma.mma #atom1 %{{.*}}, %[[ID]], %[[Z]]
// IR4: vector.store %{{.*}}, %[[LB]][%c0, {{.*}}] : memref<2x128x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// IR3-NEXT: %[[Q:.*]] = wmma.mma #atom2 %{{.*}}, %[[ID]], %[[P]]
// IR3-NEXT: %[[Q0:.*]] = vector.shuffle %[[Q]], %[[Q]] [0, 1, 2, 3, 4, 5, 6, 7]
// IR3-NEXT: vector.store %[[Q0]], %[[LB]][%c0, {{.*}}] : memref<2x128x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// IR3-NEXT: arith.addi
// IR3-NEXT: %[[Q1:.*]] = vector.shuffle %[[Q]], %[[Q]] [8, 9, 10, 11, 12, 13, 14, 15]
// IR3-NEXT: vector.store %[[Q1]], %[[LB]][%c0, {{.*}}] : memref<2x128x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// IR-COUNT-4: vector.store %{{.*}}, %[[LA]][%c0, {{.*}}] : memref<2x128x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// IR-NOT: memref.store
// IR: amdgpu.lds_barrier

// Slice 0 first, from buffer 0, prefetching slice 1 into buffer 1: the
// loop runs two slices per trip (unrolled by the two buffers, so that each
// slice's buffer is a constant: Pipelined.c), and its odd iteration comes
// before it.
// IR: wmma.load <b, {{.*}}> %[[LA]][%c0,
// IR: vector.store %{{.*}}, %[[LA]][%c1,
// IR: amdgpu.lds_barrier
// The runtime loop over slices 1..6, each prefetching the next (the 8th is
// peeled), with a 32-bit counter.  Three trips: LLVM unrolls the loop
// whole, so the copies add each slice's (then constant) K to the lanes'
// indices, which folds into the loads' immediate offsets, instead of
// taking it as a scalar offset (LdsCopy.c, Pipelined.c).
// IR: scf.for %[[S:.*]] = %c1_i32 to %c7_i32 step %c2_i32 iter_args({{.*}}) -> ({{(vector<8xf32>, ){15}vector<8xf32>}}) : i32 {
// IR-NOT: arith.remui
// Prefetch of slice s + 1 first ...
// IR-NOT: wmma.mma
// IR-COUNT-4: vector.load %[[A]]
// IR-NOT: wmma.mma
// IR-COUNT-4: vector.load %[[B]]
// ... then the 2 x 16 WMMAs of slice s from buffer 1 ...
// The product is computed swapped (B^T A^T, so that each lane ends with a
// row segment of the output): A's tile is read as the B operand, B's as A.
// IR4: wmma.load <b, kcontig, transposed, #atom> %[[LA]][%c1, {{.*}}, %c0] {{.*}} -> vector<8xf16>
// IR4: wmma.load <a, kcontig, #atom> %[[LB]][%c1, {{.*}}, %c0] {{.*}} -> vector<8xf16>
// IR3: wmma.load <b, hw, transposed, #atom> %[[LA]][%c1, {{.*}}, %c0] {{.*}} -> vector<16xf16>
// IR3: wmma.load <a, hw, #atom> %[[LB]][%c1, {{.*}}, %c0] {{.*}} -> vector<16xf16>
// IR-COUNT-16: wmma.mma #atom %
// IR-NOT: wmma.mma
// IR: rocdl.sched.barrier 0
// IR-NOT: vector.load %
// IR: wmma.load <b, {{.*}}> %[[LA]][%c1, {{.*}}, %c16]
// IR-COUNT-16: wmma.mma #atom %
// ... then slice s + 1 into buffer 0 (B through 4 transposing WMMAs: two
// pairs on RDNA3) before A, and one barrier.
// IR4-COUNT-4: wmma.mma #atom1 %{{.*}}, %[[ID]], %[[Z]]
// IR3: wmma.mma #atom1 %{{.*}}, %[[ID]], %[[Z]]
// IR3-NEXT: wmma.mma #atom2 %{{.*}}, %[[ID]], %
// IR3: vector.store %{{.*}}, %[[LB]][%c0,
// IR3: wmma.mma #atom1 %{{.*}}, %[[ID]], %[[Z]]
// IR3-NEXT: wmma.mma #atom2 %{{.*}}, %[[ID]], %
// IR: vector.store %{{.*}}, %[[LB]][%c0,
// IR: vector.store %{{.*}}, %[[LA]][%c0,
// IR-NOT: wmma.mma #atom %
// IR: amdgpu.lds_barrier
// Slice s + 1 from buffer 0, slice s + 2 stored into buffer 1.
// IR-COUNT-4: vector.load %[[A]]
// IR: wmma.load <b, {{.*}}> %[[LA]][%c0, {{.*}}, %c0]
// IR-COUNT-32: wmma.mma #atom %
// IR: vector.store %{{.*}}, %[[LB]][%c1,
// IR: vector.store %{{.*}}, %[[LA]][%c1,
// IR-NOT: wmma.mma #atom %
// IR: amdgpu.lds_barrier
// IR-NEXT: scf.yield
// IR-NEXT: }
// The last slice (7) from buffer 1, no prefetch, no barrier.
// IR-NOT: vector.load %[[A]]
// IR: wmma.load <b, {{.*}}> %[[LA]][%c1,
// IR-COUNT-32: wmma.mma
// IR-NOT: amdgpu.lds_barrier
// Epilogue in registers on row segments: the bias read and the result
// written as 8-element vectors, 16 unmasked stores (no tails at this shape);
// the scalar argument multiplies each element (no 8-wide splat, which LLVM
// would hoist as 8 SGPR copies: gemm-gemm-sgpr.test).
// IR-NOT: vector.broadcast %arg4
// IR: arith.mulf %{{.*}}, %arg4 : f32
// IR: vector.load %{{.*}} : memref<512x512xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// IR: arith.maximumf
// IR-COUNT-16: vector.store %{{.*}} : memref<512x512xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// IR-NOT: vector.store
// IR-NOT: wmma.store
// IR: gpu.return

// ISA-LABEL: gemm_tiled:
// The prologue: 128-bit loads and LDS stores only (no ds_store_b16 anywhere,
// implicit check), then the LDS-only barrier: a wait for the LDS stores and
// s_barrier, no global_inv / buffer_gl0_inv / buffer_gl1_inv (implicit checks).
// ISA: buffer_load_b128
// ISA: ds_store_b128
// ISA4: s_wait_dscnt 0x0
// ISA4-NEXT: s_barrier_signal -1
// ISA4-NEXT: s_barrier_wait -1
// ISA3: s_waitcnt lgkmcnt(0)
// ISA3-NEXT: s_barrier
// The loop body: the prefetch first (RDNA3: B's replicated rows whole, 8
// loads), then (in the machine scheduler's order) the WMMAs fed by 128-bit
// LDS reads, 4 WMMAs transposing B and 8 128-bit LDS stores of the next
// slice (to the other buffer), the barrier.
// ISA: .LBB0_[[L:[0-9]+]]:
// ISA4-COUNT-8: buffer_load_b128
// ISA3-COUNT-12: buffer_load_b128
// ISA-NOT: v_wmma
// ISA: ds_load_b128
// ISA-DAG: v_wmma_f16_16x16x16_f16
// ISA-DAG: v_wmma_f16_16x16x16_f16
// ISA-DAG: v_wmma_f16_16x16x16_f16
// ISA-DAG: v_wmma_f16_16x16x16_f16
// ISA-DAG: ds_store_b128
// ISA-DAG: ds_store_b128
// ISA-DAG: ds_store_b128
// ISA-DAG: ds_store_b128
// ISA-DAG: ds_store_b128
// ISA-DAG: ds_store_b128
// ISA-DAG: ds_store_b128
// ISA-DAG: ds_store_b128
// ISA4: s_barrier_wait -1
// ISA3: s_barrier
// ISA: s_cbranch_{{.*}} .LBB0_[[L]]
// The peeled last slice, then the epilogue's 128-bit stores.
// ISA-COUNT-32: v_wmma_f32_16x16x16_f16
// ISA-NOT: v_wmma
// ISA-COUNT-32: buffer_store_b128
// ISA-NOT: buffer_store
// ISA: s_endpgm
// ISA: .private_segment_fixed_size: 0
// ISA: .vgpr_spill_count: 0

// AUTO-LABEL: gpu.func @gemm_tiled(
// AUTO-SAME: workgroup({{.*}} : memref<2x64x40xf16, #gpu.address_space<workgroup>>, {{.*}} : memref<2x64x40xf16, #gpu.address_space<workgroup>>)
// AUTO-SAME: grid = () -> (8, 8, 1)
// AUTO-SAME: tile = [64, 64, 32], {{.*}}wave_tile = [2, 2]

// BT-LABEL: gpu.func @gemm_bias_relu(
// BT-SAME: workgroup({{.*}} : memref<2x{{64|128}}x40xbf16, #gpu.address_space<workgroup>>, {{.*}} : memref<2x{{64|128}}x40xbf16, #gpu.address_space<workgroup>>)
// BT-SAME: staging = lds
// BT-NOT: memref.store
// BT: vector.load %{{.*}}[{{.*}}] : memref<128x64xbf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xbf16>
// BT: wmma.load <b, kcontig, transposed, #atom> %arg{{[0-9]+}}[
// BT: vector.store %{{.*}}, %arg{{[0-9]+}}[
// BT-NOT: memref.store
// BT-NOT: #atom1
// BT: gpu.return

// OFF-LABEL: gpu.func
// OFF-NOT: workgroup(
// OFF-SAME: lds = 0
// OFF-SAME: staging = registers
// OFF-NOT: amdgpu.lds_barrier
