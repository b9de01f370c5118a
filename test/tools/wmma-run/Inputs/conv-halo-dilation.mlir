// Halo reuse with dilation 2 (taps 2 pixels and 2 rows apart), batch 2,
// 16 -> 24 channels, bf16 -> f32.
func.func @conv(%x: memref<2x15x15x16xbf16>, %w: memref<3x3x16x24xbf16>, %y: memref<2x11x11x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x11x11x24xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<2x15x15x16xbf16>, memref<3x3x16x24xbf16>) outs(%y : memref<2x11x11x24xf32>)
  return
}
