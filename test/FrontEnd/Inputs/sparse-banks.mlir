// 2:4 sparse GEMMs at 256x256x256 with the schedule the front end picks
// at 2048^3 (LDS staging, 128 x 128 x 64 tiles: 2 x 2 workgroups), for
// sparse-bank-conflicts.test.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>
func.func @f16a(%A: tensor<256x256xf16, #NV24>, %B: tensor<256x256xf16>, %C: tensor<256x256xf32>) -> tensor<256x256xf32> attributes {wmma.schedule = #wmma.schedule<template = "gemm_sparse", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [128, 128, 64], waves = [2, 2], wave_tile = [4, 4], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, tr], causal = false>} {
  %r = linalg.matmul ins(%A, %B : tensor<256x256xf16, #NV24>, tensor<256x256xf16>) outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
func.func @i8a(%A: tensor<256x256xi8, #NV24>, %B: tensor<256x256xi8>, %C: tensor<256x256xi32>) -> tensor<256x256xi32> attributes {wmma.schedule = #wmma.schedule<template = "gemm_sparse", instruction = "v_wmma_i32_16x16x16_iu8", staging = lds, tile = [128, 128, 64], waves = [2, 2], wave_tile = [4, 4], stages = 2, tails = [false, false, false], accumulator = i32, acc_pack = 1, form = acc, copy = [vec, tr], causal = false>} {
  %r = linalg.matmul ins(%A, %B : tensor<256x256xi8, #NV24>, tensor<256x256xi8>) outs(%C : tensor<256x256xi32>) -> tensor<256x256xi32>
  return %r : tensor<256x256xi32>
}
func.func @f16b(%A: tensor<256x256xf16>, %B: tensor<256x256xf16, #KB24>, %C: tensor<256x256xf32>) -> tensor<256x256xf32> attributes {wmma.schedule = #wmma.schedule<template = "gemm_sparse", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [128, 128, 64], waves = [2, 2], wave_tile = [4, 4], stages = 2, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, vec], causal = false>} {
  %r = linalg.matmul ins(%A, %B : tensor<256x256xf16>, tensor<256x256xf16, #KB24>) outs(%C : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
func.func @i8b(%A: tensor<256x256xi8>, %B: tensor<256x256xi8, #KB24>, %C: tensor<256x256xi32>) -> tensor<256x256xi32> attributes {wmma.schedule = #wmma.schedule<template = "gemm_sparse", instruction = "v_wmma_i32_16x16x16_iu8", staging = lds, tile = [128, 128, 64], waves = [2, 2], wave_tile = [4, 4], stages = 2, tails = [false, false, false], accumulator = i32, acc_pack = 1, form = acc, copy = [vec, vec], causal = false>} {
  %r = linalg.matmul ins(%A, %B : tensor<256x256xi8>, tensor<256x256xi8, #KB24>) outs(%C : tensor<256x256xi32>) -> tensor<256x256xi32>
  return %r : tensor<256x256xi32>
}
