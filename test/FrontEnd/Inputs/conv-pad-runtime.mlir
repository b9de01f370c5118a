// A tensor.pad whose amounts are run-time index values (an argument and
// arithmetic on it) feeding a convolution (conv.mlir's RPAD checks).
func.func @conv_pad_rt(%x: tensor<1x?x?x16xf16>, %w: tensor<3x3x16x32xf16>, %o: tensor<1x?x?x32xf32>, %n: index) -> tensor<1x?x?x32xf32> {
  %cz = arith.constant 0.0 : f16
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  %p = tensor.pad %x low[0, %n, %m, 0] high[0, %m, %n, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  } : tensor<1x?x?x16xf16> to tensor<1x?x?x16xf16>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<1x?x?x16xf16>, tensor<3x3x16x32xf16>) outs(%o : tensor<1x?x?x32xf32>) -> tensor<1x?x?x32xf32>
  return %r : tensor<1x?x?x32xf32>
}
