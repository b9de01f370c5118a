// conv_2d_nhwgc_gfhwc: 32 groups of 8 -> 16 channels (NHWC, channels
// innermost: one vector load per tap), bf16.
func.func @conv_nhwgc(%x: memref<1x10x10x32x8xbf16>, %w: memref<32x16x3x3x8xbf16>, %y: memref<1x8x8x32x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x8x8x32x16xf32>)
  linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x10x10x32x8xbf16>, memref<32x16x3x3x8xbf16>) outs(%y : memref<1x8x8x32x16xf32>)
  return
}
