// linalg.pooling_ndhwc_min (f32 -> f32, window 2x2x2, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<1x7x9x9x24xf32>, %w: memref<2x2x2xf32>, %y: memref<1x3x4x4x24xf32>) {
  %init = arith.constant 0x7F800000 : f32
  linalg.fill ins(%init : f32) outs(%y : memref<1x3x4x4x24xf32>)
  linalg.pooling_ndhwc_min {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
    ins(%x, %w : memref<1x7x9x9x24xf32>, memref<2x2x2xf32>) outs(%y : memref<1x3x4x4x24xf32>)
  return
}
