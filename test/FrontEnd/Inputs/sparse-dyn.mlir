#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @sp(%A: tensor<?x64xf16, #NV24>, %B: tensor<64x32xf16>, %C: tensor<?x32xf32>) -> tensor<?x32xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<?x64xf16, #NV24>, tensor<64x32xf16>) outs(%C : tensor<?x32xf32>) -> tensor<?x32xf32>
  %o = linalg.exp ins(%r : tensor<?x32xf32>) outs(%C : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %o : tensor<?x32xf32>
}
