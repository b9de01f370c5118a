// linalg.softmax over dimension 0 of an f16 tensor (50 x 37): the reduced
// dimension is not innermost (column form), the statistics are f16 as the
// program computes them, exp in f32 rounded once to f16.
func.func @softmax_dim0(%x: tensor<50x37xf16>) -> tensor<50x37xf16> {
  %e = tensor.empty() : tensor<50x37xf16>
  %r = linalg.softmax dimension(0) ins(%x : tensor<50x37xf16>) outs(%e : tensor<50x37xf16>) -> tensor<50x37xf16>
  return %r : tensor<50x37xf16>
}
