// A first layer: 3 input channels padded by 3 (element gathers masked at
// the border), 7x7 stride 2, batch 2, bf16.
func.func @conv_pad3(%x: tensor<2x33x33x3xbf16>, %w: tensor<7x7x3x24xbf16>) -> tensor<2x17x17x24xf32> {
  %cz = arith.constant 0.0 : bf16
  %p = tensor.pad %x low[0, 3, 3, 0] high[0, 3, 3, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : bf16
  } : tensor<2x33x33x3xbf16> to tensor<2x39x39x3xbf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x17x17x24xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x17x17x24xf32>) -> tensor<2x17x17x24xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<2x39x39x3xbf16>, tensor<7x7x3x24xbf16>) outs(%f : tensor<2x17x17x24xf32>) -> tensor<2x17x17x24xf32>
  return %c : tensor<2x17x17x24xf32>
}
