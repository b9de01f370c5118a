func.func @dotmv(%a: tensor<64x64xf16>, %x: tensor<64xf16>, %b: tensor<64x64xf16>, %y: tensor<64xf16>) -> tensor<f16> {
  %z = arith.constant 0.0 : f16
  %e0 = tensor.empty() : tensor<64xf16>
  %f0 = linalg.fill ins(%z : f16) outs(%e0 : tensor<64xf16>) -> tensor<64xf16>
  %u = linalg.matvec ins(%a, %x : tensor<64x64xf16>, tensor<64xf16>) outs(%f0 : tensor<64xf16>) -> tensor<64xf16>
  %e1 = tensor.empty() : tensor<64xf16>
  %f1 = linalg.fill ins(%z : f16) outs(%e1 : tensor<64xf16>) -> tensor<64xf16>
  %v = linalg.matvec ins(%b, %y : tensor<64x64xf16>, tensor<64xf16>) outs(%f1 : tensor<64xf16>) -> tensor<64xf16>
  %e2 = tensor.empty() : tensor<f16>
  %f2 = linalg.fill ins(%z : f16) outs(%e2 : tensor<f16>) -> tensor<f16>
  %d = linalg.dot ins(%u, %v : tensor<64xf16>, tensor<64xf16>) outs(%f2 : tensor<f16>) -> tensor<f16>
  return %d : tensor<f16>
}
