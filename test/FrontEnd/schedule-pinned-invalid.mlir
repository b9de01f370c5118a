// A pinned schedule that does not fit its function is refused with the
// reason (the function is left as it is); one that breaks the attribute's
// own rules does not parse.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: not wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s --check-prefix=R3

// A gemm schedule on a chain of products.
// CHECK-LABEL: func.func @wrong_template
// CHECK: linalg.matmul
// expected-remark @+1 {{not converted to a wmma kernel: the pinned gemm schedule does not fit: the function is a chain of products}}
func.func @wrong_template(%A: memref<64x64xf16>, %B0: memref<64x48xf16>, %B1: memref<48x32xf16>, %D: memref<64x32xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
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

// A tile that does not split into the wave grid.
// expected-remark @+1 {{the pinned gemm schedule does not fit: a 48x64 tile does not split into 2x2 waves of 16x16 WMMA tiles}}
func.func @tile_split(%A: memref<96x80xf16>, %B: memref<80x72xf16>, %C: memref<96x72xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [48, 64, 32], waves = [2, 2], wave_tile = [1, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<96x80xf16>, memref<80x72xf16>) outs(%C : memref<96x72xf32>)
  return
}

// -----

// K steps the LDS pipeline does not take, and stages it does not build.
// expected-remark @+1 {{staging = lds takes a K step of 16, 32 or 64 in 2 or 3 stages, got 128 in 2}}
func.func @k_step(%A: memref<96x80xf16>, %B: memref<80x72xf16>, %C: memref<96x72xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 128], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<96x80xf16>, memref<80x72xf16>) outs(%C : memref<96x72xf32>)
  return
}

// -----

// B stored K x N is not K-contiguous: it cannot be copied by vector rows.
// expected-remark @+1 {{the pinned gemm schedule does not fit: copy = vec needs K contiguous in memory}}
func.func @copy_kind(%A: memref<96x80xf16>, %B: memref<80x72xf16>, %C: memref<96x72xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, vec], causal = false>} {
  linalg.matmul ins(%A, %B : memref<96x80xf16>, memref<80x72xf16>) outs(%C : memref<96x72xf32>)
  return
}

// -----

// Fields the template derives from the function must be what it derives:
// the instruction, the tails.
// expected-remark @+1 {{the pinned schedule has instruction = v_wmma_f32_16x16x16_bf16, the template builds v_wmma_f32_16x16x16_f16 for this function}}
func.func @instruction(%A: memref<96x80xf16>, %B: memref<80x72xf16>, %C: memref<96x72xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_bf16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<96x80xf16>, memref<80x72xf16>) outs(%C : memref<96x72xf32>)
  return
}

// -----

// expected-remark @+1 {{the pinned schedule has tails = [no tail], the template builds [a tail] for this function}}
func.func @tails(%A: memref<96x80xf16>, %B: memref<80x72xf16>, %C: memref<96x72xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [false, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<96x80xf16>, memref<80x72xf16>) outs(%C : memref<96x72xf32>)
  return
}

// -----

// Packed 16-bit accumulators are an RDNA3 form (gfx1201 refuses; gfx1100
// builds it).
// expected-remark @+1 {{acc_pack = 2 needs RDNA3, a 16-bit accumulator and an even number of tiles per wave row}}
func.func @packed(%A: memref<80x48xf16>, %B: memref<48x72xf16>, %C: memref<80x72xf16>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f16_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, true], accumulator = f16, acc_pack = 2, form = acc, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<80x48xf16>, memref<48x72xf16>) outs(%C : memref<80x72xf16>)
  return
}

// -----

// Row segments on RDNA3 need B staged through LDS as it is: gfx1100 refuses
// them in registers (gfx1201 builds them).
// R3: the pinned gemm schedule does not fit: form = rowseg does not apply
func.func @rowseg_regs(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [64, 64, 16], waves = [2, 2], wave_tile = [2, 2], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = rowseg, copy = [none, none], causal = false>} {
  linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
  return
}

// -----

// Four stages: the pipeline builds two or three.
// expected-remark @+1 {{staging = lds takes a K step of 16, 32 or 64 in 2 or 3 stages, got 32 in 4}}
func.func @stages4(%A: memref<96x80xf16>, %B: memref<80x72xf16>, %C: memref<96x72xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 4, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<96x80xf16>, memref<80x72xf16>) outs(%C : memref<96x72xf32>)
  return
}

// -----

// Three stages of 128x64 tiles in 64-wide K slices need 3 x 27648 bytes
// of LDS (two stages, 55296 bytes, fit): refused, not built.
// expected-remark @+1 {{the pinned gemm schedule does not fit: 128x64 tiles need 82944 bytes of LDS}}
func.func @stages3_lds(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [128, 64, 64], waves = [2, 2], wave_tile = [4, 2], stages = 3, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// The attribute's own rules.
// expected-error @+1 {{invalid #wmma.schedule: acc_pack must be 1 or 2, got 3}}
func.func @bad_attr() attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 3, form = acc, copy = [vec, wmma], causal = false>} {
  return
}

// -----

// k_parts (workgroups along K) is the decode template's, at least 1.
// expected-error @+1 {{invalid #wmma.schedule: k_parts (workgroups along K) applies to the decode template, got 2 for gemm}}
func.func @bad_k_parts_gemm() attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false, k_parts = 2>} {
  return
}

// -----

// expected-error @+1 {{invalid #wmma.schedule: k_parts must be in [1, 64], got 0}}
func.func @bad_k_parts_zero() attributes {wmma.schedule = #wmma.schedule<template = "decode", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 256, 16], waves = [32, 1], wave_tile = [1, 16], stages = 1, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false, k_parts = 0>} {
  return
}

// -----

// expected-error @+1 {{invalid #wmma.schedule: k_parts must be in [1, 64], got 65}}
func.func @bad_k_parts_many() attributes {wmma.schedule = #wmma.schedule<template = "decode", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 256, 16], waves = [32, 1], wave_tile = [1, 16], stages = 1, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false, k_parts = 65>} {
  return
}

// -----

// expected-error @+1 {{invalid #wmma.schedule: unknown instruction 'v_mfma_f32_16x16x16_f16'}}
func.func @bad_instr() attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_mfma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  return
}

// -----

// "none" names no instruction: only plain templates (elementwise) take it.
// expected-error @+1 {{invalid #wmma.schedule: unknown instruction}}
func.func @gemm_without_instr() attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "none", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  return
}

// -----

// The VALU template: no WMMA instruction, and only for what WMMA cannot
// take; its record must be the one it plans.
// expected-error @+1 {{invalid #wmma.schedule: the valu template uses no WMMA instruction (instruction = "none")}}
func.func @valu_instr() attributes {wmma.schedule = #wmma.schedule<template = "valu", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 64, 16], waves = [8, 1], wave_tile = [4, 4], stages = 1, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  return
}

// -----

// expected-error @+1 {{invalid #wmma.schedule: unknown instruction}}
func.func @gemm_none() attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "none", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  return
}

// -----

// expected-error @+1 {{invalid #wmma.schedule: the elementwise template uses no WMMA instruction (instruction = "none")}}
func.func @elementwise_with_instr() attributes {wmma.schedule = #wmma.schedule<template = "elementwise", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [32, 32, 4], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  return
}

// -----

// expected-remark @+1 {{not converted to a wmma kernel: the pinned valu schedule does not fit: only products no WMMA instruction takes}}
func.func @valu_on_f16(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) attributes {wmma.schedule = #wmma.schedule<template = "valu", instruction = "none", staging = lds, tile = [64, 64, 16], waves = [8, 1], wave_tile = [4, 4], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
  return
}

// -----

// expected-error @+1 {{invalid #wmma.schedule: elements per thread (tile[2]) must be a power of two up to 16 dividing tile[1], got 3}}
func.func @elementwise_run() attributes {wmma.schedule = #wmma.schedule<template = "elementwise", instruction = "none", staging = registers, tile = [32, 33, 3], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  return
}

// -----

// An elementwise pin on a function with a product.
// expected-remark @+1 {{the pinned elementwise schedule does not fit: the template is for another kind of function}}
func.func @elementwise_on_gemm(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) attributes {wmma.schedule = #wmma.schedule<template = "elementwise", instruction = "none", staging = registers, tile = [32, 32, 4], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%C : memref<32x32xf32>)
  return
}

// -----

// The LDS transpose tile of an elementwise kernel is 32x32 with 4 elements
// per thread, and needs a transposed input.
// expected-remark @+1 {{the pinned elementwise schedule does not fit: staging = lds takes a transposed input and tile = [32, 32, 4]}}
func.func @elementwise_lds_without_transpose(%A: memref<64x64xf32>, %C: memref<64x64xf32>) attributes {wmma.schedule = #wmma.schedule<template = "elementwise", instruction = "none", staging = lds, tile = [32, 32, 4], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, none], causal = false>} {
  linalg.copy ins(%A : memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

// -----

// expected-remark @+1 {{not converted to a wmma kernel: the pinned valu schedule does not fit: the pinned schedule has tile = [32, 32, 16], the template builds [64, 64, 16] for this function}}
func.func @valu_tile(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) attributes {wmma.schedule = #wmma.schedule<template = "valu", instruction = "none", staging = lds, tile = [32, 32, 16], waves = [8, 1], wave_tile = [4, 4], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

// -----

// expected-error @+1 {{'wmma.schedule' must be a #wmma.schedule attribute}}
func.func @not_a_schedule() attributes {wmma.schedule = {template = "gemm"}} {
  return
}

// -----

// The reduction template issues no WMMA: its instruction is "none", and
// only its instruction is.
// expected-error @+1 {{invalid #wmma.schedule: the reduction template uses no WMMA instruction (instruction = "none")}}
func.func @reduction_instr() attributes {wmma.schedule = #wmma.schedule<template = "reduction", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [4, 64, 4], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  return
}

// -----

// expected-error @+1 {{invalid #wmma.schedule: unknown instruction}}
func.func @gemm_none() attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "none", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  return
}

// -----

// A reduction schedule whose lane groups do not fill whole waves.
// CHECK-LABEL: func.func @reduction_lanes
// CHECK: linalg.reduce
// expected-remark @+1 {{not converted to a wmma kernel: the pinned reduction schedule does not fit: tile = [3, 5, 1]: rows x lanes per row must be a multiple of 32 up to 1024}}
func.func @reduction_lanes(%x: memref<16x100xf32>, %o: memref<16xf32>) attributes {wmma.schedule = #wmma.schedule<template = "reduction", instruction = "none", staging = registers, tile = [3, 5, 1], waves = [1, 1], wave_tile = [1, 1], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  linalg.reduce ins(%x : memref<16x100xf32>) outs(%o : memref<16xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A pinned reduction schedule that the function's numbers contradict: the
// template builds 8 waves for 16 rows x 16 lanes.
// expected-remark @+1 {{the pinned reduction schedule does not fit: the pinned schedule has waves, wave_tile = [4, 1, 1, 1], the template builds [8, 1, 1, 1] for this function}}
func.func @reduction_waves(%x: memref<64x100xf32>, %o: memref<64xf32>) attributes {wmma.schedule = #wmma.schedule<template = "reduction", instruction = "none", staging = registers, tile = [16, 16, 4], waves = [4, 1], wave_tile = [1, 1], stages = 1, tails = [false, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  linalg.reduce ins(%x : memref<64x100xf32>) outs(%o : memref<64xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// Attention's blocks hold 16, 32 or 64 keys.
// CHECK-LABEL: func.func @attention_keys_48
// CHECK: linalg.softmax
// expected-remark @+1 {{not converted to a wmma kernel: the pinned attention schedule does not fit: keys per block (tile[1]) must be 16, 32 or 64, got 48}}
func.func @attention_keys_48(%Q: tensor<100x64xf16>, %K: tensor<77x64xf16>, %V: tensor<77x64xf16>) -> tensor<100x64xf32> attributes {wmma.schedule = #wmma.schedule<template = "attention", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 48, 16], waves = [4, 1], wave_tile = [1, 1], stages = 2, tails = [true, true, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x77xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<100x77xf32>) -> tensor<100x77xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<100x64xf16>, tensor<77x64xf16>) outs(%f : tensor<100x77xf32>) -> tensor<100x77xf32>
  %e2 = tensor.empty() : tensor<100x77xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<100x77xf32>) outs(%e2 : tensor<100x77xf32>) -> tensor<100x77xf32>
  %e3 = tensor.empty() : tensor<100x77xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<100x77xf32>) outs(%e3 : tensor<100x77xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<100x77xf16>
  %e4 = tensor.empty() : tensor<100x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<100x64xf32>) -> tensor<100x64xf32>
  %o = linalg.matmul ins(%p16, %V : tensor<100x77xf16>, tensor<77x64xf16>) outs(%f4 : tensor<100x64xf32>) -> tensor<100x64xf32>
  return %o : tensor<100x64xf32>
}
