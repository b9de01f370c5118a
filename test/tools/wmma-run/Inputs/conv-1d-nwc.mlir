// conv_1d_nwc_wcf, batch 2, 5 taps.
func.func @conv1d(%x: memref<2x67x24xf16>, %w: memref<5x24x40xf16>, %y: memref<2x63x40xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x63x40xf32>)
  linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
    ins(%x, %w : memref<2x67x24xf16>, memref<5x24x40xf16>) outs(%y : memref<2x63x40xf32>)
  return
}
