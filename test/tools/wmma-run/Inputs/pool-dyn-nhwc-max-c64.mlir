// linalg.pooling_nhwc_max at run-time spatial sizes (memrefs), batch 2,
// 64 channels, f16, window 3x3 stride 2: the rows kernel takes 4 output
// columns x 64 channels per workgroup (every one of its 256 threads an
// output) and the whole 9-tap window in one unmasked step.
func.func @pool(%x: memref<2x?x?x64xf16>, %w: memref<3x3xf16>, %y: memref<2x?x?x64xf16>) {
  %init = arith.constant 0xFC00 : f16
  linalg.fill ins(%init : f16) outs(%y : memref<2x?x?x64xf16>)
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x?x?x64xf16>, memref<3x3xf16>) outs(%y : memref<2x?x?x64xf16>)
  return
}
