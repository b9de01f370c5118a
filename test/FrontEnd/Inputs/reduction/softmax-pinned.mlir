// Softmax rows of 100 with a pinned schedule: 16 lanes per row (half a
// wave: DPP row_xmask only, no v_permlanex16), 16 rows per workgroup.
func.func @softmax_pinned(%x: tensor<70x100xf32>) -> tensor<70x100xf32> attributes {wmma.schedule = #wmma.schedule<template = "reduction", instruction = "none", staging = registers, tile = [16, 16, 4], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [true, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  %e = tensor.empty() : tensor<70x100xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<70x100xf32>) outs(%e : tensor<70x100xf32>) -> tensor<70x100xf32>
  return %r : tensor<70x100xf32>
}
