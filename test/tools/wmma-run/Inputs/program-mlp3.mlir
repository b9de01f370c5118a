func.func @mlp3(%x: tensor<?x64xbf16>, %w1: tensor<64x128xbf16>, %w2: tensor<128x96xbf16>, %w3: tensor<96x32xbf16>) -> tensor<?x32xbf16> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : bf16
  %t = tensor.dim %x, %c0 : tensor<?x64xbf16>
  %e1 = tensor.empty(%t) : tensor<?x128xbf16>
  %f1 = linalg.fill ins(%z : bf16) outs(%e1 : tensor<?x128xbf16>) -> tensor<?x128xbf16>
  %h1 = linalg.matmul ins(%x, %w1 : tensor<?x64xbf16>, tensor<64x128xbf16>) outs(%f1 : tensor<?x128xbf16>) -> tensor<?x128xbf16>
  %r1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%h1 : tensor<?x128xbf16>) outs(%e1 : tensor<?x128xbf16>) {
  ^bb0(%a: bf16, %o: bf16):
    %m = arith.maximumf %a, %z : bf16
    linalg.yield %m : bf16
  } -> tensor<?x128xbf16>
  %e2 = tensor.empty(%t) : tensor<?x96xbf16>
  %f2 = linalg.fill ins(%z : bf16) outs(%e2 : tensor<?x96xbf16>) -> tensor<?x96xbf16>
  %h2 = linalg.matmul ins(%r1, %w2 : tensor<?x128xbf16>, tensor<128x96xbf16>) outs(%f2 : tensor<?x96xbf16>) -> tensor<?x96xbf16>
  %r2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%h2 : tensor<?x96xbf16>) outs(%e2 : tensor<?x96xbf16>) {
  ^bb0(%a: bf16, %o: bf16):
    %m = arith.maximumf %a, %z : bf16
    linalg.yield %m : bf16
  } -> tensor<?x96xbf16>
  %e3 = tensor.empty(%t) : tensor<?x32xbf16>
  %f3 = linalg.fill ins(%z : bf16) outs(%e3 : tensor<?x32xbf16>) -> tensor<?x32xbf16>
  %h3 = linalg.matmul ins(%r2, %w3 : tensor<?x96xbf16>, tensor<96x32xbf16>) outs(%f3 : tensor<?x32xbf16>) -> tensor<?x32xbf16>
  return %h3 : tensor<?x32xbf16>
}
