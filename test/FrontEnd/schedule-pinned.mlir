// Code generation from a pinned schedule: a func.func carrying
// wmma.schedule = #wmma.schedule<...> is compiled with exactly that
// schedule, whatever the cost rule would pick (schedule.mlir tests the
// choice itself).  Each function pins choices other than the default one
// (K step, LDS stages, copy kind, form, wave grid, rows, causal early
// exit), on both chips; the kernel carries the pin, the host function no
// longer does.
// schedule-pinned.test runs the same pins numerically; the refusals are in
// schedule-pinned-invalid.mlir.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=CHECK,R3

// GEMM through LDS in 64-wide K slices (the default is 32) with B, stored
// K x N, copied element by element instead of through the identity WMMA,
// in the accumulator layout instead of row segments.  K = 80 is one full
// slice and a partial one, each multiplied as 4 K steps of 2x2 tiles (32
// WMMAs); the copy adds no identity WMMA.
// CHECK-LABEL: gpu.func @gemm_k64(
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 64], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, scalar], causal = false>
// CHECK-COUNT-32: wmma.mma
// CHECK-NOT: wmma.mma
// CHECK: gpu.return
// CHECK-LABEL: func.func @gemm_k64(
// CHECK-NOT: wmma.schedule
// CHECK: gpu.launch_func
func.func @gemm_k64(%A: memref<96x80xf16>, %B: memref<80x72xf16>, %C: memref<96x72xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 64], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, scalar], causal = false>} {
  linalg.matmul ins(%A, %B : memref<96x80xf16>, memref<80x72xf16>) outs(%C : memref<96x72xf32>)
  return
}

// -----

// A large GEMM kept in registers with a 64x64 tile of 2x2 waves (the cost
// rule stages it through LDS): no workgroup memory.
// CHECK-LABEL: gpu.func @gemm_regs(
// CHECK-SAME: lds = 0
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [64, 64, 16], waves = [2, 2], wave_tile = [2, 2], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>
// CHECK-NOT: memref.alloca
// CHECK: gpu.return
func.func @gemm_regs(%A: memref<1024x512xf16>, %B: memref<512x1024xf16>, %C: memref<1024x1024xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [64, 64, 16], waves = [2, 2], wave_tile = [2, 2], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  linalg.matmul ins(%A, %B : memref<1024x512xf16>, memref<512x1024xf16>) outs(%C : memref<1024x1024xf32>)
  return
}

// -----

// A 16-wide K step through LDS with row segments (B given N x K: both
// copies vectorised), 128x64 tiles: each slice is one K step, so no
// scheduling barrier splits a slice: one starts each slice's WMMAs
// (keeping the prefetch above them: the loop's two slices -- unrolled by
// the two buffers --, the one after the loop, the peeled full one, the
// masked tail), one follows the last WMMAs.
// CHECK-LABEL: gpu.func @gemm_k16(
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_bf16", staging = lds, tile = [128, 64, 16], waves = [2, 2], wave_tile = [4, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, vec], causal = false>
// CHECK: scf.for
// CHECK-COUNT-2: rocdl.sched.barrier
// CHECK-NOT: rocdl.sched.barrier
// CHECK: scf.yield
// CHECK-COUNT-4: rocdl.sched.barrier
// CHECK-NOT: rocdl.sched.barrier
// CHECK: gpu.return
func.func @gemm_k16(%A: memref<200x100xbf16>, %B: memref<90x100xbf16>, %C: memref<200x90xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_bf16", staging = lds, tile = [128, 64, 16], waves = [2, 2], wave_tile = [4, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, vec], causal = false>} {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<200x100xbf16>, memref<90x100xbf16>) outs(%C : memref<200x90xf32>)
  return
}

// -----

// GEMM-GEMM with the intermediate in registers: 2 waves of one strip (32
// rows per workgroup, the default is 64), the first product's K in 64-wide
// slices, B0 copied element by element.
// CHECK-LABEL: gpu.func @chain_regs(
// CHECK-SAME: block = [64, 1, 1]
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "chain_regs", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [32, 16, 64], waves = [2, 1], wave_tile = [1, 3], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, scalar], causal = false>
func.func @chain_regs(%A: memref<64x64xf16>, %B0: memref<64x48xf16>, %B1: memref<48x32xf16>, %D: memref<64x32xf32>) attributes {wmma.schedule = #wmma.schedule<template = "chain_regs", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [32, 16, 64], waves = [2, 1], wave_tile = [1, 3], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, scalar], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<64x48xf32>)
  linalg.matmul ins(%A, %B0 : memref<64x64xf16>, memref<64x48xf16>) outs(%p : memref<64x48xf32>)
  %h = memref.alloc() : memref<64x48xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<64x48xf32>) outs(%h : memref<64x48xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%D : memref<64x32xf32>)
  linalg.matmul ins(%h, %B1 : memref<64x48xf16>, memref<48x32xf16>) outs(%D : memref<64x32xf32>)
  return
}

// -----

// The same chain with the intermediate in LDS, 32 rows per workgroup of 2
// waves (the cost rule takes the register template).
// CHECK-LABEL: gpu.func @chain_lds(
// CHECK-SAME: block = [64, 1, 1]
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "chain_lds", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [32, 16, 16], waves = [2, 1], wave_tile = [1, 1], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>
func.func @chain_lds(%A: memref<64x64xf16>, %B0: memref<64x48xf16>, %B1: memref<48x32xf16>, %D: memref<64x32xf32>) attributes {wmma.schedule = #wmma.schedule<template = "chain_lds", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [32, 16, 16], waves = [2, 1], wave_tile = [1, 1], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<64x48xf32>)
  linalg.matmul ins(%A, %B0 : memref<64x64xf16>, memref<64x48xf16>) outs(%p : memref<64x48xf32>)
  %h = memref.alloc() : memref<64x48xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<64x48xf32>) outs(%h : memref<64x48xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%D : memref<64x32xf32>)
  linalg.matmul ins(%h, %B1 : memref<64x48xf16>, memref<48x32xf16>) outs(%D : memref<64x32xf32>)
  return
}

// -----

// Causal attention visiting every key block (causal = false: right too, the
// masked scores are -inf): the key loop's bound is the key count alone.
// CHECK-LABEL: gpu.func @attention_all_keys(
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "attention", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 2, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>
// CHECK-NOT: arith.minui
// CHECK: gpu.return
func.func @attention_all_keys(%Q: tensor<70x64xf16>, %K: tensor<70x64xf16>, %V: tensor<70x64xf16>) -> tensor<70x64xf32> attributes {wmma.schedule = #wmma.schedule<template = "attention", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 2, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<70x70xf32>) -> tensor<70x70xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%Q, %K : tensor<70x64xf16>, tensor<70x64xf16>) outs(%f : tensor<70x70xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<70x70xf32>
  %e1 = tensor.empty() : tensor<70x70xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<70x70xf32>) outs(%e1 : tensor<70x70xf32>) {
    ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    %qi = linalg.index 0 : index
    %ki = linalg.index 1 : index
    %ninf = arith.constant 0xFF800000 : f32
    %fut = arith.cmpi ugt, %ki, %qi : index
    %y2 = arith.select %fut, %ninf, %y0 : f32
    linalg.yield %y2 : f32
  } -> tensor<70x70xf32>
  %e2 = tensor.empty() : tensor<70x70xf32>
  %sm = linalg.softmax dimension(1) ins(%sx : tensor<70x70xf32>) outs(%e2 : tensor<70x70xf32>) -> tensor<70x70xf32>
  %e3 = tensor.empty() : tensor<70x70xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sm : tensor<70x70xf32>) outs(%e3 : tensor<70x70xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<70x70xf16>
  %e4 = tensor.empty() : tensor<70x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<70x64xf32>) -> tensor<70x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p16, %V : tensor<70x70xf16>, tensor<70x64xf16>) outs(%f4 : tensor<70x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<70x64xf32>
  return %o : tensor<70x64xf32>
}

// -----

// f16 accumulated natively (the pin's accumulator), one tile per register
// set (acc_pack = 1; RDNA3 would pack two by default, the second tile's
// WMMAs then using the OPSEL = 1 atom, #atom1) and in the accumulator
// layout: every WMMA of the product uses one atom.  On RDNA3 the OPSEL = 1
// atom appears only in the transposing copy of B, whose pairs of blocks
// share an accumulator (LdsCopy.c): against the identity, once per slice
// (the prologue's and the masked tail's).
// CHECK-LABEL: gpu.func @native_unpacked(
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f16_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = f16, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>
// CHECK: %[[ID:.*]] = vector.from_elements
// R3-COUNT-2: wmma.mma #atom1 %{{[0-9]+}}, %[[ID]], %
// CHECK-NOT: wmma.mma #atom1
// CHECK: gpu.return
func.func @native_unpacked(%A: memref<80x48xf16>, %B: memref<48x72xf16>, %C: memref<80x72xf16>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f16_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = f16, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<80x48xf16>, memref<48x72xf16>) outs(%C : memref<80x72xf16>)
  return
}

// -----

// Three LDS stages (the default is two): three buffers per operand, the
// prologue fills two (slices 0 and 1, one barrier), the loop multiplies
// slice s from buffer s % 3 while slice s + 2 is in flight.  K = 200 is 6
// full 32-wide slices and a partial one: the loop runs over slices 0..3,
// the peeled iteration multiplies slice 4 (buffer 1) while the partial
// slice 6 goes to buffer 0, and slices 5 and 6 end the pipeline from
// buffers 2 and 0 with no further barrier.
// CHECK-LABEL: gpu.func @gemm_stages3(
// CHECK-SAME: workgroup(%[[LA:[^ ]*]] : memref<3x64x40xf16, #gpu.address_space<workgroup>>, %[[LB:[^ ]*]] : memref<3x64x40xf16, #gpu.address_space<workgroup>>)
// CHECK-SAME: lds = 30720
// CHECK-SAME: stages = 3
// CHECK: vector.store %{{.*}}, %[[LA]][%c0,
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: vector.store %{{.*}}, %[[LA]][%c1,
// CHECK: amdgpu.lds_barrier
// CHECK: scf.for %[[S:.*]] = %c0 to %c4 step %c1
// CHECK: %[[NEXT:.*]] = arith.addi %[[S]], %c2 : index
// CHECK: %[[BUF:.*]] = arith.remui %[[S]], %c3 : index
// CHECK: arith.remui %[[NEXT]], %c3 : index
// CHECK: wmma.load {{.*}} %[[LA]][%[[BUF]],
// CHECK: amdgpu.lds_barrier
// CHECK: scf.yield
// CHECK-NOT: scf.if
// CHECK: wmma.load {{.*}} %[[LA]][%c1,
// CHECK: vector.store %{{.*}}, %[[LA]][%c0,
// CHECK: amdgpu.lds_barrier
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: wmma.load {{.*}} %[[LA]][%c2,
// CHECK: wmma.load {{.*}} %[[LA]][%c0,
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
func.func @gemm_stages3(%A: memref<96x200xf16>, %B: memref<200x72xf16>, %C: memref<96x72xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 3, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<96x200xf16>, memref<200x72xf16>) outs(%C : memref<96x72xf32>)
  return
}

// -----

// Three stages with a dynamic K (nfull = K / 32 full slices and a masked
// partial one, possibly empty): the prologue loads slices 0 and 1 masked
// (past K they are zeros), the loop runs nfull - 2 times, the peeled
// iteration and the drain's first slice are guarded (nfull >= 2, >= 1),
// the partial slice is always multiplied.
// CHECK-LABEL: gpu.func @gemm_stages3_dynamic(
// CHECK-SAME: workgroup(%[[LA:[^ ]*]] : memref<3x64x40xf16, #gpu.address_space<workgroup>>, %{{.*}} : memref<3x64x40xf16, #gpu.address_space<workgroup>>)
// CHECK: %[[NF:.*]] = arith.divui %dim{{[_0-9]*}}, %c32 : index
// CHECK: vector.store %{{.*}}, %[[LA]][%c0,
// CHECK: vector.store %{{.*}}, %[[LA]][%c1,
// CHECK: amdgpu.lds_barrier
// CHECK: %[[UB:.*]] = arith.addi %[[NF]], %c-2 : index
// CHECK: scf.for %{{.*}} = %c0 to %[[UB]] step %c1
// CHECK: scf.yield
// CHECK: %[[PEEL:.*]] = arith.cmpi uge, %[[NF]], %c2 : index
// CHECK: scf.if %[[PEEL]]
// CHECK: amdgpu.lds_barrier
// CHECK: %[[ONE:.*]] = arith.cmpi uge, %[[NF]], %c1 : index
// CHECK: scf.if %[[ONE]]
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
func.func @gemm_stages3_dynamic(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 3, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  return
}

// -----

// A K shorter than the pipeline: K = 48 is one full slice and a partial
// one.  The prologue loads both (the second masked), and they are
// multiplied without a loop or another barrier.
// CHECK-LABEL: gpu.func @gemm_stages3_short(
// CHECK-SAME: workgroup(%[[LA:[^ ]*]] : memref<3x64x40xf16, #gpu.address_space<workgroup>>
// CHECK: vector.store %{{.*}}, %[[LA]][%c0,
// CHECK: vector.store %{{.*}}, %[[LA]][%c1,
// CHECK: amdgpu.lds_barrier
// CHECK-NOT: amdgpu.lds_barrier
// CHECK-NOT: scf.for
// CHECK: wmma.load {{.*}} %[[LA]][%c0,
// CHECK: wmma.load {{.*}} %[[LA]][%c1,
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
func.func @gemm_stages3_short(%A: memref<80x48xf16>, %B: memref<48x72xf16>, %C: memref<80x72xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 3, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<80x48xf16>, memref<48x72xf16>) outs(%C : memref<80x72xf32>)
  return
}

// -----

// chain_regs with its first product in three stages (K0 = 200: a K tail):
// A0's and B0's slices in three buffers, B1's block in its one.
// CHECK-LABEL: gpu.func @chain_regs_stages3(
// CHECK-SAME: workgroup(%{{.*}} : memref<3x64x40xf16, #gpu.address_space<workgroup>>, %{{.*}} : memref<3x48x40xf16, #gpu.address_space<workgroup>>, %{{.*}} : memref<1x32x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>)
// CHECK-SAME: stages = 3
// CHECK: arith.remui %{{.*}}, %c3 : index
func.func @chain_regs_stages3(%A: memref<64x200xf16>, %B0: memref<200x48xf16>, %B1: memref<48x32xf16>, %D: memref<64x32xf32>) attributes {wmma.schedule = #wmma.schedule<template = "chain_regs", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 32, 32], waves = [4, 1], wave_tile = [1, 3], stages = 3, tails = [false, false, true], accumulator = f32, acc_pack = 1, form = rowseg, copy = [vec, wmma], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<64x48xf32>)
  linalg.matmul ins(%A, %B0 : memref<64x200xf16>, memref<200x48xf16>) outs(%p : memref<64x48xf32>)
  %h = memref.alloc() : memref<64x48xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<64x48xf32>) outs(%h : memref<64x48xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%D : memref<64x32xf32>)
  linalg.matmul ins(%h, %B1 : memref<64x48xf16>, memref<48x32xf16>) outs(%D : memref<64x32xf32>)
  return
}

// -----

// Causal attention with three K/V stages: the key loop's bound is dynamic
// (the workgroup's last query), so the prologue loads blocks 0 and 1 (of
// the 5 that exist) and the drain's two blocks are guarded by the block
// count (>= 2, >= 1).
// CHECK-LABEL: gpu.func @attention_stages3(
// CHECK-SAME: workgroup(%[[LK:[^ ]*]] : memref<3x16x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>, %{{[^ ]*}} : memref<3x64x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>)
// CHECK-SAME: stages = 3
// CHECK: %[[NB:.*]] = arith.minui
// CHECK: vector.store %{{.*}}, %[[LK]][%c0,
// CHECK: vector.store %{{.*}}, %[[LK]][%c1,
// CHECK: amdgpu.lds_barrier
// CHECK: %[[UB:.*]] = arith.addi %[[NB]], %c-2 : index
// CHECK: scf.for %{{.*}} = %c0 to %[[UB]] step %c1
// CHECK: scf.yield
// CHECK: arith.cmpi uge, %[[NB]], %c2 : index
// CHECK: arith.cmpi uge, %[[NB]], %c1 : index
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: gpu.return
func.func @attention_stages3(%Q: tensor<70x64xf16>, %K: tensor<70x64xf16>, %V: tensor<70x64xf16>) -> tensor<70x64xf32> attributes {wmma.schedule = #wmma.schedule<template = "attention", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 3, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = true>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<70x70xf32>) -> tensor<70x70xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%Q, %K : tensor<70x64xf16>, tensor<70x64xf16>) outs(%f : tensor<70x70xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<70x70xf32>
  %e1 = tensor.empty() : tensor<70x70xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<70x70xf32>) outs(%e1 : tensor<70x70xf32>) {
    ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    %qi = linalg.index 0 : index
    %ki = linalg.index 1 : index
    %ninf = arith.constant 0xFF800000 : f32
    %fut = arith.cmpi ugt, %ki, %qi : index
    %y2 = arith.select %fut, %ninf, %y0 : f32
    linalg.yield %y2 : f32
  } -> tensor<70x70xf32>
  %e2 = tensor.empty() : tensor<70x70xf32>
  %sm = linalg.softmax dimension(1) ins(%sx : tensor<70x70xf32>) outs(%e2 : tensor<70x70xf32>) -> tensor<70x70xf32>
  %e3 = tensor.empty() : tensor<70x70xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sm : tensor<70x70xf32>) outs(%e3 : tensor<70x70xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<70x70xf16>
  %e4 = tensor.empty() : tensor<70x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<70x64xf32>) -> tensor<70x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p16, %V : tensor<70x70xf16>, tensor<70x64xf16>) outs(%f4 : tensor<70x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<70x64xf32>
  return %o : tensor<70x64xf32>
}

// -----

// Attention with three stages and dynamic query and key counts: the block
// count is read at run time, so the prologue loads blocks 0 and 1 masked
// (past the keys they are zeros and are never multiplied) and the drain is
// guarded.
// CHECK-LABEL: gpu.func @attention_stages3_dynamic(
// CHECK-SAME: workgroup(%{{[^ ]*}} : memref<3x16x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>, %{{[^ ]*}} : memref<3x64x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>)
// CHECK-SAME: stages = 3
// CHECK: scf.for
// CHECK: arith.cmpi uge, %{{.*}}, %c2 : index
// CHECK: arith.cmpi uge, %{{.*}}, %c1 : index
// CHECK: gpu.return
func.func @attention_stages3_dynamic(%Q: tensor<?x64xf16>, %K: tensor<?x64xf16>, %V: tensor<?x64xf16>) -> tensor<?x64xf32> attributes {wmma.schedule = #wmma.schedule<template = "attention", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 3, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %cm = arith.constant 0 : index
  %cn = arith.constant 0 : index
  %qm = tensor.dim %Q, %cm : tensor<?x64xf16>
  %kn = tensor.dim %K, %cn : tensor<?x64xf16>
  %e = tensor.empty(%qm, %kn) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%Q, %K : tensor<?x64xf16>, tensor<?x64xf16>) outs(%f : tensor<?x?xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %e2 = tensor.empty(%qm, %kn) : tensor<?x?xf32>
  %sm = linalg.softmax dimension(1) ins(%s : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e3 = tensor.empty(%qm, %kn) : tensor<?x?xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sm : tensor<?x?xf32>) outs(%e3 : tensor<?x?xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<?x?xf16>
  %e4 = tensor.empty(%qm) : tensor<?x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p16, %V : tensor<?x?xf16>, tensor<?x64xf16>) outs(%f4 : tensor<?x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<?x64xf32>
  return %o : tensor<?x64xf32>
}
