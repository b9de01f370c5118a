// conv_2d_nhwc_fhwc_q: the filter F-major, scalar zero points, exact.
func.func @conv_fq(%x: memref<2x17x17x40xi8>, %w: memref<24x3x3x40xi8>, %izp: i32, %fzp: i32, %y: memref<2x15x15x24xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<2x15x15x24xi32>)
  linalg.conv_2d_nhwc_fhwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w, %izp, %fzp : memref<2x17x17x40xi8>, memref<24x3x3x40xi8>, i32, i32) outs(%y : memref<2x15x15x24xi32>)
  return
}
