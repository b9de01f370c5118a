// scaled_dot_product_attention as torch-mlir decomposes it: (batch, heads)
// collapsed into one batch dimension for each batch_matmul and expanded for
// the softmax between them, K transposed by linalg.transpose, the softmax
// in bf16 (test/tools/wmma-run/attention-torch-sdpa.test).
#m4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#r4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#mx = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @sdpa(%q: tensor<1x12x128x64xbf16>, %k: tensor<1x12x128x64xbf16>, %v: tensor<1x12x128x64xbf16>) -> tensor<1x12x128x64xbf16> {
  %zero = arith.constant 0.0 : bf16
  %ninf = arith.constant 0xFF80 : bf16
  %scale = arith.constant 0.125 : bf16
  %kt0 = tensor.empty() : tensor<1x12x64x128xbf16>
  %kt = linalg.transpose ins(%k : tensor<1x12x128x64xbf16>) outs(%kt0 : tensor<1x12x64x128xbf16>) permutation = [0, 1, 3, 2]
  %qc = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<1x12x128x64xbf16> into tensor<12x128x64xbf16>
  %kc = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<1x12x64x128xbf16> into tensor<12x64x128xbf16>
  %s0 = tensor.empty() : tensor<12x128x128xbf16>
  %sf = linalg.fill ins(%zero : bf16) outs(%s0 : tensor<12x128x128xbf16>) -> tensor<12x128x128xbf16>
  %s = linalg.batch_matmul ins(%qc, %kc : tensor<12x128x64xbf16>, tensor<12x64x128xbf16>) outs(%sf : tensor<12x128x128xbf16>) -> tensor<12x128x128xbf16>
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [1, 12, 128, 128] : tensor<12x128x128xbf16> into tensor<1x12x128x128xbf16>
  %e4 = tensor.empty() : tensor<1x12x128x128xbf16>
  %sc = linalg.generic {indexing_maps = [#m4, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s4 : tensor<1x12x128x128xbf16>) outs(%e4 : tensor<1x12x128x128xbf16>) {
    ^bb0(%a: bf16, %o: bf16):
      %y = arith.mulf %a, %scale : bf16
      linalg.yield %y : bf16 } -> tensor<1x12x128x128xbf16>
  %m0 = tensor.empty() : tensor<1x12x128xbf16>
  %mf = linalg.fill ins(%ninf : bf16) outs(%m0 : tensor<1x12x128xbf16>) -> tensor<1x12x128xbf16>
  %mx = linalg.generic {indexing_maps = [#m4, #mx], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%sc : tensor<1x12x128x128xbf16>) outs(%mf : tensor<1x12x128xbf16>) {
    ^bb0(%a: bf16, %o: bf16):
      %y = arith.maximumf %a, %o : bf16
      linalg.yield %y : bf16 } -> tensor<1x12x128xbf16>
  %ex = linalg.generic {indexing_maps = [#m4, #mx, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sc, %mx : tensor<1x12x128x128xbf16>, tensor<1x12x128xbf16>) outs(%e4 : tensor<1x12x128x128xbf16>) {
    ^bb0(%a: bf16, %m: bf16, %o: bf16):
      %d = arith.subf %a, %m : bf16
      %y = math.exp %d : bf16
      linalg.yield %y : bf16 } -> tensor<1x12x128x128xbf16>
  %sf2 = linalg.fill ins(%zero : bf16) outs(%m0 : tensor<1x12x128xbf16>) -> tensor<1x12x128xbf16>
  %sum = linalg.generic {indexing_maps = [#m4, #mx], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%ex : tensor<1x12x128x128xbf16>) outs(%sf2 : tensor<1x12x128xbf16>) {
    ^bb0(%a: bf16, %o: bf16):
      %y = arith.addf %a, %o : bf16
      linalg.yield %y : bf16 } -> tensor<1x12x128xbf16>
  %p = linalg.generic {indexing_maps = [#m4, #mx, #m4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<1x12x128x128xbf16>, tensor<1x12x128xbf16>) outs(%e4 : tensor<1x12x128x128xbf16>) {
    ^bb0(%a: bf16, %s2: bf16, %o: bf16):
      %y = arith.divf %a, %s2 : bf16
      linalg.yield %y : bf16 } -> tensor<1x12x128x128xbf16>
  %pc = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<1x12x128x128xbf16> into tensor<12x128x128xbf16>
  %vc = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<1x12x128x64xbf16> into tensor<12x128x64xbf16>
  %o0 = tensor.empty() : tensor<12x128x64xbf16>
  %of = linalg.fill ins(%zero : bf16) outs(%o0 : tensor<12x128x64xbf16>) -> tensor<12x128x64xbf16>
  %o = linalg.batch_matmul ins(%pc, %vc : tensor<12x128x128xbf16>, tensor<12x128x64xbf16>) outs(%of : tensor<12x128x64xbf16>) -> tensor<12x128x64xbf16>
  %o4 = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [1, 12, 128, 64] : tensor<12x128x64xbf16> into tensor<1x12x128x64xbf16>
  return %o4 : tensor<1x12x128x64xbf16>
}
