// The torch-mlir form of scaled_dot_product_attention in f16 with run-time
// query and key lengths (test/tools/wmma-run/attention-torch-sdpa.test).
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#mx = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @sdpa(%q: tensor<2x8x?x64xf16>, %k: tensor<2x8x?x64xf16>, %v: tensor<2x8x?x64xf16>) -> tensor<2x8x?x64xf16> {
  %c2 = arith.constant 2 : index
  %L = tensor.dim %q, %c2 : tensor<2x8x?x64xf16>
  %S = tensor.dim %k, %c2 : tensor<2x8x?x64xf16>
  %zero = arith.constant 0.0 : f16
  %ninf = arith.constant 0xFC00 : f16
  %scale = arith.constant 0.125 : f16
  %kt0 = tensor.empty(%S) : tensor<2x8x64x?xf16>
  %kt = linalg.transpose ins(%k : tensor<2x8x?x64xf16>) outs(%kt0 : tensor<2x8x64x?xf16>) permutation = [0, 1, 3, 2]
  %qc = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x8x?x64xf16> into tensor<16x?x64xf16>
  %kc = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x8x64x?xf16> into tensor<16x64x?xf16>
  %s0 = tensor.empty(%L, %S) : tensor<16x?x?xf16>
  %sf = linalg.fill ins(%zero : f16) outs(%s0 : tensor<16x?x?xf16>) -> tensor<16x?x?xf16>
  %s = linalg.batch_matmul ins(%qc, %kc : tensor<16x?x64xf16>, tensor<16x64x?xf16>) outs(%sf : tensor<16x?x?xf16>) -> tensor<16x?x?xf16>
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 8, %L, %S] : tensor<16x?x?xf16> into tensor<2x8x?x?xf16>
  %e4 = tensor.empty(%L, %S) : tensor<2x8x?x?xf16>
  %sc = linalg.generic {indexing_maps = [#m4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s4 : tensor<2x8x?x?xf16>) outs(%e4 : tensor<2x8x?x?xf16>) {
    ^bb0(%a: f16, %o: f16):
      %y = arith.mulf %a, %scale : f16
      linalg.yield %y : f16 } -> tensor<2x8x?x?xf16>
  %m0 = tensor.empty(%L) : tensor<2x8x?xf16>
  %mf = linalg.fill ins(%ninf : f16) outs(%m0 : tensor<2x8x?xf16>) -> tensor<2x8x?xf16>
  %mx = linalg.generic {indexing_maps = [#m4, #mx], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%sc : tensor<2x8x?x?xf16>) outs(%mf : tensor<2x8x?xf16>) {
    ^bb0(%a: f16, %o: f16):
      %y = arith.maximumf %a, %o : f16
      linalg.yield %y : f16 } -> tensor<2x8x?xf16>
  %ex = linalg.generic {indexing_maps = [#m4, #mx, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sc, %mx : tensor<2x8x?x?xf16>, tensor<2x8x?xf16>) outs(%e4 : tensor<2x8x?x?xf16>) {
    ^bb0(%a: f16, %m: f16, %o: f16):
      %d = arith.subf %a, %m : f16
      %y = math.exp %d : f16
      linalg.yield %y : f16 } -> tensor<2x8x?x?xf16>
  %sf2 = linalg.fill ins(%zero : f16) outs(%m0 : tensor<2x8x?xf16>) -> tensor<2x8x?xf16>
  %sum = linalg.generic {indexing_maps = [#m4, #mx], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%ex : tensor<2x8x?x?xf16>) outs(%sf2 : tensor<2x8x?xf16>) {
    ^bb0(%a: f16, %o: f16):
      %y = arith.addf %a, %o : f16
      linalg.yield %y : f16 } -> tensor<2x8x?xf16>
  %p = linalg.generic {indexing_maps = [#m4, #mx, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<2x8x?x?xf16>, tensor<2x8x?xf16>) outs(%e4 : tensor<2x8x?x?xf16>) {
    ^bb0(%a: f16, %s2: f16, %o: f16):
      %y = arith.divf %a, %s2 : f16
      linalg.yield %y : f16 } -> tensor<2x8x?x?xf16>
  %pc = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x8x?x?xf16> into tensor<16x?x?xf16>
  %vc = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<2x8x?x64xf16> into tensor<16x?x64xf16>
  %o0 = tensor.empty(%L) : tensor<16x?x64xf16>
  %of = linalg.fill ins(%zero : f16) outs(%o0 : tensor<16x?x64xf16>) -> tensor<16x?x64xf16>
  %o = linalg.batch_matmul ins(%pc, %vc : tensor<16x?x?xf16>, tensor<16x?x64xf16>) outs(%of : tensor<16x?x64xf16>) -> tensor<16x?x64xf16>
  %o4 = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [2, 8, %L, 64] : tensor<16x?x64xf16> into tensor<2x8x?x64xf16>
  return %o4 : tensor<2x8x?x64xf16>
}
