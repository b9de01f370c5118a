// A first layer through an asymmetric tensor.pad (low 3/2, high 2/3),
// 7x5 taps dilated 2 along the rows, stride 2, 3 input channels, batch 2,
// f16: K ordered by runs of kw x c = 15 padded to 16, the border checked
// per element outside the K loop (Kernel/ConvLoad.c's kpad_load_padded).
func.func @conv_pad_kpad(%x: tensor<2x35x31x3xf16>, %w: tensor<7x5x3x40xf16>) -> tensor<2x14x16x40xf32> {
  %cz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 3, 2, 0] high[0, 2, 3, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  } : tensor<2x35x31x3xf16> to tensor<2x40x36x3xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x14x16x40xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x14x16x40xf32>) -> tensor<2x14x16x40xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<2x40x36x3xf16>, tensor<7x5x3x40xf16>) outs(%f : tensor<2x14x16x40xf32>) -> tensor<2x14x16x40xf32>
  return %c : tensor<2x14x16x40xf32>
}
