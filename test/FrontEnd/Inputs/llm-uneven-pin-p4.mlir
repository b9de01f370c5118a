// A pinned decode schedule with k_parts = 4 (the cost rule takes P = 1 on
// gfx1201): K = 4100 over 4 workgroups of 16 waves, 257 K steps spread over
// 64 slices, odd N
func.func @gemv(%x: memref<1x4100xf16>, %w: memref<4100x4095xf16>, %y: memref<1x4095xf32>) attributes {wmma.schedule = #wmma.schedule<template = "decode", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 256, 16], waves = [16, 1], wave_tile = [1, 16], stages = 1, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false, k_parts = 4>} {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x4095xf32>)
  linalg.matmul ins(%x, %w : memref<1x4100xf16>, memref<4100x4095xf16>) outs(%y : memref<1x4095xf32>)
  return
}
