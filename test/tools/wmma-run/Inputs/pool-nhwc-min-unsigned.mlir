// linalg.pooling_nhwc_min_unsigned (i8 -> i32, window 3x3, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x13x13x24xi8>, %w: memref<3x3xi8>, %y: memref<2x6x6x24xi32>) {
  %init = arith.constant -1 : i32
  linalg.fill ins(%init : i32) outs(%y : memref<2x6x6x24xi32>)
  linalg.pooling_nhwc_min_unsigned {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x13x13x24xi8>, memref<3x3xi8>) outs(%y : memref<2x6x6x24xi32>)
  return
}
