// Max pooling 3x3 stride 2 padding 1 as torch-mlir lowers it: a tensor.pad
// of -inf feeding linalg.pooling_nhwc_max into an output filled with
// -inf.  Odd sizes: batch 2, 33x33 spatial, 24 channels (f16) -> 17x17.
// The border's masked reads must yield -inf, not zero (the inputs are
// signed: zeros would win wherever a window's data is all negative).
func.func @pool_max_pad(%x: tensor<2x33x33x24xf16>) -> tensor<2x17x17x24xf16> {
  %ninf = arith.constant 0xFC00 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f16
  } : tensor<2x33x33x24xf16> to tensor<2x35x35x24xf16>
  %w = tensor.empty() : tensor<3x3xf16>
  %e = tensor.empty() : tensor<2x17x17x24xf16>
  %f = linalg.fill ins(%ninf : f16) outs(%e : tensor<2x17x17x24xf16>) -> tensor<2x17x17x24xf16>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<2x35x35x24xf16>, tensor<3x3xf16>) outs(%f : tensor<2x17x17x24xf16>) -> tensor<2x17x17x24xf16>
  return %r : tensor<2x17x17x24xf16>
}
