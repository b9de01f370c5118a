// depthwise_conv_1d_nwc_wc: VALU, stride 2, batch 2.
func.func @dw1d(%x: memref<2x67x24xf16>, %w: memref<3x24xf16>, %y: memref<2x33x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x33x24xf32>)
  linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%x, %w : memref<2x67x24xf16>, memref<3x24xf16>) outs(%y : memref<2x33x24xf32>)
  return
}
