// Halo reuse (Templates/ConvHalo.c): NHWC x HWCF, batch 2 (tiles straddle
// the two images), 17x17 output pixels (an M tail), 32 -> 40 channels (an
// N tail), 3x3 stride 1 on a pre-padded input, f16 -> f32.
func.func @conv(%x: memref<2x19x19x32xf16>, %w: memref<3x3x32x40xf16>, %y: memref<2x17x17x40xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x17x17x40xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<2x19x19x32xf16>, memref<3x3x32x40xf16>) outs(%y : memref<2x17x17x40xf32>)
  return
}
