// A 7x7 stride-2 first layer with 3 input channels and a run-time batch
// and image size (pre-padded input), 3 -> 24 channels.
func.func @conv(%x: memref<?x?x?x3xf16>, %w: memref<7x7x3x24xf16>, %y: memref<?x?x?x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x?x?x24xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x3xf16>, memref<7x7x3x24xf16>) outs(%y : memref<?x?x?x24xf32>)
  return
}
