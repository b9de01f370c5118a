// The VALU rows kernel with 64 lanes per output (4 outputs per
// workgroup, pinned): each wave's partials summed by its first lane, then
// the group's first lane over its 2 waves (ValuRows.c).  101 rows
// (a row tail), K = 300 (a K tail), f32.
func.func @mv_lanes64(%A: memref<101x300xf32>, %x: memref<300xf32>, %y: memref<101xf32>) attributes {wmma.schedule = #wmma.schedule<template = "valu", instruction = "none", staging = registers, tile = [4, 1, 256], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [true, false, true], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<101xf32>)
  linalg.matvec ins(%A, %x : memref<101x300xf32>, memref<300xf32>) outs(%y : memref<101xf32>)
  return
}
