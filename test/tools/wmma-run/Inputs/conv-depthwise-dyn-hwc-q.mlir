// depthwise_conv_2d_nhwc_hwc_q at run-time batch and spatial sizes: i8,
// zero points as arguments (i32 scalars, drawn in [-128, 128)), 7
// channels, stride 2, i32 output (exact): the VALU template (no N loop).
func.func @dwdyn_hwc_q(%x: memref<?x?x?x7xi8>, %w: memref<3x3x7xi8>, %zx: i32, %zw: i32, %y: memref<?x?x?x7xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<?x?x?x7xi32>)
  linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w, %zx, %zw : memref<?x?x?x7xi8>, memref<3x3x7xi8>, i32, i32) outs(%y : memref<?x?x?x7xi32>)
  return
}
