// depthwise_conv_2d_nhwc_hwc on tensors at run-time sizes, the output
// given, a tensor.pad of 1 feeding the input (masked reads, no padded
// copy), dilation 2, bf16 -> bf16, 24 channels.
func.func @dwdyn_pad(%x: tensor<?x?x?x24xbf16>, %w: tensor<3x3x24xbf16>, %init: tensor<?x?x?x24xbf16>) -> tensor<?x?x?x24xbf16> {
  %cz = arith.constant 0.0 : bf16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : bf16
  } : tensor<?x?x?x24xbf16> to tensor<?x?x?x24xbf16>
  %f = linalg.fill ins(%cz : bf16) outs(%init : tensor<?x?x?x24xbf16>) -> tensor<?x?x?x24xbf16>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<?x?x?x24xbf16>, tensor<3x3x24xbf16>) outs(%f : tensor<?x?x?x24xbf16>) -> tensor<?x?x?x24xbf16>
  return %r : tensor<?x?x?x24xbf16>
}
