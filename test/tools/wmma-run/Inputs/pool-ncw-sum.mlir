// linalg.pooling_ncw_sum (f32 -> f32, window 3, stride 2, dilation 2),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x24x33xf32>, %w: memref<3xf32>, %y: memref<2x24x15xf32>) {
  %init = arith.constant 0.0 : f32
  linalg.fill ins(%init : f32) outs(%y : memref<2x24x15xf32>)
  linalg.pooling_ncw_sum {dilations = dense<2> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%x, %w : memref<2x24x33xf32>, memref<3xf32>) outs(%y : memref<2x24x15xf32>)
  return
}
