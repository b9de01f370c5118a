// linalg.pooling_nwc_max (f16 -> f16, window 3, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x33x24xf16>, %w: memref<3xf16>, %y: memref<2x16x24xf16>) {
  %init = arith.constant 0xFC00 : f16
  linalg.fill ins(%init : f16) outs(%y : memref<2x16x24xf16>)
  linalg.pooling_nwc_max {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%x, %w : memref<2x33x24xf16>, memref<3xf16>) outs(%y : memref<2x16x24xf16>)
  return
}
