// depthwise_conv_2d_nhwc_hwcm_q at run-time batch and spatial sizes: i8
// input and filter, scalar zero points 3 and -2, multiplier 16, 8
// channels, stride 2, i32 output (exact): the WMMA implicit GEMM with
// the zero-point correction.
func.func @dwdyn_q(%x: memref<?x?x?x8xi8>, %w: memref<3x3x8x16xi8>, %y: memref<?x?x?x8x16xi32>) {
  %z = arith.constant 0 : i32
  %zx = arith.constant 3 : i32
  %zw = arith.constant -2 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<?x?x?x8x16xi32>)
  linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w, %zx, %zw : memref<?x?x?x8xi8>, memref<3x3x8x16xi8>, i32, i32) outs(%y : memref<?x?x?x8x16xi32>)
  return
}
