// mmt4d, i8 -> i32, K tile k0 = 1 (K = k1 = 64): m1 x n1 = 3 x 2 GEMMs of 16 x 16.
func.func @mmt4d_i8(%A: tensor<3x64x16x1xi8>, %B: tensor<2x64x16x1xi8>, %C: tensor<3x2x16x16xi32>) -> tensor<3x2x16x16xi32> {
  %r = linalg.mmt4d ins(%A, %B : tensor<3x64x16x1xi8>, tensor<2x64x16x1xi8>) outs(%C : tensor<3x2x16x16xi32>) -> tensor<3x2x16x16xi32>
  return %r : tensor<3x2x16x16xi32>
}
