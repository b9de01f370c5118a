// Halo reuse in 3-D (rank-5 buffers): 2x2x2 taps over depth, rows and
// pixels, batch 2, 16 -> 24 channels.
func.func @conv3d(%x: memref<2x4x6x6x16xf16>, %w: memref<2x2x2x16x24xf16>, %y: memref<2x3x5x5x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x3x5x5x24xf32>)
  linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : memref<2x4x6x6x16xf16>, memref<2x2x2x16x24xf16>) outs(%y : memref<2x3x5x5x24xf32>)
  return
}
