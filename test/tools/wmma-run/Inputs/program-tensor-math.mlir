func.func @tmath(%a: tensor<64x32xf16>, %b: tensor<32x48xf16>, %bias: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<64x48xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x48xf16>) outs(%f0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %s = arith.addf %r0, %bias : tensor<64x48xf32>
  %t = math.tanh %s : tensor<64x48xf32>
  return %t : tensor<64x48xf32>
}
