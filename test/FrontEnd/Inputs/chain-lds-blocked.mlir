// Chains whose intermediate goes through LDS (chain_lds) with every tail:
// M, K0 (the first product's K), N0 (the intermediate's width) and N1 not
// multiples of 16, and a dynamic token count; the waves take several row
// and column tiles at once (register blocking).
#id = affine_map<(m, n) -> (m, n)>
func.func @odd(%a: tensor<100x40xf16>, %b0: tensor<40x200xf16>, %b1: tensor<200x56xf16>) -> tensor<100x56xf32> {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<100x200xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<100x200xf32>) -> tensor<100x200xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<100x40xf16>, tensor<40x200xf16>) outs(%f1 : tensor<100x200xf32>) -> tensor<100x200xf32>
  %eh = tensor.empty() : tensor<100x200xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<100x200xf32>) outs(%eh : tensor<100x200xf16>) {
  ^bb0(%x: f32, %o: f16):
    %r = arith.maximumf %x, %z : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<100x200xf16>
  %e2 = tensor.empty() : tensor<100x56xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<100x56xf32>) -> tensor<100x56xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<100x200xf16>, tensor<200x56xf16>) outs(%f2 : tensor<100x56xf32>) -> tensor<100x56xf32>
  return %y : tensor<100x56xf32>
}

func.func @dynamic(%a: tensor<?x64xf16>, %b0: tensor<64x1024xf16>, %b1: tensor<1024x64xf16>) -> tensor<?x64xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x64xf16>
  %e1 = tensor.empty(%m) : tensor<?x1024xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<?x64xf16>, tensor<64x1024xf16>) outs(%f1 : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %eh = tensor.empty(%m) : tensor<?x1024xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<?x1024xf32>) outs(%eh : tensor<?x1024xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x1024xf16>
  %e2 = tensor.empty(%m) : tensor<?x64xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<?x1024xf16>, tensor<1024x64xf16>) outs(%f2 : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %y : tensor<?x64xf32>
}
// Pinned taller row blocks: 4 (2) row tiles per wave iteration, the last
// block past M.
func.func @odd_tall64(%a: tensor<100x40xf16>, %b0: tensor<40x192xf16>, %b1: tensor<192x56xf16>) -> tensor<100x56xf32> attributes {wmma.schedule = #wmma.schedule<template = "chain_lds", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [64, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 1, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<100x192xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<100x192xf32>) -> tensor<100x192xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<100x40xf16>, tensor<40x192xf16>) outs(%f1 : tensor<100x192xf32>) -> tensor<100x192xf32>
  %eh = tensor.empty() : tensor<100x192xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<100x192xf32>) outs(%eh : tensor<100x192xf16>) {
  ^bb0(%x: f32, %o: f16):
    %r = arith.maximumf %x, %z : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<100x192xf16>
  %e2 = tensor.empty() : tensor<100x56xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<100x56xf32>) -> tensor<100x56xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<100x192xf16>, tensor<192x56xf16>) outs(%f2 : tensor<100x56xf32>) -> tensor<100x56xf32>
  return %y : tensor<100x56xf32>
}

func.func @odd_tall32(%a: tensor<100x40xf16>, %b0: tensor<40x192xf16>, %b1: tensor<192x56xf16>) -> tensor<100x56xf32> attributes {wmma.schedule = #wmma.schedule<template = "chain_lds", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [32, 16, 16], waves = [4, 1], wave_tile = [1, 1], stages = 1, tails = [true, true, true], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<100x192xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<100x192xf32>) -> tensor<100x192xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<100x40xf16>, tensor<40x192xf16>) outs(%f1 : tensor<100x192xf32>) -> tensor<100x192xf32>
  %eh = tensor.empty() : tensor<100x192xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<100x192xf32>) outs(%eh : tensor<100x192xf16>) {
  ^bb0(%x: f32, %o: f16):
    %r = arith.maximumf %x, %z : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<100x192xf16>
  %e2 = tensor.empty() : tensor<100x56xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<100x56xf32>) -> tensor<100x56xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<100x192xf16>, tensor<192x56xf16>) outs(%f2 : tensor<100x56xf32>) -> tensor<100x56xf32>
  return %y : tensor<100x56xf32>
}
