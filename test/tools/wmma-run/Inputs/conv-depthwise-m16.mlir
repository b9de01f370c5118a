// depthwise_conv_2d_nhwc_hwcm with a channel multiplier of 16: per channel
// (a GEMM batch) M = output pixels, N = 16, K = 9 taps (padded to 16): the
// WMMA implicit GEMM.  Batch 2, odd spatial size 33, 24 channels, stride 2,
// padding 1 (tensor.pad: masked loads), f16 -> f32.
func.func @dw_m16(%x: tensor<2x33x33x24xf16>, %w: tensor<3x3x24x16xf16>) -> tensor<2x17x17x24x16xf32> {
  %ch = arith.constant 0.0 : f16
  %cz = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ch : f16
  } : tensor<2x33x33x24xf16> to tensor<2x35x35x24xf16>
  %e = tensor.empty() : tensor<2x17x17x24x16xf32>
  %f = linalg.fill ins(%cz : f32) outs(%e : tensor<2x17x17x24x16xf32>) -> tensor<2x17x17x24x16xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<2x35x35x24xf16>, tensor<3x3x24x16xf16>) outs(%f : tensor<2x17x17x24x16xf32>) -> tensor<2x17x17x24x16xf32>
  return %c : tensor<2x17x17x24x16xf32>
}
