// Indexing maps with constant indices (broadcasts of size-1 dimensions as
// torch-mlir and TOSA emit them, (d0, d1) -> (0, d1), and reads of one row
// of a table): the operand A read through its leading size-1 dimension, a
// per-column scale (0, n) in B's prologue, a column bias (m, 0) and row 2
// of a table in the epilogue.  Each load keeps its constant index.
// RUN: wmma-opt %S/Inputs/constant-indices.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tiled=false})' | FileCheck %s
// RUN: wmma-opt %S/Inputs/constant-indices.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds})' | FileCheck %s --check-prefix=LDS
// RUN: wmma-opt %S/Inputs/constant-indices-tosa.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=TOSA

// CHECK-LABEL: gpu.func @fixed(
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[A:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// CHECK: %[[S:.*]] = amdgpu.fat_raw_buffer_cast %arg2
// CHECK: %[[CB:.*]] = amdgpu.fat_raw_buffer_cast %arg3
// CHECK: %[[T:.*]] = amdgpu.fat_raw_buffer_cast %arg4
// CHECK: scf.for
// CHECK: wmma.load <{{.*}}> %[[A]][%[[C0]], %{{.*}}, %{{.*}}] : memref<1x37x40xf16
// CHECK: memref.load %[[S]][%[[C0]], %{{.*}}] : memref<1x27xf16
// CHECK: wmma.mma
// CHECK: memref.load %[[CB]][%{{.*}}, %[[C0]]] : memref<37x1xf32
// CHECK: memref.load %[[T]][%[[C2]], %{{.*}}] : memref<4x27xf32
// CHECK: arith.mulf

// The tiled template stages A's tiles through LDS from (0, row, k).
// LDS-LABEL: gpu.func @fixed(
// LDS-SAME: staging = lds
// LDS: %[[A:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// LDS: vector.load %[[A]][%c0, %{{.*}}, %{{.*}}] : memref<1x37x40xf16

// TOSA form: the bias tensor<1x1x45xf32> read at (0, 0, n).
// TOSA-LABEL: gpu.func @tosa_fc(
// TOSA: %[[BIAS:.*]] = amdgpu.fat_raw_buffer_cast %arg2
// TOSA: wmma.mma
// TOSA: memref.load %[[BIAS]][%c0, %c0, %{{.*}}] : memref<1x1x45xf32
