// (e) Technique 4: a single GEMM whose shape allows it (M, N multiples of
// 128, K of 32) becomes the LDS-staged tiled kernel
// (examples/pipelines/gemm-tiled.mlir, 512x512x256 f16, scale + bias + relu):
// 2x2 waves of 4x4 WMMA tiles per 128x128 block, two LDS buffers per operand,
// the next K slice loaded from global memory before the WMMAs of the current
// one and written to the other buffer after them, one barrier per K step, a
// runtime K loop over all slices but the last (peeled), the epilogue on the
// 16 accumulators in registers.
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefixes=IR,IR4
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=IR,IR3
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefixes=ISA,ISA4 --implicit-check-not=scratch_
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefixes=ISA,ISA3 --implicit-check-not=scratch_
// B given as N x K (gemm-epilogue.mlir, 128x128x64 bf16): the LDS tile is
// copied without transposition (vector stores only).
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-epilogue.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=BT
// tiled=false keeps one wave per 16x16 tile.
// RUN: wmma-opt %wmma_src/examples/pipelines/gemm-tiled.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tiled=false})' | FileCheck %s --check-prefix=OFF
// Shapes that are not multiples of 128 / 32 keep the per-tile kernel.
// RUN: wmma-opt %wmma_src/test/EndToEnd/epilogue-bias-relu-bf16-48x64x32.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=OFF

// IR-LABEL: gpu.func @gemm_tiled(
// IR4-SAME: workgroup(%[[LA:.*]] : memref<2x128x32xf16, #gpu.address_space<workgroup>>, %[[LB:.*]] : memref<2x128x32xf16, #gpu.address_space<workgroup>>)
// IR3-SAME: workgroup(%[[LA:.*]] : memref<2x128x32xf16, #gpu.address_space<workgroup>>, %[[LB:.*]] : memref<2x128x32xf16, #gpu.address_space<workgroup>>)
// IR-SAME: known_block_size = array<i32: 128, 1, 1>
// IR-SAME: wmma.grid = array<i32: 4, 4, 1>
// IR-SAME: wmma.lds_bytes = 32768 : i64
// IR-SAME: wmma.pattern = "gemm_tiled"
// IR-SAME: wmma.waves = 4 : i32

// Prologue: slice 0 -> buffer 0 (B is K x N: transposed by the copy).
// IR: gpu.block_id y
// IR-COUNT-16: wmma.fill
// IR: vector.load %arg0[{{.*}}] : memref<512x256xf16>, vector<8xf16>
// IR: vector.load %arg1[{{.*}}] : memref<256x512xf16>, vector<8xf16>
// IR: vector.store %{{.*}}, %[[LA]][%c0,
// IR: memref.store %{{.*}}, %[[LB]][%c0,
// IR: gpu.barrier

// The runtime K loop over slices 0..6 (the 8th is peeled).
// IR: scf.for %[[K:.*]] = %c0 to %c224 step %c32 iter_args({{.*}}) -> ({{(vector<8xf32>, ){15}vector<8xf32>}}) {
// IR-NEXT: %[[KN:.*]] = arith.addi %[[K]], %c32
// IR-NEXT: %[[S:.*]] = arith.divui %[[K]], %c32
// IR-NEXT: %[[BUF:.*]] = arith.remui %[[S]], %c2
// IR-NEXT: %[[NBUF:.*]] = arith.subi %c1, %[[BUF]]
// Prefetch of slice s + 1 first ...
// IR-NOT: wmma.mma
// IR-COUNT-4: vector.load %arg0
// IR-NOT: wmma.mma
// IR-COUNT-4: vector.load %arg1
// ... then the 2 x 16 WMMAs of slice s from the current buffer ...
// IR4: wmma.load <a, kcontig, #atom> %[[LA]][%[[BUF]], {{.*}}, %c0] {{.*}} -> vector<8xf16>
// IR4: wmma.load <b, kcontig, transposed, #atom> %[[LB]][%[[BUF]], {{.*}}, %c0] {{.*}} -> vector<8xf16>
// IR3: wmma.load <a, hw, #atom> %[[LA]][%[[BUF]], {{.*}}, %c0] {{.*}} -> vector<16xf16>
// IR3: wmma.load <b, hw, transposed, #atom> %[[LB]][%[[BUF]], {{.*}}, %c0] {{.*}} -> vector<16xf16>
// IR-COUNT-16: wmma.mma
// IR-NOT: wmma.mma
// IR: rocdl.sched.barrier 0
// IR-NOT: vector.load %arg
// IR: wmma.load <a, {{.*}}> %[[LA]][%[[BUF]], {{.*}}, %c16]
// IR-COUNT-16: wmma.mma
// ... then slice s + 1 into the other buffer, and one barrier.
// IR-NOT: wmma.mma
// IR: vector.store %{{.*}}, %[[LA]][%[[NBUF]],
// IR: memref.store %{{.*}}, %[[LB]][%[[NBUF]],
// IR-NOT: wmma.mma
// IR: gpu.barrier
// IR-NEXT: scf.yield
// IR-NEXT: }
// The last slice (7) from buffer 1, no prefetch, no barrier.
// IR-NOT: vector.load %arg0
// IR: wmma.load <a, {{.*}}> %[[LA]][%c1,
// IR-COUNT-32: wmma.mma
// IR-NOT: gpu.barrier
// Epilogue in registers, 16 stores.
// IR: vector.broadcast %arg4 : f32 to vector<8xf32>
// IR: wmma.load <c, hw, #atom> %arg2
// IR: arith.maximumf
// IR-COUNT-16: wmma.store <d, hw, #atom> %{{.*}}, %arg3
// IR-NOT: wmma.store
// IR: gpu.return

// ISA-LABEL: gemm_tiled:
// ISA-COUNT-8: global_load_b128
// ISA: ds_store_b128
// ISA: ds_store_b16
// ISA4: s_barrier_wait
// ISA3: s_barrier
// The loop body: the prefetch first, 32 WMMAs fed by LDS reads (the
// machine scheduler is free to move the LDS writes of the next slice, which
// go to the other buffer, in between).
// ISA: .LBB0_[[L:[0-9]+]]:
// ISA-COUNT-8: global_load_b128
// ISA-NOT: v_wmma
// ISA: ds_load_b128
// ISA-COUNT-16: v_wmma_f32_16x16x16_f16
// ISA: ds_load_b128
// ISA-COUNT-16: v_wmma_f32_16x16x16_f16
// ISA-NOT: v_wmma
// ISA: s_cbranch_{{.*}} .LBB0_[[L]]
// The peeled last slice.
// ISA-COUNT-32: v_wmma_f32_16x16x16_f16
// ISA-NOT: v_wmma
// ISA: s_endpgm
// ISA: .private_segment_fixed_size: 0
// ISA: .vgpr_spill_count: 0

// BT-LABEL: gpu.func @gemm_bias_relu(
// BT-SAME: workgroup({{.*}} : memref<2x128x32xbf16, #gpu.address_space<workgroup>>, {{.*}} : memref<2x128x32xbf16, #gpu.address_space<workgroup>>)
// BT-SAME: wmma.grid = array<i32: 1, 1, 1>
// BT-SAME: wmma.pattern = "gemm_tiled"
// BT-NOT: memref.store
// BT: scf.for %{{.*}} = %c0 to %c32 step %c32
// BT: vector.load %arg1[{{.*}}] : memref<128x64xbf16>, vector<8xbf16>
// BT: wmma.load <b, kcontig, transposed, #atom> %arg{{[0-9]+}}[
// BT: vector.store %{{.*}}, %arg{{[0-9]+}}[
// BT-NOT: memref.store
// BT: gpu.return

// OFF-LABEL: gpu.func
// OFF-NOT: workgroup(
// OFF-SAME: wmma.grid = array<i32: {{[0-9]+}}, 1, 1>, wmma.lds_bytes = 0 : i64, wmma.pattern = "gemm", wmma.waves = 4 : i32}
// OFF-NOT: gpu.barrier
