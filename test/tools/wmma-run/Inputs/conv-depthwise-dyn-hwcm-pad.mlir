// depthwise_conv_2d_nhwc_hwcm on tensors at run-time sizes, a tensor.pad
// of 1 feeding the input (masked reads), dilation 2, multiplier 3,
// 8 channels, bf16 -> f32, the output given.
func.func @dwdyn_m3_pad(%x: tensor<?x?x?x8xbf16>, %w: tensor<3x3x8x3xbf16>, %init: tensor<?x?x?x8x3xf32>) -> tensor<?x?x?x8x3xf32> {
  %cz = arith.constant 0.0 : bf16
  %fz = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : bf16
  } : tensor<?x?x?x8xbf16> to tensor<?x?x?x8xbf16>
  %f = linalg.fill ins(%fz : f32) outs(%init : tensor<?x?x?x8x3xf32>) -> tensor<?x?x?x8x3xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<?x?x?x8xbf16>, tensor<3x3x8x3xbf16>) outs(%f : tensor<?x?x?x8x3xf32>) -> tensor<?x?x?x8x3xf32>
  return %r : tensor<?x?x?x8x3xf32>
}
