// depthwise 3x3 with padding 1 (tensor.pad), 24 channels, f16 -> f16 (VALU).
func.func @dwconv_pad(%x: tensor<2x33x33x24xf16>, %w: tensor<3x3x24xf16>) -> tensor<2x33x33x24xf16> {
  %cz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  } : tensor<2x33x33x24xf16> to tensor<2x35x35x24xf16>
  %e = tensor.empty() : tensor<2x33x33x24xf16>
  %f = linalg.fill ins(%cz : f16) outs(%e : tensor<2x33x33x24xf16>) -> tensor<2x33x33x24xf16>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<2x35x35x24xf16>, tensor<3x3x24xf16>) outs(%f : tensor<2x33x33x24xf16>) -> tensor<2x33x33x24xf16>
  return %c : tensor<2x33x33x24xf16>
}
