// depthwise_conv_2d_nchw_chw: channels first, dilation 2, spatial 33.
func.func @dwnchw(%x: memref<2x24x33x33xf16>, %w: memref<24x3x3xf16>, %y: memref<2x24x29x29xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x24x29x29xf32>)
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<2x24x33x33xf16>, memref<24x3x3xf16>) outs(%y : memref<2x24x29x29xf32>)
  return
}
