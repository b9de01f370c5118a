// mmt4d (m1, n1, k1, m0, n0, k0): A[m1][k1][m0][k0], B[n1][k1][n0][k0],
// C[m1][n1][m0][n0].  The M and N loops are two each, not adjacent in
// the buffers, so no view collapses them: the outer ones (m1, n1) are
// batch loops of the grid (m1 broadcast in B, n1 in A), each point a GEMM
// of m0 x n0 over the one K loop larger than 1.  A K tile of 1 (k0 = 1,
// the form upstream's packing writes) is a unit dim inside the matrix
// view; a K1 of 1 leaves K = k0, contiguous.  Both K tiles larger than 1
// (k1 and k0 apart in A and B): the kernel's K loop over k0 runs once per
// k1, in an outer loop carrying the accumulators (registers staging).
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s

// i8 -> i32, k0 = 1: K = k1 (64), the views put the unit k0 before the
// matrix (its inner dim still of stride 1); grid z = m1 x n1 = 6.
// CHECK-LABEL: gpu.func @mmt4d_i8(
// CHECK-SAME: grid = () -> (1, 1, 6)
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_i32_16x16x16_iu8"
// CHECK: memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d0, d3, d1, d2) : memref<3x64x16x1xi8, {{.*}}> to memref<3x1x64x16xi8, strided<[1024, 1, 16, 1]>
// CHECK: memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d0, d3, d1, d2) : memref<2x64x16x1xi8, {{.*}}> to memref<2x1x64x16xi8, strided<[1024, 1, 16, 1]>
// CHECK-COUNT-2: wmma.load
// CHECK: wmma.mma
func.func @mmt4d_i8(%A: memref<3x64x16x1xi8>, %B: memref<2x64x16x1xi8>, %C: memref<3x2x16x16xi32>) {
  linalg.mmt4d ins(%A, %B : memref<3x64x16x1xi8>, memref<2x64x16x1xi8>) outs(%C : memref<3x2x16x16xi32>)
  return
}

// -----

// f16 -> f32, k1 = 1: K = k0 (64), no view.
// CHECK-LABEL: gpu.func @mmt4d_f16(
// CHECK-SAME: grid = () -> (1, 1, 6)
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16"
// CHECK-NOT: memref.transpose
// CHECK: wmma.mma
func.func @mmt4d_f16(%A: memref<3x1x16x64xf16>, %B: memref<2x1x32x64xf16>, %C: memref<3x2x16x32xf32>) {
  linalg.mmt4d ins(%A, %B : memref<3x1x16x64xf16>, memref<2x1x32x64xf16>) outs(%C : memref<3x2x16x32xf32>)
  return
}

// -----

// f32: no WMMA; the VALU template takes m0 and n0 as M and N, the outer
// loops as batches (grid z = 2 x 2), the unit k0 at index 0.
// CHECK-LABEL: gpu.func @mmt4d_f32(
// CHECK-SAME: grid = () -> (1, 1, 4)
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "valu", instruction = "none"
func.func @mmt4d_f32(%A: memref<2x24x8x1xf32>, %B: memref<2x24x4x1xf32>, %C: memref<2x2x8x4xf32>) {
  linalg.mmt4d ins(%A, %B : memref<2x24x8x1xf32>, memref<2x24x4x1xf32>) outs(%C : memref<2x2x8x4xf32>)
  return
}

// -----

// The generic form with the M loops apart in A, (m0, k, m1): m0 is a batch
// (B broadcast), A read as K x M.
// CHECK-LABEL: gpu.func @m_apart(
// CHECK-SAME: grid = () -> (1, 1, 4)
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16"
func.func @m_apart(%A: memref<4x32x8xf16>, %B: memref<32x16xf16>, %C: memref<4x8x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m0, m1, n, k) -> (m0, k, m1)>, affine_map<(m0, m1, n, k) -> (k, n)>, affine_map<(m0, m1, n, k) -> (m0, m1, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x32x8xf16>, memref<32x16xf16>) outs(%C : memref<4x8x16xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// i8 -> i32, k1 = 4, k0 = 8: an scf.for over k1 (4 iterations) around the
// K step over k0 (one masked 16-wide step), k1 indexing both operands.
// CHECK-LABEL: gpu.func @mmt4d_split_k(
// CHECK-SAME: grid = () -> (1, 1, 4)
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_i32_16x16x16_iu8", staging = registers
// CHECK: scf.for %[[K1:.*]] = %c0 to %c4 step %c1 iter_args(
// CHECK-NEXT: wmma.load <{{a|b}}, {{.*}}[%{{.*}}, %[[K1]], %{{.*}}, %c0] masked : memref<2x4x16x8xi8
// CHECK-NEXT: wmma.load <{{a|b}}, {{.*}}[%{{.*}}, %[[K1]], %{{.*}}, %c0] masked : memref<2x4x16x8xi8
// CHECK-NEXT: wmma.mma
// CHECK-NEXT: scf.yield
func.func @mmt4d_split_k(%A: memref<2x4x16x8xi8>, %B: memref<2x4x16x8xi8>, %C: memref<2x2x16x16xi32>) {
  linalg.mmt4d ins(%A, %B : memref<2x4x16x8xi8>, memref<2x4x16x8xi8>) outs(%C : memref<2x2x16x16xi32>)
  return
}

// -----

// batch_mmt4d with a batch of one (IREE data-tiling a batch_matmul): the
// batch is at index 0, m1 and n1 the grid's batches, k1 looped.
// CHECK-LABEL: gpu.func @batch_mmt4d_one(
// CHECK-SAME: grid = () -> (1, 1, 4)
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16"
// CHECK: scf.for %[[K1:.*]] = %c0 to %c8 step %c1
// CHECK: wmma.load {{.*}}[%c0, %{{.*}}, %[[K1]], %{{.*}}, %c0] masked : memref<1x2x8x16x2xf16
func.func @batch_mmt4d_one(%A: memref<1x2x8x16x2xf16>, %B: memref<1x2x8x16x2xf16>, %C: memref<1x2x2x16x16xf32>) {
  linalg.batch_mmt4d ins(%A, %B : memref<1x2x8x16x2xf16>, memref<1x2x8x16x2xf16>) outs(%C : memref<1x2x2x16x16xf32>)
  return
}
