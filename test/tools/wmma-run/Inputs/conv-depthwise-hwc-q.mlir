// depthwise_conv_2d_nhwc_hwc_q at static sizes: i8, zero points as
// arguments (i32 scalars, drawn in [-128, 128)), 7 channels, 3x3 stride 1
// over 2x13x11 pixels, i32 output (exact).
func.func @dw_hwc_q(%x: memref<2x13x11x7xi8>, %w: memref<3x3x7xi8>, %zx: i32, %zw: i32, %y: memref<2x11x9x7xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<2x11x9x7xi32>)
  linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w, %zx, %zw : memref<2x13x11x7xi8>, memref<3x3x7xi8>, i32, i32) outs(%y : memref<2x11x9x7xi32>)
  return
}
