// The 7x7 stride-2 first layer as torch-mlir emits it: padding 3 as a
// tensor.pad feeding the convolution (test/FrontEnd/conv-first-layer-pad-isa.test).
func.func @first(%x: tensor<1x224x224x3xf16>, %w: tensor<7x7x3x64xf16>) -> tensor<1x112x112x64xf16> {
  %cz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 3, 3, 0] high[0, 3, 3, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  } : tensor<1x224x224x3xf16> to tensor<1x230x230x3xf16>
  %e = tensor.empty() : tensor<1x112x112x64xf16>
  %f = linalg.fill ins(%cz : f16) outs(%e : tensor<1x112x112x64xf16>) -> tensor<1x112x112x64xf16>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<1x230x230x3xf16>, tensor<7x7x3x64xf16>) outs(%f : tensor<1x112x112x64xf16>) -> tensor<1x112x112x64xf16>
  return %c : tensor<1x112x112x64xf16>
}
