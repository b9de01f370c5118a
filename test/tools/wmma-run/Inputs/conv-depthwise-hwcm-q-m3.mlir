// depthwise_conv_2d_nhwc_hwcm_q at static odd sizes, multiplier 3, 5
// channels, zero points -7 and 5, dilation 2, i32 output (exact): the
// VALU template by the rule.
func.func @dw_q3(%x: memref<2x13x11x5xi8>, %w: memref<3x3x5x3xi8>, %y: memref<2x9x7x5x3xi32>) {
  %z = arith.constant 0 : i32
  %zx = arith.constant -7 : i32
  %zw = arith.constant 5 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<2x9x7x5x3xi32>)
  linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w, %zx, %zw : memref<2x13x11x5xi8>, memref<3x3x5x3xi8>, i32, i32) outs(%y : memref<2x9x7x5x3xi32>)
  return
}
