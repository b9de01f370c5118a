func.func @chain4(%x: tensor<64x64xf16>, %w0: tensor<64x64xf16>, %w1: tensor<64x64xf16>, %w2: tensor<64x64xf16>, %w3: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %z = arith.constant 0.0 : f16
  %e0 = tensor.empty() : tensor<64x64xf16>
  %f0 = linalg.fill ins(%z : f16) outs(%e0 : tensor<64x64xf16>) -> tensor<64x64xf16>
  %h0 = linalg.matmul ins(%x, %w0 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f0 : tensor<64x64xf16>) -> tensor<64x64xf16>
  %e1 = tensor.empty() : tensor<64x64xf16>
  %f1 = linalg.fill ins(%z : f16) outs(%e1 : tensor<64x64xf16>) -> tensor<64x64xf16>
  %h1 = linalg.matmul ins(%h0, %w1 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f1 : tensor<64x64xf16>) -> tensor<64x64xf16>
  %e2 = tensor.empty() : tensor<64x64xf16>
  %f2 = linalg.fill ins(%z : f16) outs(%e2 : tensor<64x64xf16>) -> tensor<64x64xf16>
  %h2 = linalg.matmul ins(%h1, %w2 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f2 : tensor<64x64xf16>) -> tensor<64x64xf16>
  %e3 = tensor.empty() : tensor<64x64xf16>
  %f3 = linalg.fill ins(%z : f16) outs(%e3 : tensor<64x64xf16>) -> tensor<64x64xf16>
  %h3 = linalg.matmul ins(%h2, %w3 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f3 : tensor<64x64xf16>) -> tensor<64x64xf16>
  return %h3 : tensor<64x64xf16>
}
