#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @sp(%A: tensor<61x100xi8, #NV24>, %B: tensor<100x52xi8>) -> tensor<61x52xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<61x52xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<61x52xi32>) -> tensor<61x52xi32>
  %r = linalg.matmul ins(%A, %B : tensor<61x100xi8, #NV24>, tensor<100x52xi8>) outs(%c : tensor<61x52xi32>) -> tensor<61x52xi32>
  return %r : tensor<61x52xi32>
}
