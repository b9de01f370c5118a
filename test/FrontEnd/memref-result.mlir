// A function on memrefs returning the buffer it allocates: the host side
// allocates it, launches the kernel on it and returns it as a memref (a
// bufferization.to_tensor of a memref type is invalid IR).
// RUN: wmma-opt %S/Inputs/memref-result.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// CHECK-LABEL: func.func @alloc_gemm_f16(%arg0: memref<?x?xf16>, %arg1: memref<?x?xf16>) -> memref<?x?xf32>
// CHECK: %[[R:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK: gpu.launch_func @alloc_gemm_f16_module::@alloc_gemm_f16 {{.*}} args(%arg0 : memref<?x?xf16>, %arg1 : memref<?x?xf16>, %[[R]] : memref<?x?xf32>)
// CHECK-NOT: bufferization.to_tensor
// CHECK: return %[[R]] : memref<?x?xf32>

// CHECK-LABEL: func.func @alloc_gemm_f32(
// CHECK: %[[R2:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK: gpu.launch_func
// CHECK-NOT: bufferization.to_tensor
// CHECK: return %[[R2]] : memref<?x?xf32>
