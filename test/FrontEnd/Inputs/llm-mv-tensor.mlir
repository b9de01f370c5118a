// linalg.matvec on tensors, as torch-mlir emits a linear layer of one token
// (its init a linalg.fill of an empty tensor): the decode template.
func.func @mv(%w: tensor<2048x4096xf16>, %x: tensor<4096xf16>) -> tensor<2048xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2048xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048xf32>) -> tensor<2048xf32>
  %r = linalg.matvec ins(%w, %x : tensor<2048x4096xf16>, tensor<4096xf16>) outs(%f : tensor<2048xf32>) -> tensor<2048xf32>
  return %r : tensor<2048xf32>
}
