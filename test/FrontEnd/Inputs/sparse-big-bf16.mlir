#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @sp(%A: tensor<130x96xbf16, #NV24>, %B: tensor<96x136xbf16>) -> tensor<130x136xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<130x136xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<130x136xf32>) -> tensor<130x136xf32>
  %r = linalg.matmul ins(%A, %B : tensor<130x96xbf16, #NV24>, tensor<96x136xbf16>) outs(%c : tensor<130x136xf32>) -> tensor<130x136xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<130x136xf32>) outs(%e : tensor<130x136xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.maximumf %x, %zero : f32
    linalg.yield %z : f32
  } -> tensor<130x136xf32>
  return %o : tensor<130x136xf32>
}
