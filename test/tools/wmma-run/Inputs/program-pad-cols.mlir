// tensor.pad on both dimensions: the copy into the padded buffer goes
// through a subview whose rows are not contiguous, which MLIR's CPU
// lowering of the reference turns into a call to the memrefCopy run-time
// function.
func.func @pad_cols(%a: tensor<30x40xf16>, %b: tensor<48x64xf16>) -> tensor<32x64xf32> {
  %z = arith.constant 0.0 : f16
  %p = tensor.pad %a low[1, 3] high[1, 5] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<30x40xf16> to tensor<32x48xf16>
  %c0 = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%c0 : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %r = linalg.matmul ins(%p, %b : tensor<32x48xf16>, tensor<48x64xf16>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}
