// RDNA4's transposing load in the sparse template (copy = tr,
// Kernel/LdsCopyTr.c): a row-major (N-contiguous) f16/bf16 B staged
// is read by global_load_tr_b128 (lane (r, h) gives the address of a K
// row, columns from 8 (r / 8), and receives column r of the 8 rows its
// group of 8 lanes addresses): no WMMA against the identity.  A 16-bit B
// in slices of 64 goes straight into the waves' registers (lane (r, h)
// addressing K 32h + 16t + 8u + r % 8 for its fragment's two halves, no
// LDS); in slices of 32 and 8-bit it is stored into LDS, one load and
// store per 16x16 block and lane.  The load has no range check, so it is
// taken only when no slice reads past B (no N or K tail; the WMMA copy
// otherwise).  A pinned copy = tr that cannot hold is refused with the
// reason.  Emulator semantics: test/Emulator/load-tr.ll; numerics:
// sparse-numerics.test.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds})' 2>&1 | FileCheck %s
// RUN: wmma-compile %S/Inputs/sparse-f16.mlir --chip gfx1201 --staging lds --emit isa -o - | FileCheck %s --check-prefix=ISA
// ISA-NOT: v_wmma_
// ISA: global_load_tr_b128 v[{{[0-9]+}}:{{[0-9]+}}]
// ISA-NOT: v_wmma_
// ISA: v_swmmac_f32_16x16x32_f16
// ISA-NOT: v_wmma_
// RUN: wmma-compile %S/Inputs/sparse-i8-tr.mlir --chip gfx1201 --staging lds --emit isa -o - | FileCheck %s --check-prefix=ISA8
// ISA8-NOT: v_wmma_
// ISA8: global_load_tr_b128 v[{{[0-9]+}}:{{[0-9]+}}]
// ISA8: v_perm_b32
// ISA8-NOT: v_wmma_
// ISA8: v_swmmac_i32_16x16x32_iu8
// ISA8-NOT: v_wmma_

#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK-LABEL: gpu.func @f16
// CHECK-SAME: copy = [vec, tr]
// CHECK: %[[P:.+]] = memref.extract_aligned_pointer_as_index %arg1 : memref<128x64xf16> -> index
// CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK: %[[V:.+]] = llvm.call_intrinsic "llvm.amdgcn.global.load.tr.b128"(%{{.*}}) : (!llvm.ptr<1>) -> vector<8xf16>
// CHECK-NOT: wmma.mma
// CHECK-NOT: vector.store %[[V]]
// CHECK: wmma.sparse_mma
func.func @f16(%A: tensor<64x128xf16, #NV24>, %B: tensor<128x64xf16>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<64x128xf16, #NV24>, tensor<128x64xf16>) outs(%C : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK-LABEL: gpu.func @bf16
// CHECK-SAME: copy = [vec, tr]
// CHECK: llvm.call_intrinsic "llvm.amdgcn.global.load.tr.b128"(%{{.*}}) : (!llvm.ptr<1>) -> vector<8xbf16>
func.func @bf16(%A: tensor<64x128xbf16, #NV24>, %B: tensor<128x64xbf16>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<64x128xbf16, #NV24>, tensor<128x64xbf16>) outs(%C : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----
// An N tail (72 columns in tiles of 64): the WMMA copy, whose loads are
// range-checked.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK-LABEL: gpu.func @ntail
// CHECK-SAME: tails = [false, true, false]
// CHECK-SAME: copy = [vec, wmma]
// CHECK-NOT: load.tr
// CHECK: wmma.mma
func.func @ntail(%A: tensor<64x128xf16, #NV24>, %B: tensor<128x72xf16>, %C: tensor<64x72xf32>) -> tensor<64x72xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<64x128xf16, #NV24>, tensor<128x72xf16>) outs(%C : tensor<64x72xf32>) -> tensor<64x72xf32>
  return %r : tensor<64x72xf32>
}

// -----
// A K tail (K = 96 in slices of 64): the WMMA copy.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK-LABEL: gpu.func @ktail
// CHECK-SAME: tails = [false, false, true]
// CHECK-SAME: copy = [vec, wmma]
func.func @ktail(%A: tensor<64x96xf16, #NV24>, %B: tensor<96x64xf16>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<64x96xf16, #NV24>, tensor<96x64xf16>) outs(%C : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----
// 8-bit B: the same 16-bit instruction, two columns a 16-bit unit (the
// lane map of global_load_tr_b64 is not published): blocks of 16 K x 32
// columns, lane (r, h) receiving K 8h..8h+7 of columns 2r (low bytes) and
// 2r + 1 (high bytes), separated by two byte shuffles into two stores;
// column n at LDS row n + n / 8 (a spare row after every 8 against bank
// conflicts of the 8-byte stores: 72 rows for 64 columns), read there.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK-LABEL: gpu.func @i8
// CHECK-SAME: copy = [vec, tr]
// CHECK: %[[W:.+]] = llvm.call_intrinsic "llvm.amdgcn.global.load.tr.b128"(%{{.*}}) : (!llvm.ptr<1>) -> vector<8xi16>
// CHECK: %[[BY:.+]] = vector.bitcast %[[W]] : vector<8xi16> to vector<16xi8>
// CHECK: %[[LO:.+]] = vector.shuffle %[[BY]], %[[BY]] [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xi8>, vector<16xi8>
// CHECK: vector.store %[[LO]], %{{.*}} : memref<2x72x{{[0-9]+}}xi8, #gpu.address_space<workgroup>>, vector<8xi8>
// CHECK: %[[HI:.+]] = vector.shuffle %[[BY]], %[[BY]] [1, 3, 5, 7, 9, 11, 13, 15] : vector<16xi8>, vector<16xi8>
// CHECK: vector.store %[[HI]], %{{.*}} : memref<2x72x{{[0-9]+}}xi8, #gpu.address_space<workgroup>>, vector<8xi8>
// CHECK-NOT: wmma.mma
// CHECK: wmma.sparse_mma
func.func @i8(%A: tensor<64x128xi8, #NV24>, %B: tensor<128x64xi8>, %C: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %r = linalg.matmul ins(%A, %B : tensor<64x128xi8, #NV24>, tensor<128x64xi8>) outs(%C : tensor<64x64xi32>) -> tensor<64x64xi32>
  return %r : tensor<64x64xi32>
}

// -----
// Pinned copy = tr where it cannot hold: refused, with the reason.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK: remark: not converted to a wmma kernel: the pinned gemm_sparse schedule does not fit: copy = tr needs N and K multiples of the tile's (the load has no range check)
func.func @pin_tail(%A: tensor<64x128xf16, #NV24>, %B: tensor<128x72xf16>, %C: tensor<64x72xf32>) -> tensor<64x72xf32> attributes {wmma.schedule = #wmma.schedule<template = "gemm_sparse", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [16, 64, 64], waves = [1, 4], wave_tile = [1, 1], stages = 2, tails = [false, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, tr], causal = false>} {
  %r = linalg.matmul ins(%A, %B : tensor<64x128xf16, #NV24>, tensor<128x72xf16>) outs(%C : tensor<64x72xf32>) -> tensor<64x72xf32>
  return %r : tensor<64x72xf32>
}
