// Run-time sizes on tensors, the output's given (destination-passing, as
// frameworks pass it): a 3x3 convolution with 16 -> 24 channels and
// dilation 2, every size but the channels dynamic.
func.func @conv(%x: tensor<?x?x?x16xf16>, %w: tensor<3x3x16x24xf16>, %init: tensor<?x?x?x24xf32>) -> tensor<?x?x?x24xf32> {
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%init : tensor<?x?x?x24xf32>) -> tensor<?x?x?x24xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<?x?x?x16xf16>, tensor<3x3x16x24xf16>) outs(%f : tensor<?x?x?x24xf32>) -> tensor<?x?x?x24xf32>
  return %r : tensor<?x?x?x24xf32>
}
