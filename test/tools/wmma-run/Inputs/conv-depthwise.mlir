// depthwise_conv_2d_nhwc_hwc: 32 channels, 3x3, stride 2, batch 2 (VALU).
func.func @dwconv(%x: memref<2x33x33x32xf16>, %w: memref<3x3x32xf16>, %y: memref<2x16x16x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x16x16x32xf32>)
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x33x33x32xf16>, memref<3x3x32xf16>) outs(%y : memref<2x16x16x32xf32>)
  return
}
