// NHWC x FHWC (the filter's K dims innermost), bf16.
func.func @conv_fhwc(%x: memref<1x33x33x40xbf16>, %w: memref<24x3x3x40xbf16>, %y: memref<1x31x31x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x31x31x24xf32>)
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x33x33x40xbf16>, memref<24x3x3x40xbf16>) outs(%y : memref<1x31x31x24xf32>)
  return
}
