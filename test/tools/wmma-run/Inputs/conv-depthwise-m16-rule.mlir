// depthwise_conv_2d_nhwc_hwcm, multiplier 16, 24 channels, spatial 33,
// f16 -> f32: the cost rule takes the WMMA implicit GEMM (128 x 16 tiles).
func.func @dw_m16_rule(%x: memref<1x33x33x24xf16>, %w: memref<3x3x24x16xf16>, %y: memref<1x31x31x24x16xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x33x33x24xf16>, memref<3x3x24x16xf16>) outs(%y : memref<1x31x31x24x16xf32>)
  return
}
