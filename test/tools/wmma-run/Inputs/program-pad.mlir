// tensor.pad of M at both ends feeding a product: read as masked loads of
// the unpadded source (ProblemPad.c), one kernel.
func.func @pad(%a: tensor<30x32xf16>, %b: tensor<32x24xf16>) -> tensor<32x24xf32> {
  %z = arith.constant 0.0 : f16
  %zf = arith.constant 0.0 : f32
  %p = tensor.pad %a low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<30x32xf16> to tensor<32x32xf16>
  %e = tensor.empty() : tensor<32x24xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<32x24xf32>) -> tensor<32x24xf32>
  %r = linalg.matmul ins(%p, %b : tensor<32x32xf16>, tensor<32x24xf16>) outs(%f : tensor<32x24xf32>) -> tensor<32x24xf32>
  return %r : tensor<32x24xf32>
}
