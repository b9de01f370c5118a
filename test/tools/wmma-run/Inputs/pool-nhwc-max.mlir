// linalg.pooling_nhwc_max (bf16 -> bf16, window 3x3, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x13x13x24xbf16>, %w: memref<3x3xbf16>, %y: memref<2x6x6x24xbf16>) {
  %init = arith.constant 0xFF80 : bf16
  linalg.fill ins(%init : bf16) outs(%y : memref<2x6x6x24xbf16>)
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x13x13x24xbf16>, memref<3x3xbf16>) outs(%y : memref<2x6x6x24xbf16>)
  return
}
