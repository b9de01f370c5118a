// depthwise_conv_1d_nwc_wc at run-time batch and width, i8 -> i32
// (exact), stride 2, 3 channels.
func.func @dwdyn1d(%x: memref<?x?x3xi8>, %w: memref<5x3xi8>, %y: memref<?x?x3xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<?x?x3xi32>)
  linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%x, %w : memref<?x?x3xi8>, memref<5x3xi8>) outs(%y : memref<?x?x3xi32>)
  return
}
