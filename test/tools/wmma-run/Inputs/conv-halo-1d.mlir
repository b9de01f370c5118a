// Halo reuse in 1-D (NWC x WCF): 5 taps, batch 2, 16 -> 32 channels.
func.func @conv1d(%x: memref<2x40x16xf16>, %w: memref<5x16x32xf16>, %y: memref<2x36x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x36x32xf32>)
  linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
    ins(%x, %w : memref<2x40x16xf16>, memref<5x16x32xf16>) outs(%y : memref<2x36x32xf32>)
  return
}
