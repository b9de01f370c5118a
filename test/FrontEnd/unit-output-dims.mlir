// Outputs written at index 0 of size-1 dimensions (torch-mlir's keep-dim
// reductions, a GEMM into a 1xMxN buffer) are written through a
// collapse_shape view without those dimensions; the kernels see plain
// projected permutations.  Before, each was refused ("the output's
// indexing map must be a projected permutation").
// RUN: wmma-opt %S/Inputs/unit-output-dims.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// CHECK-LABEL: gpu.module @keepdim_mean_module
// CHECK: gpu.func @keepdim_mean_k1(%arg0: memref<3x4x45xf32>, %arg1: memref<3x4xf32>)
// CHECK-SAME: template = "reduction"
// CHECK-LABEL: func.func @keepdim_mean(
// CHECK: %[[V:.*]] = memref.collapse_shape %[[R:.*]] {{\[\[}}0], [1, 2]] : memref<3x4x1xf32> into memref<3x4xf32>
// CHECK: gpu.launch_func @keepdim_mean_module::@keepdim_mean_k1 {{.*}} args(%{{.*}} : memref<3x4x45xf32>, %[[V]] : memref<3x4xf32>)

// Both reduced dimensions at 0: a vector of row maxima.
// CHECK-LABEL: func.func @keepdim_max2(
// CHECK: %[[V:.*]] = memref.collapse_shape %arg1 {{\[\[}}0, 1, 2]] : memref<6x1x1xf16> into memref<6xf16>
// CHECK: gpu.launch_func {{.*}}(%arg0 : memref<6x13x21xf16>, %[[V]] : memref<6xf16>)

// CHECK-LABEL: gpu.module @gemm_batch1_module
// CHECK: gpu.func @gemm_batch1_k1(%arg0: memref<32x40xf16>, %arg1: memref<40x48xf16>, %arg2: memref<32x48xf32>)
// CHECK: wmma.mma
// CHECK-LABEL: func.func @gemm_batch1(
// CHECK: %[[V:.*]] = memref.collapse_shape %arg2 {{\[\[}}0, 1], [2]] : memref<1x32x48xf32> into memref<32x48xf32>
// CHECK: gpu.launch_func @gemm_batch1_module::@gemm_batch1_k1 {{.*}}%[[V]] : memref<32x48xf32>)

// CHECK-LABEL: func.func @keepdim_sum_tokens(
// CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<?x1xf32> into memref<?xf32>
