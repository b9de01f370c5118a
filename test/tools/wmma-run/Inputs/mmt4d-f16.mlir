// mmt4d, f16 -> f32, one K tile (k1 = 1, K = k0 = 64): 3 x 2 GEMMs of 16 x 32.
func.func @mmt4d_f16(%A: tensor<3x1x16x64xf16>, %B: tensor<2x1x32x64xf16>, %C: tensor<3x2x16x32xf32>) -> tensor<3x2x16x32xf32> {
  %r = linalg.mmt4d ins(%A, %B : tensor<3x1x16x64xf16>, tensor<2x1x32x64xf16>) outs(%C : tensor<3x2x16x32xf32>) -> tensor<3x2x16x32xf32>
  return %r : tensor<3x2x16x32xf32>
}
