// An f32 convolution (VALU) at run-time batch and spatial sizes, stride 2.
func.func @conv_f32_dyn(%x: memref<?x?x?x24xf32>, %w: memref<3x3x24x40xf32>, %y: memref<?x?x?x40xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x?x?x40xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x24xf32>, memref<3x3x24x40xf32>) outs(%y : memref<?x?x?x40xf32>)
  return
}
