// A contraction whose A operand is 2:4 sparse along its rows (upstream's
// NV_24 encoding on a function argument) takes the gemm_sparse template
// (docs/sparse-frontend.md): the kernel reads A as its compressed values
// (M x K/2, in the argument's place) and its index words (M x ceil(K/32)
// i32, appended), which the launch record names (roles sparse_values and
// sparse_index, both host = the caller's argument); the caller-facing
// function takes the two buffers in place of the sparse argument.
// RDNA4 (GemmSparseLds.c): the values and the index words staged
// through LDS in K slices of 64, two buffers each: the values (slices of
// 32 values, rows of 32 + 8 f16) as the gemm template copies it, B
// (row-major K x N, 16-bit, no tails) loaded transposed by
// global_load_tr_b128 (copy = tr) straight into each wave's registers
// (two loads a lane, column tile and 32 K; no LDS, no transposing WMMA), the words one 2-word vector load per tile row,
// word h stored to index plane h (i16 rows of 8: the 4 tile rows' i32
// apiece).  Per slice a lane reads the index registers of its wave's tile
// rows with one read (each used through index_key 0, then 1), and per 32
// K its rows' 8 values and its columns' 16 K of B, then one LDS wait and
// one v_swmmac (wmma.sparse_mma) per tile.
// RDNA3: the same buffers, the zeros expanded by selects before the dense
// WMMA, in registers.  Numerics: sparse-numerics.test.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds tile-m=64 tile-n=64})' | FileCheck %s --check-prefixes=CHECK,R4
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=CHECK,R3

#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// R4-DAG: #[[DENSE:.+]] = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
// R4-DAG: #[[SPARSE:.+]] = #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse>
// CHECK: gpu.func @f16(%{{.*}}: memref<64x64xf16>, %{{.*}}: memref<128x64xf16>, %{{.*}}: memref<64x64xf32>, %{{.*}}: memref<64x4xi32>)
// R4-SAME: workgroup(%{{.*}} : memref<2x64x40xf16, #gpu.address_space<workgroup>>, %{{.*}} : memref<2x32x8xi16, #gpu.address_space<workgroup>>)
// CHECK-SAME: kernel
// CHECK-SAME: roles = [sparse_values, input, output, sparse_index], host = [0, 1, -1, 0]
// R4-SAME: wmma.schedule = #wmma.schedule<template = "gemm_sparse", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 64]
// R4-SAME: copy = [vec, tr]
// R3-SAME: wmma.schedule = #wmma.schedule<template = "gemm_sparse", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 64, 16]
// B (16-bit, slices of 64, no K tail) skips LDS: slice 0's fragments, two
// transposing loads each, straight into registers before the prologue's
// slice (values, words).
// R4-COUNT-4: llvm.call_intrinsic "llvm.amdgcn.global.load.tr.b128"(%{{.*}}) : (!llvm.ptr<1>) -> vector<8xf16>
// R4: vector.load %{{.*}} : memref<64x64xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// R4: vector.load %{{.*}} : memref<64x4xi32, #amdgpu.address_space<fat_raw_buffer>>, vector<2xi32>
// The stores in reverse load order: the words (loaded last) first.
// R4: vector.shuffle %{{.*}} [0, 1] : vector<4xi16>, vector<4xi16>
// R4: vector.store %{{.*}} : memref<2x32x8xi16, #gpu.address_space<workgroup>>, vector<2xi16>
// R4: vector.shuffle %{{.*}} [2, 3] : vector<4xi16>, vector<4xi16>
// R4: vector.store %{{.*}} : memref<2x32x8xi16, #gpu.address_space<workgroup>>, vector<2xi16>
// R4-NOT: wmma.mma
// R4: vector.store %{{.*}} : memref<2x64x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// R4: amdgpu.lds_barrier
// The loop carries B's fragments of the slice (two halves) beside the
// accumulators; half t of the next slice is loaded as the swmmacs of
// half t have taken theirs, one s_wait_loadcnt a half.
// R4: scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<16xf16>, vector<16xf16>, vector<16xf16>, vector<16xf16>)
// R4: vector.load %{{.*}} : memref<2x32x8xi16, #gpu.address_space<workgroup>>, vector<4xi16>
// R4-COUNT-2: vector.load %{{.*}} : memref<2x64x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// R4: rocdl.s.wait.dscnt 0
// R4: rocdl.s.wait.loadcnt 7
// R4-COUNT-4: wmma.sparse_mma #[[SPARSE]] %{{.*}} : vector<8xf16>, vector<16xf16> -> vector<8xf32>
// R4-COUNT-4: llvm.call_intrinsic "llvm.amdgcn.global.load.tr.b128"
// R4-COUNT-2: vector.load %{{.*}} : memref<2x64x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// R4: rocdl.s.wait.dscnt 0
// R4: rocdl.s.wait.loadcnt 7
// R4-COUNT-4: wmma.sparse_mma #[[SPARSE]] %{{.*}} {index_key = 1 : i32} : vector<8xf16>, vector<16xf16> -> vector<8xf32>
// R4-COUNT-4: llvm.call_intrinsic "llvm.amdgcn.global.load.tr.b128"
// R4: amdgpu.lds_barrier
// R4: scf.yield
// R3: scf.for %{{.*}} = %c0 to %c128 step %c16
// R3: vector.load %{{.*}} : memref<64x64xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// R3: memref.load %{{.*}} : memref<64x4xi32, #amdgpu.address_space<fat_raw_buffer>>
// R3-COUNT-4: arith.select %{{.*}} : vector<4xi1>, vector<4xf16>
// R3: wmma.mma
// R3-NOT: wmma.sparse_mma
// R3: scf.yield
// CHECK: func.func @f16(%[[V:.+]]: tensor<64x64xf16>, %[[W:.+]]: tensor<64x4xi32>, %[[B:.+]]: tensor<128x64xf16>) -> tensor<64x64xf32>
// CHECK: gpu.launch_func
// CHECK-SAME: args(%{{.*}} : memref<64x64xf16>, %{{.*}} : memref<128x64xf16>, %{{.*}} : memref<64x64xf32>, %{{.*}} : memref<64x4xi32>)
func.func @f16(%A: tensor<64x128xf16, #NV24>, %B: tensor<128x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%A, %B : tensor<64x128xf16, #NV24>, tensor<128x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// Dynamic M, odd sizes (K = 100: the last word half used, the last slice
// masked), i8, an epilogue: zero words (rows past M, words past K: the fat
// buffer's zeros) are replaced by valid positions (0 and 1 in every
// group: 0x44444444).
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// R4: #[[SPARSE8:.+]] = #wmma.atom<rdna4, 16x16x32, i8 * i8 -> i32, signed_a, signed_b, sparse>
// CHECK: gpu.func @i8(%{{.*}}: memref<?x50xi8>, %{{.*}}: memref<100x40xi8>, %{{.*}}: memref<?x40xi32>, %{{.*}}: memref<?x40xi32>, %{{.*}}: memref<?x4xi32>)
// CHECK-SAME: kernel
// CHECK-SAME: roles = [sparse_values, input, input, output, sparse_index], host = [0, 1, 2, -1, 0]
// R3: arith.constant 1145324612 : i32
// R4: arith.constant dense<1145324612> : vector<2xi32>
// R4: wmma.sparse_mma #[[SPARSE8]]
// R3: wmma.mma
// CHECK: arith.maxsi
// CHECK: func.func @i8(%{{.*}}: tensor<?x50xi8>, %{{.*}}: tensor<?x4xi32>, %{{.*}}: tensor<100x40xi8>, %{{.*}}: tensor<?x40xi32>) -> tensor<?x40xi32>
// A static K needs no run-time check.
// CHECK-NOT: cf.assert
// CHECK: gpu.launch_func
func.func @i8(%A: tensor<?x100xi8, #NV24>, %B: tensor<100x40xi8>, %C: tensor<?x40xi32>) -> tensor<?x40xi32> {
  %r = linalg.matmul ins(%A, %B : tensor<?x100xi8, #NV24>, tensor<100x40xi8>) outs(%C : tensor<?x40xi32>) -> tensor<?x40xi32>
  %z = arith.constant 0 : i32
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<?x40xi32>) outs(%C : tensor<?x40xi32>) {
  ^bb0(%x: i32, %y: i32):
    %m = arith.maxsi %x, %z : i32
    linalg.yield %m : i32
  } -> tensor<?x40xi32>
  return %o : tensor<?x40xi32>
}

// -----

// Dynamic K (and M), with an epilogue: the kernel reads K from B's first
// dimension (A's holds K/2 values), the values and words are M x ? buffers
// of their own widths, and the slices' count is K / 64 at run time.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK: gpu.func @dynk(%[[VAL:[a-z0-9]+]]: memref<?x?xf16>, %[[BK:[a-z0-9]+]]: memref<?x40xf16>, %{{.*}}: memref<?x40xf32>, %{{.*}}: memref<?x40xf32>, %{{.*}}: memref<?x?xi32>)
// CHECK-SAME: roles = [sparse_values, input, input, output, sparse_index], host = [0, 1, 2, -1, 0]
// CHECK: %[[K:.+]] = memref.dim %[[BK]], %c0 : memref<?x40xf16>
// R4: arith.divui %[[K]], %c64 : index
// R3: arith.divui %[[K]], %c16 : index
// R4: wmma.sparse_mma
// R3: wmma.mma
// CHECK: arith.maximumf
// The host function checks K (B's first dimension) and the buffers' widths
// before the launch.
// CHECK: func.func @dynk(%[[HV:.+]]: tensor<?x?xf16>, %[[HW:.+]]: tensor<?x?xi32>, %[[HB:.+]]: tensor<?x40xf16>, %{{.*}}: tensor<?x40xf32>) -> tensor<?x40xf32>
// CHECK: %[[HK:.+]] = tensor.dim %[[HB]], %c0
// CHECK: %[[R:.+]] = arith.remui %[[HK]], %c4
// CHECK: %[[OK:.+]] = arith.cmpi eq, %[[R]], %c0
// CHECK: cf.assert %[[OK]], "2:4 sparse operand: K (the dense operand's K dimension) is not a multiple of 4"
// CHECK: %[[HALF:.+]] = arith.divui %[[HK]], %c2
// CHECK: tensor.dim %[[HV]], %c1
// CHECK: cf.assert %{{.*}}, "2:4 sparse operand: the values' width is not K / 2"
// CHECK: tensor.dim %[[HW]], %c1
// CHECK: cf.assert %{{.*}}, "2:4 sparse operand: the index words' width is not ceil(K / 32)"
// CHECK: gpu.launch_func
func.func @dynk(%A: tensor<?x?xf16, #NV24>, %B: tensor<?x40xf16>, %C: tensor<?x40xf32>) -> tensor<?x40xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<?x?xf16, #NV24>, tensor<?x40xf16>) outs(%C : tensor<?x40xf32>) -> tensor<?x40xf32>
  %z = arith.constant 0.0 : f32
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<?x40xf32>) outs(%C : tensor<?x40xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.maximumf %x, %z : f32
    linalg.yield %m : f32
  } -> tensor<?x40xf32>
  return %o : tensor<?x40xf32>
}

// -----

// A 2:4 B (K x N, 2:4 along its columns, K): the transposed product C^T =
// B^T A^T with B^T (N x K, 2:4 along its rows: upstream's storage of B) the
// sparse A.  The kernel takes B as its transpose's values (96 x 64) and
// index words (96 x 4; roles sparse_col_values/sparse_col_index), A as the
// K-contiguous B of the product (copied into LDS as it is: copy = [vec,
// vec], no transposing WMMA), and stores each accumulator tile transposed.
#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>
// CHECK: gpu.func @spb(%{{.*}}: memref<64x128xf16>, %{{.*}}: memref<96x64xf16>, %{{.*}}: memref<64x96xf32>, %{{.*}}: memref<96x4xi32>)
// CHECK-SAME: roles = [input, sparse_col_values, output, sparse_col_index], host = [0, 1, -1, 1]
// R4-SAME: staging = lds, tile = [64, 64, 64]
// R4-SAME: copy = [vec, vec]
// R4-NOT: wmma.mma
// R4: wmma.sparse_mma
// R3: wmma.mma
// R3-NOT: wmma.sparse_mma
// CHECK: wmma.store <d, hw, transposed, #{{.*}}> %{{.*}} : vector<8xf32>, memref<64x96xf32
// CHECK: func.func @spb(%{{.*}}: tensor<64x128xf16>, %{{.*}}: tensor<96x64xf16>, %{{.*}}: tensor<96x4xi32>) -> tensor<64x96xf32>
func.func @spb(%A: tensor<64x128xf16>, %B: tensor<128x96xf16, #KB24>) -> tensor<64x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x96xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
  %r = linalg.matmul ins(%A, %B : tensor<64x128xf16>, tensor<128x96xf16, #KB24>) outs(%c : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}

// -----

// Every size dynamic: K is read from A's K dimension (the product's B),
// N from the values' rows; the host checks K and the widths.
#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>
// CHECK: gpu.func @spbd(%[[KA:.+]]: memref<?x?xf16>, %{{.*}}: memref<?x?xf16>, %{{.*}}: memref<?x?xf32>, %{{.*}}: memref<?x?xf32>, %{{.*}}: memref<?x?xi32>)
// CHECK-SAME: roles = [input, sparse_col_values, input, output, sparse_col_index], host = [0, 1, 2, -1, 1], dims = [-1, -2, -3, -4, -1, -3, -1, -3, -3, -5]
// CHECK: memref.dim %[[KA]], %c1 : memref<?x?xf16>
// CHECK: func.func @spbd(%[[HA:.+]]: tensor<?x?xf16>, %[[HV:.+]]: tensor<?x?xf16>, %[[HW:.+]]: tensor<?x?xi32>, %{{.*}}: tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK: %[[HK:.+]] = tensor.dim %[[HA]], %c1
// CHECK: arith.remui %[[HK]], %c4
// CHECK: cf.assert %{{.*}}, "2:4 sparse operand: K (the dense operand's K dimension) is not a multiple of 4"
// CHECK: tensor.dim %[[HV]], %c1
// CHECK: cf.assert %{{.*}}, "2:4 sparse operand: the values' width is not K / 2"
// CHECK: tensor.dim %[[HW]], %c1
// CHECK: cf.assert
// CHECK: gpu.launch_func
func.func @spbd(%A: tensor<?x?xf16>, %B: tensor<?x?xf16, #KB24>, %C: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<?x?xf16>, tensor<?x?xf16, #KB24>) outs(%C : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
