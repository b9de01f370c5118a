// conv_2d_ngchw_fgchw: 2 groups of 24 -> 16 channels, batch 2, stride 2.
func.func @conv_grouped(%x: memref<2x2x24x17x17xf16>, %w: memref<16x2x24x3x3xf16>, %y: memref<2x2x16x8x8xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x2x16x8x8xf32>)
  linalg.conv_2d_ngchw_fgchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x2x24x17x17xf16>, memref<16x2x24x3x3xf16>) outs(%y : memref<2x2x16x8x8xf32>)
  return
}
