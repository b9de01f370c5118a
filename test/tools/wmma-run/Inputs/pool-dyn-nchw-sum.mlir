// linalg.pooling_nchw_sum at run-time batch and spatial sizes (memrefs),
// f16 -> f32, window 3x3, stride 2, dilation 2, 24 channels.
func.func @pool(%x: memref<?x24x?x?xf16>, %w: memref<3x3xf16>, %y: memref<?x24x?x?xf32>) {
  %init = arith.constant 0.0 : f32
  linalg.fill ins(%init : f32) outs(%y : memref<?x24x?x?xf32>)
  linalg.pooling_nchw_sum {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x24x?x?xf16>, memref<3x3xf16>) outs(%y : memref<?x24x?x?xf32>)
  return
}
