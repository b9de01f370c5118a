// A 1x1 convolution on tensors (a GEMM: RecognizeConv.c's pointwise),
// odd pixel counts (2x7x9) and channels (24 -> 40), with a per-channel
// bias and a ReLU fused as the GEMM's epilogue.
#id = affine_map<(n, h, w, f) -> (n, h, w, f)>
#ch = affine_map<(n, h, w, f) -> (f)>
func.func @conv1x1_bias_relu(%x: tensor<2x7x9x24xf16>, %w: tensor<1x1x24x40xf16>, %b: tensor<40xf32>) -> tensor<2x7x9x40xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x7x9x40xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x7x9x40xf32>) -> tensor<2x7x9x40xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<2x7x9x24xf16>, tensor<1x1x24x40xf16>) outs(%f : tensor<2x7x9x40xf32>) -> tensor<2x7x9x40xf32>
  %r = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%c, %b : tensor<2x7x9x40xf32>, tensor<40xf32>) outs(%e : tensor<2x7x9x40xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<2x7x9x40xf32>
  return %r : tensor<2x7x9x40xf32>
}
