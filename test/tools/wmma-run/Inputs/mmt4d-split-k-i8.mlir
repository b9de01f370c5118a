// mmt4d, i8 -> i32, both K tiles > 1 (k1 = 4, k0 = 4: K = 16, IREE's
// data-tiled layout for an i8 dot product of 4): m1 x n1 = 2 x 3 GEMMs of
// 16 x 16, each looping k1 around its K loop over k0.
func.func @mmt4d_split_k_i8(%A: tensor<2x4x16x4xi8>, %B: tensor<3x4x16x4xi8>, %C: tensor<2x3x16x16xi32>) -> tensor<2x3x16x16xi32> {
  %r = linalg.mmt4d ins(%A, %B : tensor<2x4x16x4xi8>, tensor<3x4x16x4xi8>) outs(%C : tensor<2x3x16x16xi32>) -> tensor<2x3x16x16xi32>
  return %r : tensor<2x3x16x16xi32>
}
