// Halo reuse of an i8 input (a byte per channel: 16-byte rows), 32 -> 24
// channels, i32 (exact).
func.func @conv(%x: memref<1x12x12x32xi8>, %w: memref<3x3x32x24xi8>, %y: memref<1x10x10x24xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<1x10x10x24xi32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x12x12x32xi8>, memref<3x3x32x24xi8>) outs(%y : memref<1x10x10x24xi32>)
  return
}
