// llm-w4-wide.mlir pinned to 8 column tiles x 32 waves along K, one workgroup along K (the gfx1100 plan before the modelled-time choice, which now takes 16 tiles x 16 waves x 3 workgroups): the wide-load ISA of that plan
func.func @gemv(%x: memref<1x4096xf16>, %w: memref<2048x4096xi8>, %s: memref<32x4096xf16>, %y: memref<1x4096xf32>) attributes {wmma.schedule = #wmma.schedule<template = "decode", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 128, 128], waves = [32, 1], wave_tile = [1, 8], stages = 1, tails = [true, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4096x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<2048x4096xi8>, memref<32x4096xf16>) outs(%wd : memref<4096x4096xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %k = linalg.index 0 : index
    %cP = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %r = arith.remui %k, %cP : index
    %sh = arith.muli %r, %c4 : index
    %shi = arith.index_cast %sh : index to i8
    %v = arith.shrui %b, %shi : i8
    %m = arith.constant 15 : i8
    %lo = arith.andi %v, %m : i8
    %e = arith.constant 8 : i8
    %xx = arith.xori %lo, %e : i8
    %q = arith.subi %xx, %e : i8
    %f = arith.sitofp %q : i8 to f16
    %o2 = arith.mulf %f, %sc : f16
    linalg.yield %o2 : f16
  }
  linalg.fill ins(%z0 : f32) outs(%y : memref<1x4096xf32>)
  linalg.matmul ins(%x, %wd : memref<1x4096xf16>, memref<4096x4096xf16>) outs(%y : memref<1x4096xf32>)
  memref.dealloc %wd : memref<4096x4096xf16>
  return
}
