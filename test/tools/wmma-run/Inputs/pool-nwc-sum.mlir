// linalg.pooling_nwc_sum (i8 -> i32, window 3, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x33x24xi8>, %w: memref<3xi8>, %y: memref<2x16x24xi32>) {
  %init = arith.constant 0 : i32
  linalg.fill ins(%init : i32) outs(%y : memref<2x16x24xi32>)
  linalg.pooling_nwc_sum {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%x, %w : memref<2x33x24xi8>, memref<3xi8>) outs(%y : memref<2x16x24xi32>)
  return
}
