// NHWC x HWCF, batch 2, 33x33x24 -> 40 channels, 3x3 stride 2 (f16 -> f32).
func.func @conv(%x: memref<2x33x33x24xf16>, %w: memref<3x3x24x40xf16>, %y: memref<2x16x16x40xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x16x16x40xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x33x33x24xf16>, memref<3x3x24x40xf16>) outs(%y : memref<2x16x16x40xf32>)
  return
}
