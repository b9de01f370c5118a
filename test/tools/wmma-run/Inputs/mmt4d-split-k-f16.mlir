// mmt4d, f16 -> f32, k1 = 24, k0 = 2 (K = 48): m1 x n1 = 3 x 2 GEMMs of
// 16 x 32, each looping k1 around its K loop over k0.
func.func @mmt4d_split_k_f16(%A: tensor<3x24x16x2xf16>, %B: tensor<2x24x32x2xf16>, %C: tensor<3x2x16x32xf32>) -> tensor<3x2x16x32xf32> {
  %r = linalg.mmt4d ins(%A, %B : tensor<3x24x16x2xf16>, tensor<2x24x32x2xf16>) outs(%C : tensor<3x2x16x32xf32>) -> tensor<3x2x16x32xf32>
  return %r : tensor<3x2x16x32xf32>
}
