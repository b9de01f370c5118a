// Decode attention as torch-mlir and IREE emit a single-token step: the query without a token dimension (q [heads, d]), 16 query heads sharing 2 KV heads (h floordiv 8), d = 64, the KV length a run-time size (bench/llm_attention.py decode_attention_tokenless).
func.func @dattn_notok_gqa8_d64(%Q: tensor<16x64xf16>, %K: tensor<2x?x64xf16>, %V: tensor<2x?x64xf16>) -> tensor<16x64xf16> {
  %zero = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %n = tensor.dim %K, %c1 : tensor<2x?x64xf16>
  %e = tensor.empty(%n) : tensor<16x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x?xf32>) -> tensor<16x?xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(h, n, k) -> (h, k)>, affine_map<(h, n, k) -> (h floordiv 8, n, k)>, affine_map<(h, n, k) -> (h, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<16x64xf16>, tensor<2x?x64xf16>) outs(%f : tensor<16x?xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<16x?xf32>
  %e1 = tensor.empty(%n) : tensor<16x?xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(h, j) -> (h, j)>, affine_map<(h, j) -> (h, j)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<16x?xf32>) outs(%e1 : tensor<16x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<16x?xf32>
  %e2 = tensor.empty(%n) : tensor<16x?xf32>
  %sm = linalg.softmax dimension(1) ins(%sx : tensor<16x?xf32>) outs(%e2 : tensor<16x?xf32>) -> tensor<16x?xf32>
  %e3 = tensor.empty(%n) : tensor<16x?xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(h, j) -> (h, j)>, affine_map<(h, j) -> (h, j)>], iterator_types = ["parallel", "parallel"]} ins(%sm : tensor<16x?xf32>) outs(%e3 : tensor<16x?xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<16x?xf16>
  %e4 = tensor.empty() : tensor<16x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<16x64xf32>) -> tensor<16x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(h, n, k) -> (h, k)>, affine_map<(h, n, k) -> (h floordiv 8, k, n)>, affine_map<(h, n, k) -> (h, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<16x?xf16>, tensor<2x?x64xf16>) outs(%f4 : tensor<16x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %e5 = tensor.empty() : tensor<16x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(h, j) -> (h, j)>, affine_map<(h, j) -> (h, j)>], iterator_types = ["parallel", "parallel"]} ins(%o : tensor<16x64xf32>) outs(%e5 : tensor<16x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<16x64xf16>
  return %oc : tensor<16x64xf16>
}
