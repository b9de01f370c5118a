// Operands reach LDS K-contiguous through 128-bit LDS stores whatever their
// layout in memory (lib/FrontEnd/LdsCopy.c), and the K-step barrier orders
// LDS only: for each operand layout (A M x K, A K x M, B K x N, B N x K), on
// RDNA4 and RDNA3, forced LDS staging with 64x64 tiles at odd sizes (masked
// tails).  A K-contiguous operand is copied with vector loads and stores; an
// M/N-contiguous one goes through one WMMA against the identity per 16x16
// block (accumulating in f16: v_wmma_f16_16x16x16_f16), whose accumulator
// holds 8 consecutive K per lane.  Nowhere a 16- or 8-bit LDS store, and no
// vector-cache invalidation (global_inv, buffer_gl0_inv, buffer_gl1_inv).
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds tile-m=64 tile-n=64},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefixes=CHECK,R4 --implicit-check-not=ds_store_b16 --implicit-check-not=ds_store_b8 --implicit-check-not=global_inv --implicit-check-not=buffer_gl --implicit-check-not=scratch_
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds tile-m=64 tile-n=64},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefixes=CHECK,R3 --implicit-check-not=ds_store_b16 --implicit-check-not=ds_store_b8 --implicit-check-not=global_inv --implicit-check-not=buffer_gl --implicit-check-not=scratch_

// A M x K, B N x K: both K-contiguous, no transposing WMMA.
// CHECK-LABEL: a_mk_b_nk:
// CHECK-NOT: v_wmma_f16_16x16x16_f16
// CHECK: ds_store_b128
// CHECK-NOT: v_wmma_f16_16x16x16_f16
// R4: s_barrier_wait
// R3: s_barrier
// CHECK-NOT: v_wmma_f16_16x16x16_f16
// CHECK: .Lfunc_end0:
func.func @a_mk_b_nk(%A: memref<100x70xf16>, %B: memref<90x70xf16>, %C: memref<100x90xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, vec], causal = false>} {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<100x90xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<100x70xf16>, memref<90x70xf16>) outs(%C : memref<100x90xf32>)
  return
}

// -----

// A K x M, B K x N: both through the transposing WMMA (2 blocks of each
// operand per wave and slice: in the prologue and in the K loop).
// CHECK-LABEL: a_km_b_kn:
// CHECK-COUNT-4: v_wmma_f16_16x16x16_f16
// CHECK: ds_store_b128
// R4: s_barrier_wait
// R3: s_barrier
// CHECK: .LBB0_[[L:[0-9]+]]:
// CHECK-COUNT-4: v_wmma_f16_16x16x16_f16
// CHECK: s_cbranch_{{.*}} .LBB0_[[L]]
// CHECK: .Lfunc_end0:
func.func @a_km_b_kn(%A: memref<1000x100xf16>, %B: memref<1000x90xf16>, %C: memref<100x90xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = rowseg, copy = [wmma, wmma], causal = false>} {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<100x90xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<1000x100xf16>, memref<1000x90xf16>) outs(%C : memref<100x90xf32>)
  return
}

// -----

// i8 (A M x K, B K x N): 8-bit LDS tiles, B transposed by the iu8 WMMA
// (bytes into i32, repacked); 64-bit stores at least.
// CHECK-LABEL: i8_mk_kn:
// CHECK: v_wmma_i32_16x16x16_iu8
// CHECK: ds_store_{{(2addr_)?}}b{{64|128}}
// CHECK: .Lfunc_end0:
func.func @i8_mk_kn(%A: memref<100x70xi8>, %B: memref<70x90xi8>, %C: memref<100x90xi32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_i32_16x16x16_iu8", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = i32, acc_pack = 1, form = rowseg, copy = [vec, wmma], causal = false>} {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<100x90xi32>)
  linalg.matmul ins(%A, %B : memref<100x70xi8>, memref<70x90xi8>) outs(%C : memref<100x90xi32>)
  return
}
