// depthwise_conv_2d_nhwc_hwcm with a channel multiplier of 2: a WMMA
// multiplies 2 of its 16 columns, yet the modelled times take it beyond
// the template margin (DepthwiseChoice.c; the cost rule alone kept the
// VALU template).  24 channels, spatial 33, f16 -> f32.
func.func @dw_m2(%x: memref<1x33x33x24xf16>, %w: memref<3x3x24x2xf16>, %y: memref<1x31x31x24x2xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x31x31x24x2xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x33x33x24xf16>, memref<3x3x24x2xf16>) outs(%y : memref<1x31x31x24x2xf32>)
  return
}
