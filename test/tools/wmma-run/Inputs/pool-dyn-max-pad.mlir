// Max pooling 3x3 stride 2 padding 1 as torch-mlir lowers it, at run-time
// batch and spatial sizes: a tensor.pad of -inf feeding
// linalg.pooling_nhwc_max into the given output filled with -inf (f16,
// 24 channels).  The border's masked reads must yield -inf, not zero.
func.func @pool_max_pad(%x: tensor<?x?x?x24xf16>, %init: tensor<?x?x?x24xf16>) -> tensor<?x?x?x24xf16> {
  %ninf = arith.constant 0xFC00 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f16
  } : tensor<?x?x?x24xf16> to tensor<?x?x?x24xf16>
  %w = tensor.empty() : tensor<3x3xf16>
  %f = linalg.fill ins(%ninf : f16) outs(%init : tensor<?x?x?x24xf16>) -> tensor<?x?x?x24xf16>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<?x?x?x24xf16>, tensor<3x3xf16>) outs(%f : tensor<?x?x?x24xf16>) -> tensor<?x?x?x24xf16>
  return %r : tensor<?x?x?x24xf16>
}
