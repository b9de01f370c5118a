// The issue-22 target: 3x3 stride 1, 28x28x128 -> 128, NHWC f16, pre-padded.
func.func @conv(%x: memref<1x30x30x128xf16>, %w: memref<3x3x128x128xf16>, %y: memref<1x28x28x128xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%y : memref<1x28x28x128xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x30x30x128xf16>, memref<3x3x128x128xf16>) outs(%y : memref<1x28x28x128xf16>)
  return
}
