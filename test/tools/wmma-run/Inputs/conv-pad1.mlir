// tensor.pad (zeros, 1 on each side of H and W) feeding a 3x3 convolution.
func.func @conv_pad(%x: tensor<2x33x33x24xf16>, %w: tensor<3x3x24x40xf16>) -> tensor<2x33x33x40xf32> {
  %cz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  } : tensor<2x33x33x24xf16> to tensor<2x35x35x24xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x33x33x40xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x33x33x40xf32>) -> tensor<2x33x33x40xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<2x35x35x24xf16>, tensor<3x3x24x40xf16>) outs(%f : tensor<2x33x33x40xf32>) -> tensor<2x33x33x40xf32>
  return %c : tensor<2x33x33x40xf32>
}
