// linalg.pooling_ndhwc_sum (f16 -> f32, window 2x2x2, stride 2, dilation 1),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<1x7x9x9x24xf16>, %w: memref<2x2x2xf16>, %y: memref<1x3x4x4x24xf32>) {
  %init = arith.constant 0.0 : f32
  linalg.fill ins(%init : f32) outs(%y : memref<1x3x4x4x24xf32>)
  linalg.pooling_ndhwc_sum {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
    ins(%x, %w : memref<1x7x9x9x24xf16>, memref<2x2x2xf16>) outs(%y : memref<1x3x4x4x24xf32>)
  return
}
