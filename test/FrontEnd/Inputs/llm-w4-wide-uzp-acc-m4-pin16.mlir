// The M = 4 layer of llm-w4-wide-uzp-acc-m4.mlir with 16 column tiles per wave pinned: on RDNA3 too (which the plan gives 8 tiles: 16 would be 5.3 waves per CU of its 96-CU part) the tiles share 4 accumulators, the rows of each tile's products interleaved across the two lane halves (accumulator row 2v + h).
func.func @gemv_uzp_acc(%x: memref<4x4096xf16>, %w: memref<2048x4096xi8>, %s: memref<32x4096xf16>, %zp: memref<32x4096xf16>, %y: memref<4x4096xf32>) attributes {wmma.schedule = #wmma.schedule<template = "decode", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 256, 128], waves = [32, 1], wave_tile = [1, 16], stages = 1, tails = [true, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  %wd = memref.alloc() : memref<4096x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s, %zp : memref<2048x4096xi8>, memref<32x4096xf16>, memref<32x4096xf16>) outs(%wd : memref<4096x4096xf16>) {
  ^bb0(%b: i8, %sc: f16, %z: f16, %o: f16):
    %k = linalg.index 0 : index
    %cP = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %r = arith.remui %k, %cP : index
    %sh = arith.muli %r, %c4 : index
    %shi = arith.index_cast %sh : index to i8
    %v = arith.shrui %b, %shi : i8
    %m = arith.constant 15 : i8
    %lo = arith.andi %v, %m : i8
    %f = arith.uitofp %lo : i8 to f16
    %fz = arith.subf %f, %z : f16
    %o2 = arith.mulf %fz, %sc : f16
    linalg.yield %o2 : f16
  }
  linalg.matmul ins(%x, %wd : memref<4x4096xf16>, memref<4096x4096xf16>) outs(%y : memref<4x4096xf32>)
  memref.dealloc %wd : memref<4096x4096xf16>
  return
}
