// Prefill attention of 2 heads, 96 queries x 96 keys, d = 64, with its
// schedule pinned; attention-rows.test substitutes ROWS (query rows per
// workgroup), WAVES (ROWS / 16) and MTAIL (whether ROWS divides 96).
func.func @rows(%Q: tensor<1x2x96x64xf16>, %K: tensor<1x2x96x64xf16>, %V: tensor<1x2x96x64xf16>) -> tensor<1x2x96x64xf16> attributes {wmma.schedule = #wmma.schedule<template = "attention", instruction = "v_wmma_f32_16x16x16_f16", staging = lds, tile = [ROWS, 32, 16], waves = [WAVES, 1], wave_tile = [1, 1], stages = 2, tails = [MTAIL, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [vec, wmma], causal = false>} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x96x96xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x96x96xf32>) -> tensor<1x2x96x96xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x2x96x64xf16>, tensor<1x2x96x64xf16>) outs(%f : tensor<1x2x96x96xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x2x96x96xf32>
  %e1 = tensor.empty() : tensor<1x2x96x96xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x2x96x96xf32>) outs(%e1 : tensor<1x2x96x96xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<1x2x96x96xf32>
  %e2 = tensor.empty() : tensor<1x2x96x96xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x2x96x96xf32>) outs(%e2 : tensor<1x2x96x96xf32>) -> tensor<1x2x96x96xf32>
  %e3 = tensor.empty() : tensor<1x2x96x96xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x2x96x96xf32>) outs(%e3 : tensor<1x2x96x96xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x2x96x96xf16>
  %e4 = tensor.empty() : tensor<1x2x96x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x2x96x64xf32>) -> tensor<1x2x96x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x2x96x96xf16>, tensor<1x2x96x64xf16>) outs(%f4 : tensor<1x2x96x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x2x96x64xf32>
  %e5 = tensor.empty() : tensor<1x2x96x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x2x96x64xf32>) outs(%e5 : tensor<1x2x96x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x2x96x64xf16>
  return %oc : tensor<1x2x96x64xf16>
}

