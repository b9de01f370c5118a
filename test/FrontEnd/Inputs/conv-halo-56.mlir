// The issue-22 target: 3x3 stride 1, 56x56x64 -> 64, NHWC f16, pre-padded.
func.func @conv(%x: memref<1x58x58x64xf16>, %w: memref<3x3x64x64xf16>, %y: memref<1x56x56x64xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%y : memref<1x56x56x64xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x58x58x64xf16>, memref<3x3x64x64xf16>) outs(%y : memref<1x56x56x64xf16>)
  return
}
