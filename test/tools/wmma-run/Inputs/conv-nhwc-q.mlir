// conv_2d_nhwc_hwcf_q: i8 input and filter shifted by scalar zero points,
// i32 accumulation (exact).
func.func @conv_q(%x: memref<2x17x17x40xi8>, %w: memref<3x3x40x24xi8>, %izp: i32, %fzp: i32, %y: memref<2x8x8x24xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<2x8x8x24xi32>)
  linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w, %izp, %fzp : memref<2x17x17x40xi8>, memref<3x3x40x24xi8>, i32, i32) outs(%y : memref<2x8x8x24xi32>)
  return
}
