// linalg.pooling_ndhwc_max (f16 -> f16, window 2x2x2, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<1x7x9x9x24xf16>, %w: memref<2x2x2xf16>, %y: memref<1x3x4x4x24xf16>) {
  %init = arith.constant 0xFC00 : f16
  linalg.fill ins(%init : f16) outs(%y : memref<1x3x4x4x24xf16>)
  linalg.pooling_ndhwc_max {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
    ins(%x, %w : memref<1x7x9x9x24xf16>, memref<2x2x2xf16>) outs(%y : memref<1x3x4x4x24xf16>)
  return
}
