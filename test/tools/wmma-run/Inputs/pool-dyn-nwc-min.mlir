// linalg.pooling_nwc_min (1-D) at run-time batch and width (memrefs), i8,
// window 3, stride 2, 24 channels (integers: exact).
func.func @pool(%x: memref<?x?x24xi8>, %w: memref<3xi8>, %y: memref<?x?x24xi8>) {
  %init = arith.constant 127 : i8
  linalg.fill ins(%init : i8) outs(%y : memref<?x?x24xi8>)
  linalg.pooling_nwc_min {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%x, %w : memref<?x?x24xi8>, memref<3xi8>) outs(%y : memref<?x?x24xi8>)
  return
}
