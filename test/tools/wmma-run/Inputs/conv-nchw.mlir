// conv_2d_nchw_fchw: the batch a GEMM batch (M = OH * OW), channels outer.
func.func @conv_nchw(%x: memref<2x24x33x33xf16>, %w: memref<40x24x3x3xf16>, %y: memref<2x40x31x31xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x40x31x31xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<2x24x33x33xf16>, memref<40x24x3x3xf16>) outs(%y : memref<2x40x31x31xf32>)
  return
}
