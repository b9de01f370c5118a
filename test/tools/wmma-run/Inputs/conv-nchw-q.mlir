// conv_2d_nchw_fchw_q: channels-first, 3 input channels, zero points.
func.func @conv_qn(%x: memref<2x3x17x17xi8>, %w: memref<24x3x3x3xi8>, %izp: i32, %fzp: i32, %y: memref<2x24x15x15xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<2x24x15x15xi32>)
  linalg.conv_2d_nchw_fchw_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w, %izp, %fzp : memref<2x3x17x17xi8>, memref<24x3x3x3xi8>, i32, i32) outs(%y : memref<2x24x15x15xi32>)
  return
}
