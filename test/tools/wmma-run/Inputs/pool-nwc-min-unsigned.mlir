// linalg.pooling_nwc_min_unsigned (i8 -> i8, window 3, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x33x24xi8>, %w: memref<3xi8>, %y: memref<2x16x24xi8>) {
  %init = arith.constant -1 : i8
  linalg.fill ins(%init : i8) outs(%y : memref<2x16x24xi8>)
  linalg.pooling_nwc_min_unsigned {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%x, %w : memref<2x33x24xi8>, memref<3xi8>) outs(%y : memref<2x16x24xi8>)
  return
}
