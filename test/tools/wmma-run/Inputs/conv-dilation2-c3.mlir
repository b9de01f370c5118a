// 3 input channels (masked element gathers), dilation 2, bf16.
func.func @conv(%x: memref<1x33x33x3xbf16>, %w: memref<3x3x3x24xbf16>, %y: memref<1x29x29x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x29x29x24xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x33x33x3xbf16>, memref<3x3x3x24xbf16>) outs(%y : memref<1x29x29x24xf32>)
  return
}
