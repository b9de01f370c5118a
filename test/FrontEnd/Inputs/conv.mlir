// A 3x3 convolution, NHWC x HWCF: M = 1 * 8 * 8 output pixels, N = 32
// output channels, K = 3 * 3 * 24 (channels not a multiple of 16: the
// im2col gather, no halo tile).
func.func @conv(%x: memref<1x10x10x24xf16>, %w: memref<3x3x24x32xf16>, %y: memref<1x8x8x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x8x8x32xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x10x10x24xf16>, memref<3x3x24x32xf16>) outs(%y : memref<1x8x8x32xf32>)
  return
}

// The same with 16 input channels: the halo tile (Templates/ConvHalo.c).
func.func @conv_halo(%x: memref<1x10x10x16xf16>, %w: memref<3x3x16x32xf16>, %y: memref<1x8x8x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x8x8x32xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x10x10x16xf16>, memref<3x3x16x32xf16>) outs(%y : memref<1x8x8x32xf32>)
  return
}

// 3 input channels, stride 2: K = 7 * 7 * 3 = 147 is gathered element by
// element (no 8-channel run stays inside one tap), masked past K.
func.func @conv_c3(%x: memref<1x37x37x3xf16>, %w: memref<7x7x3x16xf16>, %y: memref<1x16x16x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x16x16x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<1x37x37x3xf16>, memref<7x7x3x16xf16>) outs(%y : memref<1x16x16x16xf32>)
  return
}
