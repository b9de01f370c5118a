// f32 convolutions (no f32 WMMA): the VALU template, its point loads
// gathering the input -- a 3-channel first layer, stride 2, batch 2.
func.func @conv_f32(%x: memref<2x33x33x3xf32>, %w: memref<3x3x3x24xf32>, %y: memref<2x16x16x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x16x16x24xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x33x33x3xf32>, memref<3x3x3x24xf32>) outs(%y : memref<2x16x16x24xf32>)
  return
}
