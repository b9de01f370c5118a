// linalg.pooling_ndhwc_max (3-D) at run-time batch and spatial sizes
// (memrefs), f32, window 2x2x2, stride 2, 24 channels: four batch loops
// on grid z (batch, planes, rows, columns), M the channel.
func.func @pool(%x: memref<?x?x?x?x24xf32>, %w: memref<2x2x2xf32>, %y: memref<?x?x?x?x24xf32>) {
  %init = arith.constant 0xFF800000 : f32
  linalg.fill ins(%init : f32) outs(%y : memref<?x?x?x?x24xf32>)
  linalg.pooling_ndhwc_max {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>}
    ins(%x, %w : memref<?x?x?x?x24xf32>, memref<2x2x2xf32>) outs(%y : memref<?x?x?x?x24xf32>)
  return
}
