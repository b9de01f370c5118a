// conv_1d_ncw_fcw: channels outer (element gathers), stride 2, dilation 2.
func.func @conv1d_ncw(%x: memref<2x24x67xbf16>, %w: memref<40x24x3xbf16>, %y: memref<2x40x32xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x40x32xf32>)
  linalg.conv_1d_ncw_fcw {dilations = dense<2> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
    ins(%x, %w : memref<2x24x67xbf16>, memref<40x24x3xbf16>) outs(%y : memref<2x40x32xf32>)
  return
}
