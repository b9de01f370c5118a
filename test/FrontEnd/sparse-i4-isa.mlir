// i4 operands with a 2:4 A from the front end: gemm_sparse in registers
// (below: through LDS) on
// v_swmmac_i32_16x16x64_iu4 (K steps of 64, half the swmmacs of the
// 16x16x32 instruction: lane half h of A holds 16 nibbles, two VGPRs; B
// four; the index register all 32 bits, the position bytes h and h + 2 of
// the step's two words; neg_lo: both signed), and on gfx1100 the dense
// iu4 WMMA.  Numerics:
// sparse-numerics.test (sparse-i4*.mlir).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=R4
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=R3
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=IR
// Through LDS (staging = lds): A's values and B packed two per byte (B
// transposed by the iu8 WMMA copy), the words stored as they are; per
// swmmac lane (r, h) reads 8 bytes of values, 16 of B and its index
// register (its row's word 2t + h: the instruction's K order, no
// permutation, no VALU on the index).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=LDS
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// IR: #wmma.schedule<template = "gemm_sparse", instruction = "v_wmma_i32_16x16x16_iu4", staging = registers, tile = [{{.*}}, 64]
// IR: wmma.sparse_mma #{{.*}} : vector<16xi4>, vector<32xi4> -> vector<8xi32>
// IR-NOT: index_key
// R4-LABEL: i4:
// R4: v_swmmac_i32_16x16x64_iu4 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} neg_lo:[1,1,0]{{$}}
// R4-NOT: v_swmmac_i32_16x16x32_iu4
// R4-NOT: v_wmma
// R4-NOT: scratch_
// R4: s_endpgm
// R3-LABEL: i4:
// R3-NOT: v_swmmac
// R3: v_wmma_i32_16x16x16_iu4
// R3: s_endpgm
// LDS-LABEL: i4:
// LDS: ds_load_b32 [[I0:v[0-9]+]],
// LDS: ds_load_b64 [[A0:v\[[0-9]+:[0-9]+\]]],
// LDS: v_swmmac_i32_16x16x64_iu4 v[{{[0-9]+:[0-9]+}}], [[A0]], v[{{[0-9]+:[0-9]+}}], [[I0]] neg_lo:[1,1,0]{{$}}
// LDS: v_swmmac_i32_16x16x64_iu4
// LDS-NOT: v_swmmac
// LDS-NOT: scratch_
// LDS: s_endpgm
func.func @i4(%A: tensor<64x128xi4, #NV24>, %B: tensor<128x64xi4>, %C: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %r = linalg.matmul ins(%A, %B : tensor<64x128xi4, #NV24>, tensor<128x64xi4>) outs(%C : tensor<64x64xi32>) -> tensor<64x64xi32>
  return %r : tensor<64x64xi32>
}
