// The host side: the caller-facing function keeps its name and signature;
// its body computes the grid (from memref.dim for dynamic sizes) and
// launches the kernel with gpu.launch_func; the kernel lives in a
// gpu.module carrying #rocdl.target, the form upstream's GPU flow
// continues from.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// Upstream's flow from there: kernels serialized (wmma-to-hsaco ends with
// gpu-module-to-binary), tensors bufferized at the function boundary,
// gpu-to-llvm, then LLVM IR whose host code loads the binary and calls
// the GPU runtime wrappers.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},wmma-to-hsaco,expand-strided-metadata,finalize-memref-to-llvm,gpu-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | %mlir_translate --split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=LLVM

// CHECK: module attributes {gpu.container_module}
// CHECK: gpu.module @dyn_module [#rocdl.target<chip = "gfx1201">]
// CHECK: gpu.func @dyn(%arg0: memref<?x?xf16>, %arg1: memref<?x?xf16>, %arg2: memref<?x?xf32>) {{.*}}kernel
// CHECK-SAME: wmma.launch = #wmma.launch<grid = ()[s0, s1, s2] -> (s2 ceildiv [[TN:[0-9]+]], s0 ceildiv [[TM:[0-9]+]], 1), block = [[[BLOCK:[0-9]+]], 1, 1]
// CHECK-LABEL: func.func @dyn(%arg0: memref<?x?xf16>, %arg1: memref<?x?xf16>, %arg2: memref<?x?xf32>) {
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[N:.*]] = memref.dim %arg1, %[[C1]] : memref<?x?xf16>
// CHECK-DAG: %[[GX:.*]] = arith.ceildivui %[[N]], %c[[TN]] : index
// CHECK-DAG: %[[M:.*]] = memref.dim %arg0, %[[C0]] : memref<?x?xf16>
// CHECK-DAG: %[[GY:.*]] = arith.ceildivui %[[M]], %c[[TM]] : index
// CHECK: gpu.launch_func  @dyn_module::@dyn blocks in (%[[GX]], %[[GY]], %[[C1]]) threads in (%c[[BLOCK]], %[[C1]], %[[C1]])  args(%arg0 : memref<?x?xf16>, %arg1 : memref<?x?xf16>, %arg2 : memref<?x?xf32>)
// CHECK-NEXT: return
// LLVM: @dyn_module_binary = internal constant [{{[0-9]+}} x i8] c"\7FELF
// LLVM: define void @dyn(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6,
// LLVM: call ptr @mgpuModuleGetFunction(
// LLVM: call void @mgpuLaunchKernel(
func.func @dyn(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [128, 64, 32], waves = [2, 2], wave_tile = [4, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  return
}

// -----

// A tensor function: the arguments become buffers (read-only), the result
// is allocated (sized by tensor.dim of the input) and returned as a tensor.
// CHECK: gpu.module @layer_module [#rocdl.target<chip = "gfx1201">]
// CHECK: gpu.func @layer(%arg0: memref<?x64xf16>, %arg1: memref<64x48xf16>, %arg2: memref<?x48xf16>)
// CHECK-SAME: roles = [input, input, output], host = [0, 1, -1]
// CHECK-LABEL: func.func @layer(%arg0: tensor<?x64xf16>, %arg1: tensor<64x48xf16>) -> tensor<?x48xf16> {
// CHECK-DAG: %[[X:.*]] = bufferization.to_buffer %arg0 read_only : tensor<?x64xf16> to memref<?x64xf16>
// CHECK-DAG: %[[W:.*]] = bufferization.to_buffer %arg1 read_only : tensor<64x48xf16> to memref<64x48xf16>
// CHECK-DAG: %[[M:.*]] = tensor.dim %arg0, %c0 : tensor<?x64xf16>
// CHECK: %[[OUT:.*]] = memref.alloc(%[[M]]) : memref<?x48xf16>
// CHECK: gpu.launch_func  @layer_module::@layer blocks in ({{.*}}) threads in ({{.*}})  args(%[[X]] : memref<?x64xf16>, %[[W]] : memref<64x48xf16>, %[[OUT]] : memref<?x48xf16>)
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<?x48xf16> to tensor<?x48xf16>
// CHECK: return %[[T]] : tensor<?x48xf16>
// LLVM: @layer_module_binary = internal constant
// LLVM: define { ptr, ptr, i64, [2 x i64], [2 x i64] } @layer(
// LLVM: call ptr @malloc(
// LLVM: call void @mgpuLaunchKernel(
func.func @layer(%x: tensor<?x64xf16>, %w: tensor<64x48xf16>) -> tensor<?x48xf16> attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 64, 16], waves = [1, 4], wave_tile = [1, 1], stages = 1, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = rowseg, copy = [none, none], causal = false>} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x64xf16>
  %e = tensor.empty(%m) : tensor<?x48xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x48xf32>) -> tensor<?x48xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x64xf16>, tensor<64x48xf16>) outs(%f : tensor<?x48xf32>) -> tensor<?x48xf32>
  %e16 = tensor.empty(%m) : tensor<?x48xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<?x48xf32>) outs(%e16 : tensor<?x48xf16>) {
  ^bb0(%a: f32, %o: f16):
    %t = arith.truncf %a : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x48xf16>
  return %h : tensor<?x48xf16>
}

// -----

// Static sizes: constant grid, nothing computed.
// CHECK-LABEL: func.func @static(
// CHECK-NOT: memref.dim
// CHECK: gpu.launch_func  @static_module::@static blocks in (%c{{[0-9]+}}, %c{{[0-9]+}}, %c1)
// LLVM: define void @static(
// LLVM: call void @mgpuLaunchKernel(ptr %{{.*}}, i64 {{[0-9]+}}, i64 {{[0-9]+}}, i64 1, i64 {{[0-9]+}}, i64 1, i64 1,
func.func @static(%A: memref<100x100xf16>, %B: memref<100x100xf16>, %C: memref<100x100xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 64, 16], waves = [1, 4], wave_tile = [1, 1], stages = 1, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = rowseg, copy = [none, none], causal = false>} {
  linalg.matmul ins(%A, %B : memref<100x100xf16>, memref<100x100xf16>) outs(%C : memref<100x100xf32>)
  return
}
