// linalg.pooling_nhwc_max at run-time batch and spatial sizes (memrefs),
// window 3x3 stride 2, 24 channels, f16: the VALU template's rows kernel,
// the batch, output rows and columns on grid z (the pixel loops collapse
// into one M only at static sizes).
func.func @pool(%x: memref<?x?x?x24xf16>, %w: memref<3x3xf16>, %y: memref<?x?x?x24xf16>) {
  %init = arith.constant 0xFC00 : f16
  linalg.fill ins(%init : f16) outs(%y : memref<?x?x?x24xf16>)
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x24xf16>, memref<3x3xf16>) outs(%y : memref<?x?x?x24xf16>)
  return
}
