// depthwise_conv_3d_ndhwc_dhwc at run-time batch and spatial sizes
// (rank-5 buffers: four batch loops on grid z), f32, 24 channels.
func.func @dwdyn3d(%x: memref<?x?x?x?x24xf32>, %w: memref<3x3x3x24xf32>, %y: memref<?x?x?x?x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x?x?x?x24xf32>)
  linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : memref<?x?x?x?x24xf32>, memref<3x3x3x24xf32>) outs(%y : memref<?x?x?x?x24xf32>)
  return
}
