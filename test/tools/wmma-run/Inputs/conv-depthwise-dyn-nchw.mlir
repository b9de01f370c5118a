// depthwise_conv_2d_nchw_chw at run-time batch and spatial sizes,
// channels first, dilation 2, f16 -> f32, 24 channels.
func.func @dwdyn_nchw(%x: memref<?x24x?x?xf16>, %w: memref<24x3x3xf16>, %y: memref<?x24x?x?xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x24x?x?xf32>)
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<?x24x?x?xf16>, memref<24x3x3xf16>) outs(%y : memref<?x24x?x?xf32>)
  return
}
