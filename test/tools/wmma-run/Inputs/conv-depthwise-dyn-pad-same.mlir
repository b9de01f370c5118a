// depthwise_conv_2d_nhwc_hwc at run-time sizes, the input zero-padded by
// one run-time amount %n on both sides (low[0, %n, %n, 0] high[0, %n, %n,
// 0]: bufferization folds the padded size into `size + %n * 2`), f16 ->
// f32, 24 channels, the output given.
func.func @dwdyn_pad_same(%x: tensor<?x?x?x24xf16>, %w: tensor<3x3x24xf16>, %o: tensor<?x?x?x24xf32>, %n: index) -> tensor<?x?x?x24xf32> {
  %cz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, %n, %n, 0] high[0, %n, %n, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  } : tensor<?x?x?x24xf16> to tensor<?x?x?x24xf16>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<?x?x?x24xf32>) -> tensor<?x?x?x24xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<?x?x?x24xf16>, tensor<3x3x24xf16>) outs(%f : tensor<?x?x?x24xf32>) -> tensor<?x?x?x24xf32>
  return %r : tensor<?x?x?x24xf32>
}
