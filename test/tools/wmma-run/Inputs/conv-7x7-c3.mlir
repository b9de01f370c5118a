// A 7x7 stride-2 first layer with 3 input channels, batch 2.
func.func @conv(%x: memref<2x33x33x3xf16>, %w: memref<7x7x3x24xf16>, %y: memref<2x14x14x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x14x14x24xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x33x33x3xf16>, memref<7x7x3x24xf16>) outs(%y : memref<2x14x14x24xf32>)
  return
}
