// conv + per-channel bias + residual add + relu on tensors: one kernel, the
// epilogue on the accumulators.
func.func @conv_epi(%x: tensor<2x33x33x24xf16>, %w: tensor<3x3x24x40xf16>, %b: tensor<40xf32>, %res: tensor<2x31x31x40xf32>) -> tensor<2x31x31x40xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x31x31x40xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x31x31x40xf32>) -> tensor<2x31x31x40xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<2x33x33x24xf16>, tensor<3x3x24x40xf16>) outs(%f : tensor<2x31x31x40xf32>) -> tensor<2x31x31x40xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (n, h, w, f)>, affine_map<(n, h, w, f) -> (f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>, affine_map<(n, h, w, f) -> (n, h, w, f)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b, %res : tensor<2x31x31x40xf32>, tensor<40xf32>, tensor<2x31x31x40xf32>) outs(%e : tensor<2x31x31x40xf32>) {
  ^bb0(%v: f32, %bb: f32, %r: f32, %out: f32):
    %s = arith.addf %v, %bb : f32
    %t = arith.addf %s, %r : f32
    %m = arith.maximumf %t, %z : f32
    linalg.yield %m : f32
  } -> tensor<2x31x31x40xf32>
  return %o : tensor<2x31x31x40xf32>
}
