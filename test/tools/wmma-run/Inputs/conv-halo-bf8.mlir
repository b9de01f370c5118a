// Halo reuse of bf8 (E5M2) input and filter (RDNA3: as f16, exact).
func.func @conv(%x: memref<2x10x10x32xf8E5M2>, %w: memref<3x3x32x24xf8E5M2>, %y: memref<2x8x8x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x8x8x24xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<2x10x10x32xf8E5M2>, memref<3x3x32x24xf8E5M2>) outs(%y : memref<2x8x8x24xf32>)
  return
}
