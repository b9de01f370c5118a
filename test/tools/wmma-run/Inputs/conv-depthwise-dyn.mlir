// depthwise_conv_2d_nhwc_hwc at run-time batch and spatial sizes (memrefs),
// stride 2, 24 channels, f16 -> f32: the VALU template, its batch, output
// rows and channel on grid z (the pixel loops collapse only at static
// sizes).
func.func @dwdyn(%x: memref<?x?x?x24xf16>, %w: memref<3x3x24xf16>, %y: memref<?x?x?x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x?x?x24xf32>)
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x24xf16>, memref<3x3x24xf16>) outs(%y : memref<?x?x?x24xf32>)
  return
}
