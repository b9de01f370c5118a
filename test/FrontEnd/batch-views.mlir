// Batch dimensions anywhere but innermost (StableHLO's dot_general lowered
// to linalg.generic): the kernel reads such an operand, and writes such an
// output, through memref.transpose -- a view with the batch dimensions
// first, only the strides changed -- and every template then reads the
// matrix from the view's last two dimensions (registers and LDS staging).
// RUN: wmma-opt %S/Inputs/batch-views-dot-general.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %S/Inputs/batch-views-dot-general.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds})' | FileCheck %s --check-prefix=LDS
// RUN: wmma-opt %S/Inputs/batch-views-inplace.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=INPLACE
// RUN: wmma-opt %S/Inputs/batch-views-two-batches.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefix=TWO

// A (m, b, k) and C (m, b, n) get views (b, m, k) and (b, m, n); B
// (b, k, n) is read as it is.
// CHECK-LABEL: gpu.func @dot_general(
// CHECK: %[[A:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// CHECK: %[[AV:.*]] = memref.transpose %[[A]] (d0, d1, d2) -> (d1, d0, d2) : memref<37x3x40xf16, #amdgpu.address_space<fat_raw_buffer>> to memref<3x37x40xf16, strided<[40, 120, 1]>
// CHECK: %[[B:.*]] = amdgpu.fat_raw_buffer_cast %arg1
// CHECK: %[[C:.*]] = amdgpu.fat_raw_buffer_cast %arg2
// CHECK: %[[CV:.*]] = memref.transpose %[[C]] (d0, d1, d2) -> (d1, d0, d2) : memref<37x3x29xf32, #amdgpu.address_space<fat_raw_buffer>> to memref<3x37x29xf32, strided<[29, 87, 1]>
// CHECK-NOT: memref.transpose
// CHECK: wmma.load <{{.*}}> %[[AV]][%block_id_z,
// CHECK: wmma.load <{{.*}}> %[[B]][%block_id_z,
// CHECK: wmma.mma
// CHECK: vector.store %{{.*}}, %[[CV]][%block_id_z,
// CHECK-LABEL: func.func @dot_general(
// CHECK: gpu.launch_func

// LDS-LABEL: gpu.func @dot_general(
// LDS-SAME: staging = lds
// LDS: %[[AV:.*]] = memref.transpose
// LDS: vector.load %[[AV]][%block_id_z, %{{.*}}, %{{.*}}] : memref<3x37x40xf16, strided<[40, 120, 1]>

// In place: C (m, b, n) is the accumulator, read and written through the
// same view; B given as (n, b, k) is viewed as (b, n, k).
// INPLACE-LABEL: gpu.func @inplace(
// INPLACE-DAG: memref.transpose %{{.*}} (d0, d1, d2) -> (d1, d0, d2) : memref<33x2x48xf16
// INPLACE-DAG: memref.transpose %{{.*}} (d0, d1, d2) -> (d1, d0, d2) : memref<21x2x48xf16
// INPLACE-DAG: %[[CV:.*]] = memref.transpose %{{.*}} (d0, d1, d2) -> (d1, d0, d2) : memref<33x2x21xf32
// INPLACE: vector.load %[[CV]][%block_id_z,
// INPLACE: wmma.mma
// INPLACE: vector.store %{{.*}}, %[[CV]][%block_id_z,

// Two batch dimensions: A (b0, m, b1, k) -> (b0, b1, m, k), B (b1, b0, k, n)
// as it is, C (b0, m, b1, n) -> (b0, b1, m, n).
// TWO-LABEL: gpu.func @two_batches(
// TWO-DAG: memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d0, d2, d1, d3) : memref<2x19x3x32xf16
// TWO-DAG: memref.transpose %{{.*}} (d0, d1, d2, d3) -> (d0, d2, d1, d3) : memref<2x19x3x40xf16
// TWO: wmma.mma
