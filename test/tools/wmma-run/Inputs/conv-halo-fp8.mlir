// Halo reuse of fp8 (E4M3FN) input and filter: RDNA4 multiplies them as
// they are, RDNA3 as f16 (converted after the LDS reads, exact).
func.func @conv(%x: memref<2x10x10x32xf8E4M3FN>, %w: memref<3x3x32x24xf8E4M3FN>, %y: memref<2x8x8x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x8x8x24xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<2x10x10x32xf8E4M3FN>, memref<3x3x32x24xf8E4M3FN>) outs(%y : memref<2x8x8x24xf32>)
  return
}
