// depthwise_conv_2d_nhwc_hwcm (a channel multiplier of 16) at run-time
// batch and spatial sizes, stride 2, f16 -> f32, 24 channels.
func.func @dwdyn_m(%x: memref<?x?x?x24xf16>, %w: memref<3x3x24x16xf16>, %y: memref<?x?x?x24x16xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x?x?x24x16xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x24xf16>, memref<3x3x24x16xf16>) outs(%y : memref<?x?x?x24x16xf32>)
  return
}
