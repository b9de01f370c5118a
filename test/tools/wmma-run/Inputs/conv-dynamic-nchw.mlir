// Channels-first with a run-time batch (a GEMM batch; run-time spatial sizes
// of NCHW are refused: OH would be a batch between N and M):
// a 3x3 convolution, 24 -> 40 channels, element gathers.
func.func @conv(%x: memref<?x24x33x17xf16>, %w: memref<40x24x3x3xf16>, %y: memref<?x40x31x15xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?x40x31x15xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<?x24x33x17xf16>, memref<40x24x3x3xf16>) outs(%y : memref<?x40x31x15xf32>)
  return
}
