// Front-end variants: transposed operands (indexing maps), bf16, a 16-bit
// intermediate processed after the truncation, a 16-bit bias, the LDS
// fallback for a chain too wide for registers, accumulation into a copied
// bias, a batched single GEMM.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefixes=CHECK,R4
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=CHECK,R3
// Everything compiles to ISA on both generations:
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA

// CHECK-LABEL: gpu.func @chain_t(
// CHECK-SAME: template = "chain_regs"
// CHECK: %[[A0:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// CHECK: %[[B0:.*]] = amdgpu.fat_raw_buffer_cast %arg1
// CHECK: %[[B1:.*]] = amdgpu.fat_raw_buffer_cast %arg2
// B0 is given N0 x K0 and B1 N1 x N0: both are K-contiguous, copied into
// LDS as they are (no transposing WMMA); B0's tiles are the A operands of
// the swapped first product, A0's strip its B operand.
// CHECK-NOT: #atom1
// CHECK: vector.load %[[B0]][{{.*}}] : memref<48x32xbf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xbf16>
// CHECK: amdgpu.lds_barrier
// R4: wmma.load <b, kcontig, transposed, #atom> %{{.*}} : memref<2x64x40xbf16, #gpu.address_space<workgroup>>
// R4: wmma.load <a, kcontig, #atom> %{{.*}} : memref<2x48x40xbf16, #gpu.address_space<workgroup>>
// R3: wmma.load <b, hw, transposed, #atom> %{{.*}} : memref<2x64x40xbf16, #gpu.address_space<workgroup>>
// R3: wmma.load <a, hw, #atom> %{{.*}} : memref<2x48x40xbf16, #gpu.address_space<workgroup>>
// The bf16 multiply happens after the truncation, in bf16, on the row
// segment that is the second product's B operand (RDNA3: expanded).
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xbf16>
// CHECK: arith.mulf %{{.*}} : vector<8xbf16>
// R3: wmma.expand b #atom %{{.*}} : vector<8xbf16> -> vector<16xbf16>
// CHECK: vector.load %[[B1]][{{.*}}] : memref<32x48xbf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xbf16>
// The bf16 bias and output move as 8-element row segments.
// CHECK: vector.load %{{.*}} : memref<64x32xbf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xbf16>
// CHECK: arith.extf
// CHECK: vector.store %{{.*}} : memref<64x32xbf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xbf16>
// ISA-LABEL: chain_t:
// ISA: v_wmma_f32_16x16x16_bf16
// ISA: s_endpgm
func.func @chain_t(%A0: memref<64x32xbf16>, %B0t: memref<48x32xbf16>, %B1t: memref<32x48xbf16>, %bias: memref<64x32xbf16>, %D: memref<64x32xbf16>) attributes {wmma.schedule = #wmma.schedule<template = "chain_regs", instruction = "v_wmma_f32_16x16x16_bf16", staging = lds, tile = [64, 32, 32], waves = [4, 1], wave_tile = [1, 3], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, vec], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : bf16
  %d0 = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%d0 : memref<64x48xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A0, %B0t : memref<64x32xbf16>, memref<48x32xbf16>) outs(%d0 : memref<64x48xf32>)
  %h = memref.alloc() : memref<64x48xbf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%d0 : memref<64x48xf32>) outs(%h : memref<64x48xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    %u = arith.mulf %t, %two : bf16
    linalg.yield %u : bf16
  }
  %p = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<64x32xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%h, %B1t : memref<64x48xbf16>, memref<32x48xbf16>) outs(%p : memref<64x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : memref<64x32xf32>, memref<64x32xbf16>) outs(%D : memref<64x32xbf16>) {
  ^bb0(%x: f32, %b: bf16, %o: bf16):
    %be = arith.extf %b : bf16 to f32
    %s = arith.addf %x, %be : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  }
  return
}

// -----

// An intermediate too wide for registers (1024 columns) goes through LDS.
// CHECK-LABEL: gpu.func @big(
// CHECK-SAME: workgroup(%{{.*}} : memref<32x1024xf16, #gpu.address_space<workgroup>>)
// CHECK-SAME: grid = () -> (2, 1, 1), block = [128, 1, 1], lds = 65536
// CHECK-SAME: template = "chain_lds"
// CHECK: amdgpu.lds_barrier
// ISA-LABEL: big:
// ISA: s_barrier
// ISA: .group_segment_fixed_size: 65536
func.func @big(%A0: memref<64x32xf16>, %B0: memref<32x1024xf16>, %B1: memref<1024x32xf16>, %D: memref<64x32xf32>) attributes {wmma.schedule = #wmma.schedule<template = "chain_lds", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [32, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %d0 = memref.alloc() : memref<64x1024xf32>
  linalg.fill ins(%zero : f32) outs(%d0 : memref<64x1024xf32>)
  linalg.matmul ins(%A0, %B0 : memref<64x32xf16>, memref<32x1024xf16>) outs(%d0 : memref<64x1024xf32>)
  %h = memref.alloc() : memref<64x1024xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%d0 : memref<64x1024xf32>) outs(%h : memref<64x1024xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%D : memref<64x32xf32>)
  linalg.matmul ins(%h, %B1 : memref<64x1024xf16>, memref<1024x32xf16>) outs(%D : memref<64x32xf32>)
  return
}

// -----

// D = A x B + C, accumulating onto a copy of C.
// CHECK-LABEL: gpu.func @accumulate(
// CHECK-SAME: roles = [input, input, input, output]
// CHECK: %[[C:.*]] = amdgpu.fat_raw_buffer_cast %arg2
// CHECK: %[[DD:.*]] = amdgpu.fat_raw_buffer_cast %arg3
// RDNA4 computes it swapped: C and D move as row segments (vectors).
// R4: %[[INIT:.*]] = vector.load %[[C]]
// R3: %[[INIT:.*]] = wmma.load <c, hw, #atom> %[[C]]
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[INIT]]
// R4: vector.store %{{.*}}, %[[DD]]
// R3: wmma.store <d, hw, #atom> %{{.*}}, %[[DD]]
// ISA-LABEL: accumulate:
func.func @accumulate(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>, %D: memref<32x32xf32>) {
  linalg.copy ins(%C : memref<32x32xf32>) outs(%D : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%D : memref<32x32xf32>)
  return
}

// -----

// In-place update: C += A x B (C is read and written).
// CHECK-LABEL: gpu.func @inplace(
// CHECK-SAME: roles = [input, input, inout]
// ISA-LABEL: inplace:
func.func @inplace(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%C : memref<32x32xf32>)
  return
}

// -----

// A batched single GEMM: the batch is grid z.
// CHECK-LABEL: gpu.func @bgemm(
// CHECK-SAME: grid = () -> ({{[0-9]+}}, {{[0-9]+}}, 2)
// CHECK-SAME: template = "gemm"
// CHECK: %[[A:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// CHECK: %[[BATCH:.*]] = gpu.block_id z
// R4: wmma.load <b, {{.*}}> %[[A]][%[[BATCH]],
// R3: wmma.load <a, {{.*}}> %[[A]][%[[BATCH]],
// ISA-LABEL: bgemm:
func.func @bgemm(%A: memref<2x64x32xf16>, %B: memref<2x32x64xf16>, %C: memref<2x64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2x64x64xf32>)
  linalg.batch_matmul ins(%A, %B : memref<2x64x32xf16>, memref<2x32x64xf16>) outs(%C : memref<2x64x64xf32>)
  return
}
