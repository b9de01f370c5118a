// conv_3d_ndhwc_dhwcf: rank-5 buffers, batch 2, 3x3x3 taps, 24 -> 40.
func.func @conv3d(%x: memref<2x6x10x10x24xf16>, %w: memref<3x3x3x24x40xf16>, %y: memref<2x4x8x8x40xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x4x8x8x40xf32>)
  linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : memref<2x6x10x10x24xf16>, memref<3x3x3x24x40xf16>) outs(%y : memref<2x4x8x8x40xf32>)
  return
}
