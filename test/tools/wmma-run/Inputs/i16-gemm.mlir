// i16 x i16 -> i32 products, as StableHLO's dot lowers int16 operands
// (linalg.matmul widening each operand with extsi): the VALU template,
// exact in i32.
func.func @gemm_i16(%A: tensor<37x45xi16>, %B: tensor<45x?xi16>) -> tensor<37x?xi32> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %B, %c1 : tensor<45x?xi16>
  %e = tensor.empty(%n) : tensor<37x?xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<37x?xi32>) -> tensor<37x?xi32>
  %r = linalg.matmul ins(%A, %B : tensor<37x45xi16>, tensor<45x?xi16>) outs(%f : tensor<37x?xi32>) -> tensor<37x?xi32>
  return %r : tensor<37x?xi32>
}
