// conv_2d_ngchw_gfchw: 2 groups, the filter's group outermost.
func.func @conv_gfchw(%x: memref<2x2x24x17x17xf16>, %w: memref<2x16x24x3x3xf16>, %y: memref<2x2x16x15x15xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x2x16x15x15xf32>)
  linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<2x2x24x17x17xf16>, memref<2x16x24x3x3xf16>) outs(%y : memref<2x2x16x15x15xf32>)
  return
}
