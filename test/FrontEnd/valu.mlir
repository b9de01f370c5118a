// The VALU template: products no WMMA instruction takes (f32, f64, i32,
// mixed types; matrix-vector and dot products; M or N = 1) get a kernel of
// VALU multiply-adds with a remark saying why; WMMA types keep WMMA.
// (Numerics: valu-numerics.test.)
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>/dev/null | FileCheck %s --check-prefix=R3

// f32 x f32 (PyTorch's default dtype): the tiled kernel.  A 100 x 72
// product takes 2 x 2 blocks per thread (12 workgroups of 32 x 32, where
// 4 x 4 blocks would make 4).  A and B slices go through LDS (16 x 32
// each, K-major), the slice past K = 129 zeroed; 4 fma per K per thread;
// stores guarded on the M and N tails.
// CHECK-LABEL: gpu.func @mm(
// CHECK-SAME: workgroup(%[[LA:.*]] : memref<16x32xf32, #gpu.address_space<workgroup>>, %[[LB:.*]] : memref<16x32xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: wmma.launch = #wmma.launch<grid = () -> (3, 4, 1), block = [256, 1, 1], lds = 4096
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "valu", instruction = "none", staging = lds, tile = [32, 32, 16], waves = [8, 1], wave_tile = [2, 2], stages = 1, tails = [true, true, true], accumulator = f32
// CHECK-NOT: wmma.
// CHECK: scf.for %{{.*}} = %c0 to %c144 step %c16 iter_args({{.*}}) -> (f32, f32, f32, f32)
// CHECK: %[[A:.*]] = memref.load %{{.*}} : memref<100x129xf32, #amdgpu.address_space<fat_raw_buffer>>
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %c129
// CHECK: %[[AM:.*]] = arith.select %[[IN]], %[[A]], %cst : f32
// CHECK: memref.store %[[AM]], %[[LA]]
// CHECK: memref.store %{{.*}}, %[[LB]]
// CHECK: amdgpu.lds_barrier
// CHECK: vector.load %[[LA]]{{.*}} vector<2xf32>
// CHECK: vector.load %[[LB]]{{.*}} vector<2xf32>
// CHECK-COUNT-4: math.fma %{{.*}} : f32
// CHECK-NOT: math.fma
// CHECK: vector.load %[[LA]]{{.*}} vector<2xf32>
// CHECK: amdgpu.lds_barrier
// CHECK: scf.yield
// CHECK: %[[OK:.*]] = arith.andi
// CHECK: scf.if %[[OK]] {
// CHECK-NEXT: memref.store %{{.*}} : memref<100x72xf32, #amdgpu.address_space<fat_raw_buffer>>
// CHECK-NOT: wmma.
// CHECK: gpu.return
// CHECK: func.func @mm(
// CHECK: gpu.launch_func @mm_module::@mm
// R3: #wmma.schedule<template = "valu", instruction = "none", staging = lds
func.func @mm(%A: memref<100x129xf32>, %B: memref<129x72xf32>, %C: memref<100x72xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x72xf32>)
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.matmul: f32 x f32 -> f32 has no WMMA instruction; convert both operands to f16 or both to bf16 for WMMA}}
  linalg.matmul ins(%A, %B : memref<100x129xf32>, memref<129x72xf32>) outs(%C : memref<100x72xf32>)
  return
}

// -----

// A large product takes the block the time estimate wants per chip
// (Templates/Valu.c, block_per_thread): on gfx1201 (32 WGPs) 8 x 8 blocks
// (64 workgroups of 128 x 128; half the LDS bytes per multiply-add of
// 4 x 4), two 16-byte LDS reads per operand and K (the block's runs 64
// apart), 64 fma; on gfx1100 (48 WGPs) 4 x 4 (256 workgroups of 64 x 64:
// 64 of 128 x 128 would leave a third of the second round idle).
// CHECK-LABEL: gpu.func @mm_large(
// CHECK-SAME: workgroup(%[[LA:.*]] : memref<16x128xf32, #gpu.address_space<workgroup>>, %[[LB:.*]] : memref<16x128xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: grid = () -> (8, 8, 1), block = [256, 1, 1], lds = 16384
// CHECK-SAME: tile = [128, 128, 16], waves = [8, 1], wave_tile = [8, 8], stages = 1, tails = [false, false, false]
// CHECK: amdgpu.lds_barrier
// CHECK-COUNT-2: vector.load %[[LA]]{{.*}} vector<4xf32>
// CHECK-COUNT-2: vector.load %[[LB]]{{.*}} vector<4xf32>
// CHECK-COUNT-64: math.fma %{{.*}} : f32
// CHECK-NOT: math.fma
// CHECK: vector.load %[[LA]]{{.*}} vector<4xf32>
// R3-LABEL: gpu.func @mm_large(
// R3-SAME: grid = () -> (16, 16, 1), block = [256, 1, 1], lds = 8192
// R3-SAME: tile = [64, 64, 16], waves = [8, 1], wave_tile = [4, 4]
func.func @mm_large(%A: memref<1024x512xf32>, %B: memref<512x1024xf32>, %C: memref<1024x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1024x1024xf32>)
  // expected-remark @+1 {{converted to a VALU kernel (template valu)}}
  linalg.matmul ins(%A, %B : memref<1024x512xf32>, memref<512x1024xf32>) outs(%C : memref<1024x1024xf32>)
  return
}

// -----

// On tensors, with a bias and a ReLU evaluated per output element (the
// bias read once per column), no K tail (80 = 5 x 16).
// CHECK-LABEL: gpu.func @mm_bias_relu(
// CHECK-SAME: tails = [false, true, false], accumulator = f32
// CHECK: scf.for %{{.*}} = %c0 to %c80 step %c16
// CHECK-NOT: arith.cmpi ult, %{{.*}}, %c80
// CHECK: scf.yield
// CHECK: %[[BIAS:.*]] = memref.load %{{.*}} : memref<70xf32, #amdgpu.address_space<fat_raw_buffer>>
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %[[BIAS]] : f32
// CHECK: %[[R:.*]] = arith.maximumf %[[SUM]], %cst : f32
// CHECK: memref.store %[[R]], %{{.*}} : memref<96x70xf32, #amdgpu.address_space<fat_raw_buffer>>
// CHECK: func.func @mm_bias_relu({{.*}}) -> tensor<96x70xf32>
// CHECK: gpu.launch_func @mm_bias_relu_module::@mm_bias_relu
func.func @mm_bias_relu(%A: tensor<96x80xf32>, %B: tensor<80x70xf32>, %bias: tensor<70xf32>) -> tensor<96x70xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96x70xf32>) -> tensor<96x70xf32>
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.matmul: f32 x f32 -> f32}}
  %p = linalg.matmul ins(%A, %B : tensor<96x80xf32>, tensor<80x70xf32>) outs(%f : tensor<96x70xf32>) -> tensor<96x70xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : tensor<96x70xf32>, tensor<70xf32>) outs(%e : tensor<96x70xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %y = arith.addf %x, %b : f32
    %z = arith.maximumf %y, %zero : f32
    linalg.yield %z : f32
  } -> tensor<96x70xf32>
  return %r : tensor<96x70xf32>
}

// -----

// A dynamic M: the grid and the M guard read it at run time.
// CHECK-LABEL: gpu.func @dyn(
// CHECK-SAME: grid = ()[s0] -> (2, s0 ceildiv 32, 1)
// CHECK-SAME: tails = [true, true, false]
// CHECK: %[[M:.*]] = memref.dim %arg0, %c0 : memref<?x64xf32>
// CHECK: arith.cmpi ult, %{{.*}}, %[[M]] : index
func.func @dyn(%A: memref<?x64xf32>, %B: memref<64x40xf32>, %C: memref<?x40xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x40xf32>)
  // expected-remark @+1 {{converted to a VALU kernel (template valu)}}
  linalg.matmul ins(%A, %B : memref<?x64xf32>, memref<64x40xf32>) outs(%C : memref<?x40xf32>)
  return
}

// -----

// i32 x i32: exact integer multiply-adds, no fma.
// CHECK-LABEL: gpu.func @imm(
// CHECK-SAME: workgroup(%{{.*}} : memref<16x32xi32, #gpu.address_space<workgroup>>
// CHECK-SAME: accumulator = i32
// CHECK-NOT: math.fma
// CHECK: %[[P:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: arith.addi %{{.*}}, %[[P]] : i32
// CHECK-NOT: math.fma
// CHECK: gpu.return
func.func @imm(%A: memref<65x33xi32>, %B: memref<33x47xi32>, %C: memref<65x47xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%C : memref<65x47xi32>)
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.matmul: i32 x i32 -> i32 has no WMMA instruction; convert the operands to i8 (into i32) for WMMA}}
  linalg.matmul ins(%A, %B : memref<65x33xi32>, memref<33x47xi32>) outs(%C : memref<65x47xi32>)
  return
}

// -----

// f64 accumulates in f64; C += A x B starts from C.
// CHECK-LABEL: gpu.func @f64(
// CHECK-SAME: accumulator = f64
// CHECK: memref.load %{{.*}} : memref<40x20xf64, #amdgpu.address_space<fat_raw_buffer>>
// CHECK: scf.for
// CHECK: math.fma %{{.*}} : f64
func.func @f64(%A: memref<40x33xf64>, %B: memref<33x20xf64>, %C: memref<40x20xf64>) {
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.matmul: f64 x f64 -> f64 has no WMMA instruction}}
  linalg.matmul ins(%A, %B : memref<40x33xf64>, memref<33x20xf64>) outs(%C : memref<40x20xf64>)
  return
}

// -----

// A matrix-vector product: the rows kernel.  A wave per output row, lanes
// stride over K (4 elements per lane per step of 128), partial sums meet in
// LDS and lane 0 adds them in lane order.
// CHECK-LABEL: gpu.func @mv(
// CHECK-SAME: workgroup(%[[RED:.*]] : memref<256xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: grid = () -> (125, 1, 1)
// CHECK-SAME: template = "valu", instruction = "none", staging = registers, tile = [8, 1, 128]
// CHECK: %[[LANE:.*]] = arith.remui %thread_id_x, %c32 : index
// CHECK: %[[PART:.*]] = scf.for %{{.*}} = %c0 to %c384 step %c128 iter_args(%{{.*}} = %cst) -> (f32)
// CHECK-COUNT-4: math.fma
// CHECK: memref.store %[[PART]], %[[RED]][%thread_id_x]
// CHECK: amdgpu.lds_barrier
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %c0 : index
// CHECK: scf.if %[[FIRST]] {
// CHECK-COUNT-31: arith.addf
// CHECK: memref.store %{{.*}} : memref<1000xf32, #amdgpu.address_space<fat_raw_buffer>>
func.func @mv(%A: memref<1000x333xf32>, %x: memref<333xf32>, %y: memref<1000xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<1000xf32>)
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.matvec: the contraction has no N loop (a matrix-vector or outer product is not a WMMA GEMM); and f32 x f32 -> f32 has no WMMA instruction}}
  linalg.matvec ins(%A, %x : memref<1000x333xf32>, memref<333xf32>) outs(%y : memref<1000xf32>)
  return
}

// -----

// A vector-matrix product with A stored K x N: a thread per output, its
// K loop sequential (4 per step), consecutive threads on consecutive
// columns of A; no LDS.  Threads past the 77 columns skip the K loop
// (a branch around it: no loads past A's rows).
// CHECK-LABEL: gpu.func @vm(
// CHECK-NOT: workgroup(
// CHECK-SAME: lds = 0
// CHECK-SAME: template = "valu", instruction = "none", staging = registers, tile = [256, 1, 4]
// CHECK: %[[N:.*]] = arith.addi %{{.*}}, %thread_id_x : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[N]], %c77 : index
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK: scf.for %{{.*}} = %c0 to %c200 step %c4 iter_args(%{{.*}} = %cst) -> (f32)
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[N]]] : memref<200x77xf16, #amdgpu.address_space<fat_raw_buffer>>
// CHECK-COUNT-4: math.fma
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: scf.yield
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[N]]] : memref<77xf32, #amdgpu.address_space<fat_raw_buffer>>
func.func @vm(%x: memref<200xf16>, %A: memref<200x77xf16>, %y: memref<77xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<77xf32>)
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.vecmat: the contraction has no M loop}}
  linalg.vecmat ins(%x, %A : memref<200xf16>, memref<200x77xf16>) outs(%y : memref<77xf32>)
  return
}

// -----

// f16 with M = 1: WMMA types, but a WMMA tile would be 1/16 used.
// CHECK-LABEL: gpu.func @m1(
// CHECK-SAME: template = "valu"
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: math.fma
func.func @m1(%A: memref<1x96xf16>, %B: memref<96x50xf16>, %C: memref<1x50xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1x50xf32>)
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.matmul: M = 1: a WMMA tile would use 1 of its 16 rows}}
  linalg.matmul ins(%A, %B : memref<1x96xf16>, memref<96x50xf16>) outs(%C : memref<1x50xf32>)
  return
}

// -----

// A dot product (a rank-0 sum of products, no M or N loop) is a reduction:
// the reduction template's vector loads and cross-lane sums take it
// (reduction.mlir), not the VALU template.
// CHECK-LABEL: gpu.func @dot(
// CHECK-SAME: template = "reduction"
func.func @dot(%a: memref<1000xf32>, %b: memref<1000xf32>, %r: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%r : memref<f32>)
  linalg.dot ins(%a, %b : memref<1000xf32>, memref<1000xf32>) outs(%r : memref<f32>)
  return
}

// -----

// f16 x f16 keeps WMMA: the VALU template never competes with it.
// CHECK-LABEL: gpu.func @f16(
// CHECK-SAME: template = "gemm"
// CHECK: wmma.mma
func.func @f16(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
  return
}

// -----

// What VALU does not take either stays refused, with both reasons.
// CHECK-LABEL: func.func @f8_matvec
// CHECK-NOT: gpu.module
// CHECK: linalg.matvec
func.func @f8_matvec(%A: memref<16x16xf8E4M3FN>, %x: memref<16xf8E4M3FN>, %y: memref<16xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.matvec: the contraction has no N loop (a matrix-vector or outer product is not a WMMA GEMM) (nor can the VALU template take it: it takes f16, bf16, f32 and f64 products into a float, or i8, i16 and i32 products into an integer of at most 32 bits, not f8E4M3FN x f8E4M3FN -> f32)}}
  linalg.matvec ins(%A, %x : memref<16x16xf8E4M3FN>, memref<16xf8E4M3FN>) outs(%y : memref<16xf32>)
  return
}

// -----

// A pinned VALU schedule (as another compile printed it) is built as is;
// the kernel carries it.
// CHECK-LABEL: gpu.func @pinned(
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "valu", instruction = "none", staging = lds, tile = [64, 64, 16], waves = [8, 1], wave_tile = [4, 4], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>
// CHECK-LABEL: func.func @pinned(
// CHECK-NOT: wmma.schedule
// CHECK: gpu.launch_func
func.func @pinned(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) attributes {wmma.schedule = #wmma.schedule<template = "valu", instruction = "none", staging = lds, tile = [64, 64, 16], waves = [8, 1], wave_tile = [4, 4], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  // expected-remark @+1 {{converted to a VALU kernel (template valu)}}
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
