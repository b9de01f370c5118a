#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @sp(%A: tensor<32x64xf16, #NV24>, %B: tensor<64x32xf16>) -> tensor<32x32xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<32x32xf16>
  %c = linalg.fill ins(%zero : f16) outs(%e : tensor<32x32xf16>) -> tensor<32x32xf16>
  %r = linalg.matmul ins(%A, %B : tensor<32x64xf16, #NV24>, tensor<64x32xf16>) outs(%c : tensor<32x32xf16>) -> tensor<32x32xf16>
  return %r : tensor<32x32xf16>
}
