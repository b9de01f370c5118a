func.func @two(%a: tensor<64x32xf16>, %b: tensor<32x48xf16>, %c: tensor<32x40xf16>) -> (tensor<64x48xf32>, tensor<64x40xf32>) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<64x48xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %r0 = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x48xf16>) outs(%f0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %e1 = tensor.empty() : tensor<64x40xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<64x40xf32>) -> tensor<64x40xf32>
  %r1 = linalg.matmul ins(%a, %c : tensor<64x32xf16>, tensor<32x40xf16>) outs(%f1 : tensor<64x40xf32>) -> tensor<64x40xf32>
  return %r0, %r1 : tensor<64x48xf32>, tensor<64x40xf32>
}
