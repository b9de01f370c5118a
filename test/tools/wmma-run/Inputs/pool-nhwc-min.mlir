// linalg.pooling_nhwc_min (i8 -> i8, window 3x3, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x13x13x24xi8>, %w: memref<3x3xi8>, %y: memref<2x6x6x24xi8>) {
  %init = arith.constant 127 : i8
  linalg.fill ins(%init : i8) outs(%y : memref<2x6x6x24xi8>)
  linalg.pooling_nhwc_min {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x13x13x24xi8>, memref<3x3xi8>) outs(%y : memref<2x6x6x24xi8>)
  return
}
