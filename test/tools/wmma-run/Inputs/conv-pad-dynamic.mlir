// A tensor.pad at run-time sizes feeding the convolution (bufferized:
// affine.apply of memref.dim for the padded sizes): one kernel reading the
// unpadded input with masked loads, no padded copy.  Batch and spatial
// sizes dynamic (the batch unpadded), padding 1, 16 -> 24 channels, the
// output given.
func.func @conv_pad_dyn(%x: tensor<?x?x?x16xf16>, %w: tensor<3x3x16x24xf16>, %init: tensor<?x?x?x24xf32>) -> tensor<?x?x?x24xf32> {
  %cz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f16
  } : tensor<?x?x?x16xf16> to tensor<?x?x?x16xf16>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%init : tensor<?x?x?x24xf32>) -> tensor<?x?x?x24xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<?x?x?x16xf16>, tensor<3x3x16x24xf16>) outs(%f : tensor<?x?x?x24xf32>) -> tensor<?x?x?x24xf32>
  return %r : tensor<?x?x?x24xf32>
}
