// linalg.pooling_nhwc_sum (f32 -> f32, window 3x3, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x13x13x24xf32>, %w: memref<3x3xf32>, %y: memref<2x6x6x24xf32>) {
  %init = arith.constant 0.0 : f32
  linalg.fill ins(%init : f32) outs(%y : memref<2x6x6x24xf32>)
  linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x13x13x24xf32>, memref<3x3xf32>) outs(%y : memref<2x6x6x24xf32>)
  return
}
