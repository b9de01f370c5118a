#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @sp(%A: tensor<64x192xi8, #NV24>, %B: tensor<192x128xi8>) -> tensor<64x128xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<64x128xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<64x128xi32>) -> tensor<64x128xi32>
  %r = linalg.matmul ins(%A, %B : tensor<64x192xi8, #NV24>, tensor<192x128xi8>) outs(%c : tensor<64x128xi32>) -> tensor<64x128xi32>
  return %r : tensor<64x128xi32>
}
