// conv_3d_ncdhw_fcdhw: channels-first 3-D, batch 2, 24 -> 40 channels, 3x3x3.
func.func @conv3d(%x: memref<2x24x5x9x9xf16>, %w: memref<40x24x3x3x3xf16>, %y: memref<2x40x3x7x7xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x40x3x7x7xf32>)
  linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : memref<2x24x5x9x9xf16>, memref<40x24x3x3x3xf16>) outs(%y : memref<2x40x3x7x7xf32>)
  return
}
