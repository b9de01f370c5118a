// depthwise_conv_2d_nhwc_hwcm at run-time batch and spatial sizes, a
// channel multiplier of 3, 8 channels, stride 2, f16 -> f32: with a forced
// tile the WMMA implicit GEMM (batch, output rows and channel its batch
// loops; the output written through a view with run-time strides).
func.func @dwdyn_m3(%x: memref<?x?x?x8xf16>, %w: memref<3x3x8x3xf16>, %y: memref<?x?x?x8x3xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x?x?x8x3xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x8xf16>, memref<3x3x8x3xf16>) outs(%y : memref<?x?x?x8x3xf32>)
  return
}
