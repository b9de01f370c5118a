// depthwise_conv_2d_nhwc_hwcm, multiplier 32 (N = 32: the WMMA implicit
// GEMM), 3 channels, dilation 2, odd spatial size 33, batch 2, bf16 -> f32.
func.func @dw_m32(%x: memref<2x33x33x3xbf16>, %w: memref<3x3x3x32xbf16>, %y: memref<2x29x29x3x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x29x29x3x32xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<2x33x33x3xbf16>, memref<3x3x3x32xbf16>) outs(%y : memref<2x29x29x3x32xf32>)
  return
}
