// A 1x1 stride-1 convolution (a GEMM) accumulated into f16.
func.func @conv(%x: memref<1x33x33x16xf16>, %w: memref<1x1x16x16xf16>, %y: memref<1x33x33x16xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%y : memref<1x33x33x16xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x33x33x16xf16>, memref<1x1x16x16xf16>) outs(%y : memref<1x33x33x16xf16>)
  return
}
