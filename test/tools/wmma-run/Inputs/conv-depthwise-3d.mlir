// depthwise_conv_3d_ndhwc_dhwc: rank-5 buffers, bf16, 40 channels.
func.func @dw3d(%x: memref<2x5x9x9x40xbf16>, %w: memref<3x3x3x40xbf16>, %y: memref<2x3x7x7x40xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x3x7x7x40xf32>)
  linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : memref<2x5x9x9x40xbf16>, memref<3x3x3x40xbf16>) outs(%y : memref<2x3x7x7x40xf32>)
  return
}
