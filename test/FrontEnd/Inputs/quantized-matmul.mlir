// linalg.quantized_matmul with scalar zero points, odd sizes.
func.func @qmm(%A: tensor<37x70xi8>, %B: tensor<70x45xi8>, %za: i32, %zb: i32) -> tensor<37x45xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<37x45xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<37x45xi32>) -> tensor<37x45xi32>
  %r = linalg.quantized_matmul ins(%A, %B, %za, %zb : tensor<37x70xi8>, tensor<70x45xi8>, i32, i32) outs(%f : tensor<37x45xi32>) -> tensor<37x45xi32>
  return %r : tensor<37x45xi32>
}
