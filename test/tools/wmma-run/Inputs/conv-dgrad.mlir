// The data gradient of a 3x3 stride-1 convolution with the filter already
// flipped and its channels swapped (a framework's weight layout for the
// transposed convolution): dx = conv(pad(dy, 2), W'), the padding a
// tensor.pad feeding the convolution (masked loads, no padded copy);
// 40 -> 24 channels, batch 2.
func.func @dgrad(%dy: tensor<2x9x9x40xf16>, %wf: tensor<3x3x40x24xf16>) -> tensor<2x11x11x24xf32> {
  %zh = arith.constant 0.0 : f16
  %dyp = tensor.pad %dy low[0, 2, 2, 0] high[0, 2, 2, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zh : f16
  } : tensor<2x9x9x40xf16> to tensor<2x13x13x40xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x11x11x24xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<2x11x11x24xf32>) -> tensor<2x11x11x24xf32>
  %dx = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%dyp, %wf : tensor<2x13x13x40xf16>, tensor<3x3x40x24xf16>) outs(%acc : tensor<2x11x11x24xf32>) -> tensor<2x11x11x24xf32>
  return %dx : tensor<2x11x11x24xf32>
}
