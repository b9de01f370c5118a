// linalg.pooling_ncw_max (bf16 -> f32, window 3, stride 2, dilation 2),
// odd spatial sizes, 24 channels: the VALU template's rows kernel, the
// window gathered as a depthwise convolution's.
func.func @pool(%x: memref<2x24x33xbf16>, %w: memref<3xbf16>, %y: memref<2x24x15xf32>) {
  %init = arith.constant 0xFF800000 : f32
  linalg.fill ins(%init : f32) outs(%y : memref<2x24x15xf32>)
  linalg.pooling_ncw_max {dilations = dense<2> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%x, %w : memref<2x24x33xbf16>, memref<3xbf16>) outs(%y : memref<2x24x15xf32>)
  return
}
