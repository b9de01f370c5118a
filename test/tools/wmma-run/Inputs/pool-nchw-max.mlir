// linalg.pooling_nchw_max (f32 -> f32, window 3x3, stride 2, dilation 2),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x24x13x13xf32>, %w: memref<3x3xf32>, %y: memref<2x24x5x5xf32>) {
  %init = arith.constant 0xFF800000 : f32
  linalg.fill ins(%init : f32) outs(%y : memref<2x24x5x5xf32>)
  linalg.pooling_nchw_max {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x24x13x13xf32>, memref<3x3xf32>) outs(%y : memref<2x24x5x5xf32>)
  return
}
