// depthwise_conv_2d_nhwc_hwcm_q at static sizes, multiplier 16: i8 input
// and filter, scalar zero points 3 and -2, stride 2, i32 output (exact).
// The cost rule gives this shape to the VALU template, which must subtract
// the zero points the front end folds out of the operands.
func.func @dw_q(%x: memref<2x33x33x8xi8>, %w: memref<3x3x8x16xi8>, %y: memref<2x16x16x8x16xi32>) {
  %z = arith.constant 0 : i32
  %zx = arith.constant 3 : i32
  %zw = arith.constant -2 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<2x16x16x8x16xi32>)
  linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w, %zx, %zw : memref<2x33x33x8xi8>, memref<3x3x8x16xi8>, i32, i32) outs(%y : memref<2x16x16x8x16xi32>)
  return
}
