// A first layer padded at run-time sizes: 3 input channels (element
// gathers, each index checked), 7x7 stride 2, padding 3 low and 2 or 3
// high (asymmetric in H), spatial sizes dynamic, bf16.
func.func @conv_pad_dyn_c3(%x: tensor<2x?x?x3xbf16>, %w: tensor<7x7x3x24xbf16>, %init: tensor<2x?x?x24xf32>) -> tensor<2x?x?x24xf32> {
  %cz = arith.constant 0.0 : bf16
  %p = tensor.pad %x low[0, 3, 3, 0] high[0, 2, 3, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : bf16
  } : tensor<2x?x?x3xbf16> to tensor<2x?x?x3xbf16>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%init : tensor<2x?x?x24xf32>) -> tensor<2x?x?x24xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<2x?x?x3xbf16>, tensor<7x7x3x24xbf16>) outs(%f : tensor<2x?x?x24xf32>) -> tensor<2x?x?x24xf32>
  return %r : tensor<2x?x?x24xf32>
}
