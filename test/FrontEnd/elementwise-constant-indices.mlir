// Functions without a product whose inputs are read at constant indices
// (TOSA's broadcasts of size-1 dimensions, a keep-dim reduction result
// subtracted from its rows, one row of a table): the elementwise template
// reads each such dimension at its constant, in vector loads, broadcast
// scalars and LDS-staged transposes alike.
// RUN: wmma-opt %S/Inputs/elementwise-constant-indices.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// CHECK-LABEL: gpu.func @broadcast_add(
// CHECK-SAME: template = "elementwise"
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[A:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// CHECK: %[[B:.*]] = amdgpu.fat_raw_buffer_cast %arg1
// CHECK: vector.load %[[A]][%{{.*}}, %[[C0]], %{{.*}}] : memref<5x1x37xf32
// CHECK: vector.load %[[B]][%[[C0]], %{{.*}}, %{{.*}}] : memref<1x9x37xf32

// The keep-dim maximum: one scalar per row, broadcast along the run.
// CHECK-LABEL: gpu.func @minus_row_max(
// CHECK: %[[M:.*]] = amdgpu.fat_raw_buffer_cast %arg1
// CHECK: %[[S:.*]] = memref.load %[[M]][%{{.*}}, %{{.*}}, %c0] : memref<13x21x1xf16
// CHECK: vector.broadcast %[[S]] : f16 to vector<4xf16>

// CHECK-LABEL: gpu.func @scale_by_row2(
// CHECK: %[[T:.*]] = amdgpu.fat_raw_buffer_cast %arg1
// CHECK: vector.load %[[T]][%c2, %{{.*}}] : memref<4x70xf32

// CHECK-LABEL: gpu.func @transpose_unit(
// CHECK-SAME: staging = lds
// CHECK: %[[X:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// CHECK: vector.load %[[X]][%c0, %{{.*}}, %{{.*}}] : memref<1x37x45xf16
// CHECK: vector.store {{.*}} #gpu.address_space<workgroup>

// CHECK-LABEL: gpu.module @product_row_module
// CHECK: gpu.func @product_row_k0(
// CHECK: wmma.mma
// CHECK: gpu.func @product_row_k1(
// CHECK-SAME: template = "elementwise"
// CHECK: vector.load %{{.*}}[%c0, %{{.*}}] : memref<32x32xf32
// CHECK-LABEL: func.func @product_row(
// CHECK: gpu.launch_func @product_row_module::@product_row_k0
// CHECK: gpu.launch_func @product_row_module::@product_row_k1
