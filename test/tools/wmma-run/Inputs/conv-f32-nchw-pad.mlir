// An f32 channels-first convolution (VALU) reading its input through a
// tensor.pad of 1 (masked point loads, no padded copy), dilation 2,
// 24 -> 40 channels, batch 2.
func.func @conv_f32_pad(%x: tensor<2x24x17x17xf32>, %w: tensor<40x24x3x3xf32>) -> tensor<2x40x15x15xf32> {
  %cz = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f32
  } : tensor<2x24x17x17xf32> to tensor<2x24x19x19xf32>
  %e = tensor.empty() : tensor<2x40x15x15xf32>
  %f = linalg.fill ins(%cz : f32) outs(%e : tensor<2x40x15x15xf32>) -> tensor<2x40x15x15xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<2x24x19x19xf32>, tensor<40x24x3x3xf32>) outs(%f : tensor<2x40x15x15xf32>) -> tensor<2x40x15x15xf32>
  return %c : tensor<2x40x15x15xf32>
}
