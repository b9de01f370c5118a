// Recognition of each accepted form: every function here becomes one
// kernel; the checks pin how the operands were understood (which matrix is
// read transposed, which buffer is the accumulator, what the epilogue
// evaluates, what the launch record says).  On RDNA4 a product whose output
// has its columns innermost is computed swapped (B^T A^T, so that lanes hold
// row segments of the output): A is read as the B operand and B as the A
// operand, and full-tile epilogue leaves and the output move as vectors.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// Nothing is left behind: no linalg op survives in any function.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefix=NOLINALG --implicit-check-not=linalg.
// NOLINALG-COUNT-10: gpu.launch_func

// linalg.matmul with indexing_maps: A given K x M, B given N x K, K = 40
// (two full K steps and a masked tail of 8).
// CHECK-LABEL: gpu.func @mm_tt(
// CHECK-SAME: roles = [input, input, inout]
// CHECK-SAME: tails = [false, true, true]
// CHECK: wmma.load <b, kcontig, #atom> %{{.*}}[%{{.*}}, %{{.*}}] : memref<40x64xf16
// CHECK: wmma.load <a, kcontig, #atom> %{{.*}}[%{{.*}}, %{{.*}}] : memref<48x40xf16
// CHECK: wmma.load <b, kcontig, #atom> %{{.*}}[%c32, %{{.*}}] masked
// CHECK: wmma.load <a, kcontig, #atom> %{{.*}}[%{{.*}}, %c32] masked
// CHECK: vector.store %{{.*}} : memref<64x48xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
func.func @mm_tt(%A: memref<40x64xf16>, %B: memref<48x40xf16>, %C: memref<64x48xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                 affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<40x64xf16>, memref<48x40xf16>) outs(%C : memref<64x48xf32>)
  return
}

// -----

// linalg.batch_matmul with B given N x K: the batch is grid z.
// CHECK-LABEL: gpu.func @bmm_t(
// CHECK-SAME: grid = () -> (1, 2, 3)
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK: wmma.load <b, kcontig, transposed, #atom> %{{.*}}[%[[Z]], %{{.*}}, %{{.*}}] : memref<3x32x16xf16
// CHECK: wmma.load <a, kcontig, #atom> %{{.*}}[%[[Z]], %{{.*}}, %{{.*}}] : memref<3x32x16xf16
func.func @bmm_t(%A: memref<3x32x16xf16>, %B: memref<3x32x16xf16>, %C: memref<3x32x32xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                       affine_map<(b, m, n, k) -> (b, n, k)>,
                                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x32x16xf16>, memref<3x32x16xf16>) outs(%C : memref<3x32x32xf32>)
  return
}

// -----

// linalg.transpose into a local buffer feeding a product: the product reads
// the original, transposed; the local buffer disappears.
// CHECK-LABEL: gpu.func @transpose_feeds(
// CHECK-SAME: %arg0: memref<32x16xf16>, %arg1: memref<32x16xf16>, %arg2: memref<16x16xf32>)
// CHECK: wmma.load <b, kcontig, #atom> %{{.*}} : memref<32x16xf16
// CHECK: wmma.load <a, kcontig, transposed, #atom> %{{.*}} : memref<32x16xf16
// CHECK-LABEL: func.func @transpose_feeds(
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch_func
func.func @transpose_feeds(%A: memref<32x16xf16>, %B: memref<32x16xf16>, %C: memref<16x16xf32>) {
  %At = memref.alloc() : memref<16x32xf16>
  linalg.transpose ins(%A : memref<32x16xf16>) outs(%At : memref<16x32xf16>) permutation = [1, 0]
  linalg.matmul ins(%At, %B : memref<16x32xf16>, memref<32x16xf16>) outs(%C : memref<16x16xf32>)
  memref.dealloc %At : memref<16x32xf16>
  return
}

// -----

// The same on tensors: the accumulator tensor is read, the result is a
// new buffer the host side allocates (host = -1: result 0).
// CHECK-LABEL: gpu.func @transpose_tensor(
// CHECK-SAME: roles = [input, input, input, output], host = [0, 1, 2, -1]
// CHECK: wmma.load <b, kcontig, #atom>
func.func @transpose_tensor(%A: tensor<32x16xf16>, %B: tensor<32x16xf16>, %C: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<16x32xf16>
  %At = linalg.transpose ins(%A : tensor<32x16xf16>) outs(%e : tensor<16x32xf16>) permutation = [1, 0]
  %r = linalg.matmul ins(%At, %B : tensor<16x32xf16>, tensor<32x16xf16>) outs(%C : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// -----

// A linalg.generic contraction with its loops in another order and every
// operand permuted (A as K x M, B as N x K, C as N x M); the products of
// extended f16 values are the f16 WMMA.
// CHECK-LABEL: gpu.func @generic_perm(
// CHECK: wmma.load <c, hw, transposed, #atom> %{{.*}} : memref<48x32xf32
// CHECK: wmma.load <a, kcontig, transposed, #atom> %{{.*}} : memref<16x32xf16
// CHECK: wmma.load <b, kcontig, transposed, #atom> %{{.*}} : memref<48x16xf16
// CHECK: wmma.mma
// CHECK: wmma.store <d, hw, transposed, #atom> %{{.*}} : vector<8xf32>, memref<48x32xf32
func.func @generic_perm(%A: memref<16x32xf16>, %B: memref<48x16xf16>, %C: memref<48x32xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 64, 16], waves = [1, 4], wave_tile = [1, 1], stages = 1, tails = [false, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  linalg.generic {indexing_maps = [affine_map<(n, m, k) -> (k, m)>, affine_map<(n, m, k) -> (n, k)>, affine_map<(n, m, k) -> (n, m)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<16x32xf16>, memref<48x16xf16>) outs(%C : memref<48x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// linalg.fill of a local accumulator, then the named elementwise ops
// linalg.add and linalg.exp: the accumulators start at zero, the
// epilogue adds the bias tile and exponentiates.
// CHECK-LABEL: gpu.func @named_elementwise(
// CHECK-SAME: roles = [input, input, input, output]
// CHECK: wmma.fill <c, hw, #atom>
// CHECK: wmma.mma
// CHECK: %[[BIAS:.*]] = vector.load %{{.*}} : memref<64x64xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %[[BIAS]] : vector<8xf32>
// CHECK: %[[E:.*]] = math.exp %[[SUM]] : vector<8xf32>
// CHECK: vector.store %[[E]]
func.func @named_elementwise(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %bias: memref<64x64xf32>, %Y: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<64x64xf32>
  linalg.fill ins(%zero : f32) outs(%tmp : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x64xf16>) outs(%tmp : memref<64x64xf32>)
  linalg.add ins(%tmp, %bias : memref<64x64xf32>, memref<64x64xf32>) outs(%Y : memref<64x64xf32>)
  linalg.exp ins(%Y : memref<64x64xf32>) outs(%Y : memref<64x64xf32>)
  return
}

// -----

// linalg.copy of a bias into the output, then accumulation into it: the
// accumulators start from the bias (an input), the output is only written.
// CHECK-LABEL: gpu.func @copy_bias(
// CHECK-SAME: roles = [input, input, input, output]
// CHECK: vector.load %{{.*}} : memref<64x64xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// CHECK: wmma.mma
// CHECK: vector.store %{{.*}} : memref<64x64xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
func.func @copy_bias(%A: memref<64x32xf16>, %B: memref<32x64xf16>, %bias: memref<64x64xf32>, %Y: memref<64x64xf32>) {
  linalg.copy ins(%bias : memref<64x64xf32>) outs(%Y : memref<64x64xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x64xf16>) outs(%Y : memref<64x64xf32>)
  return
}

// -----

// Strided memrefs with static strides and offsets (views made by
// memref.subview in the caller): the buffer views start at the offset and
// keep the row strides.
// CHECK-LABEL: gpu.func @strided(
// CHECK: amdgpu.fat_raw_buffer_cast %arg0 {{.*}}resetOffset : memref<32x32xf16, strided<[64, 1], offset: 8>> to memref<32x32xf16, strided<[64, 1]>, #amdgpu.address_space<fat_raw_buffer>>
// CHECK: wmma.load <b, kcontig, transposed, #atom> %{{.*}} : memref<32x32xf16, strided<[64, 1]>, #amdgpu.address_space<fat_raw_buffer>>
// CHECK: wmma.load <a, kcontig, transposed, #atom> %{{.*}} : memref<32x32xf16, strided<[40, 1]>, #amdgpu.address_space<fat_raw_buffer>>
// CHECK: vector.store %{{.*}} : memref<32x32xf32, strided<[128, 1]>, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
func.func @strided(%A: memref<32x32xf16, strided<[64, 1], offset: 8>>, %B: memref<32x32xf16, strided<[40, 1]>>, %C: memref<32x32xf32, strided<[128, 1], offset: 4>>) {
  linalg.matmul ins(%A, %B : memref<32x32xf16, strided<[64, 1], offset: 8>>, memref<32x32xf16, strided<[40, 1]>>) outs(%C : memref<32x32xf32, strided<[128, 1], offset: 4>>)
  return
}

// -----

// Dynamic sizes: the grid is an expression of the run-time sizes (s0 = M,
// s1 = K, s2 = N), computed by the host side from memref.dim.
// CHECK-LABEL: gpu.func @dyn(
// CHECK-SAME: grid = ()[s0, s1, s2] -> (s2 ceildiv {{[0-9]+}}, s0 ceildiv {{[0-9]+}}, 1)
// CHECK-SAME: dims = [-1, -2, -2, -3, -1, -3]
// CHECK: vector.store %{{.*}} : memref<?x?xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// CHECK-LABEL: func.func @dyn(
// CHECK-DAG: memref.dim %arg0, %c0
// CHECK-DAG: memref.dim %arg1, %c1
// CHECK: gpu.launch_func  @dyn_module::@dyn blocks in
func.func @dyn(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  return
}

// -----

// A function on tensors with odd sizes: tensor.empty + linalg.fill is a
// zero accumulator, every load and the store are masked.
// CHECK-LABEL: gpu.func @tensors(
// CHECK-SAME: roles = [input, input, output], host = [0, 1, -1]
// CHECK: wmma.fill <c, hw, #atom>
// CHECK: wmma.load <b, kcontig, transposed, #atom> {{.*}} masked : memref<7x20xf16
// CHECK: vector.store %{{.*}} : memref<7x9xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf32>
// CHECK-LABEL: func.func @tensors(
// CHECK-SAME: -> tensor<7x9xf32>
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<7x9xf32>
// CHECK: gpu.launch_func
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: return %[[T]] : tensor<7x9xf32>
func.func @tensors(%A: tensor<7x20xf16>, %B: tensor<20x9xf16>) -> tensor<7x9xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x9xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<7x9xf32>) -> tensor<7x9xf32>
  %r = linalg.matmul ins(%A, %B : tensor<7x20xf16>, tensor<20x9xf16>) outs(%f : tensor<7x9xf32>) -> tensor<7x9xf32>
  return %r : tensor<7x9xf32>
}
