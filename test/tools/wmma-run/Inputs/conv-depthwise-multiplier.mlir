// depthwise_conv_2d_nhwc_hwcm: 8 channels x multiplier 16 (N = 16),
// dilation 2: the cost rule keeps VALU (a small grid); --tile 64x16 WMMA.
func.func @dwconv_m(%x: memref<1x21x21x8xbf16>, %w: memref<3x3x8x16xbf16>, %y: memref<1x17x17x8x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x17x17x8x16xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x21x21x8xbf16>, memref<3x3x8x16xbf16>) outs(%y : memref<1x17x17x8x16xf32>)
  return
}
