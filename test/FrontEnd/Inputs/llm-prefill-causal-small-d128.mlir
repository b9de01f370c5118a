// Prefill attention, 1 head, 64 queries, 64 keys, head dim 128, scores scaled by 1/sqrt(128) with a causal mask selecting -inf.
func.func @prefill_causal_small_d128(%Q: tensor<1x1x64x128xf16>, %K: tensor<1x1x64x128xf16>, %V: tensor<1x1x64x128xf16>) -> tensor<1x1x64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1x64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1x64x64xf32>) -> tensor<1x1x64x64xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, c, m, n, k) -> (b, c, m, k)>, affine_map<(b, c, m, n, k) -> (b, c, n, k)>, affine_map<(b, c, m, n, k) -> (b, c, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x1x64x128xf16>, tensor<1x1x64x128xf16>) outs(%f : tensor<1x1x64x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x1x64x64xf32>
  %e1 = tensor.empty() : tensor<1x1x64x64xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x1x64x64xf32>) outs(%e1 : tensor<1x1x64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.08838834764831843 : f32
    %y0 = arith.mulf %x, %sc : f32
    %qi = linalg.index 2 : index
    %ki = linalg.index 3 : index
    %ninf = arith.constant 0xFF800000 : f32
    %fut = arith.cmpi ugt, %ki, %qi : index
    %y2 = arith.select %fut, %ninf, %y0 : f32
    linalg.yield %y2 : f32
  } -> tensor<1x1x64x64xf32>
  %e2 = tensor.empty() : tensor<1x1x64x64xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x1x64x64xf32>) outs(%e2 : tensor<1x1x64x64xf32>) -> tensor<1x1x64x64xf32>
  %e3 = tensor.empty() : tensor<1x1x64x64xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x1x64x64xf32>) outs(%e3 : tensor<1x1x64x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x1x64x64xf16>
  %e4 = tensor.empty() : tensor<1x1x64x128xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x1x64x128xf32>) -> tensor<1x1x64x128xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, c, m, n, k) -> (b, c, m, k)>, affine_map<(b, c, m, n, k) -> (b, c, k, n)>, affine_map<(b, c, m, n, k) -> (b, c, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x1x64x64xf16>, tensor<1x1x64x128xf16>) outs(%f4 : tensor<1x1x64x128xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x1x64x128xf32>
  return %o : tensor<1x1x64x128xf32>
}

