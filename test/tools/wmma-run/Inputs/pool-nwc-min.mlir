// linalg.pooling_nwc_min (f32 -> f32, window 3, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x33x24xf32>, %w: memref<3xf32>, %y: memref<2x16x24xf32>) {
  %init = arith.constant 0x7F800000 : f32
  linalg.fill ins(%init : f32) outs(%y : memref<2x16x24xf32>)
  linalg.pooling_nwc_min {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%x, %w : memref<2x33x24xf32>, memref<3xf32>) outs(%y : memref<2x16x24xf32>)
  return
}
