// A 3x3 convolution of a 16x16 input padded by 1: 16x16 outputs.
func.func @conv_pad(%x: tensor<1x16x16x16xf16>, %w: tensor<3x3x16x32xf16>) -> tensor<1x16x16x32xf32> {
  %cz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  } : tensor<1x16x16x16xf16> to tensor<1x18x18x16xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<1x18x18x16xf16>, tensor<3x3x16x32xf16>) outs(%f : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  return %c : tensor<1x16x16x32xf32>
}
