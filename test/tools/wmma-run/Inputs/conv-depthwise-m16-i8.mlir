// depthwise_conv_2d_nhwc_hwcm, multiplier 16, i8 x i8 -> i32 (exact), 24
// channels, spatial 33, stride 2.
func.func @dw_i8(%x: memref<1x33x33x24xi8>, %w: memref<3x3x24x16xi8>, %y: memref<1x16x16x24x16xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<1x16x16x24x16xi32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<1x33x33x24xi8>, memref<3x3x24x16xi8>) outs(%y : memref<1x16x16x24x16xi32>)
  return
}
