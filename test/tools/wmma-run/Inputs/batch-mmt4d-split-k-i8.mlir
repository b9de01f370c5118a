// batch_mmt4d, i8 -> i32, one batch (as IREE's data tiling writes a
// batch_matmul of batch 1), k1 = 8, k0 = 2 (K = 16): m1 x n1 = 2 x 2 GEMMs.
func.func @batch_mmt4d_i8(%A: tensor<1x2x8x16x2xi8>, %B: tensor<1x2x8x16x2xi8>, %C: tensor<1x2x2x16x16xi32>) -> tensor<1x2x2x16x16xi32> {
  %r = linalg.batch_mmt4d ins(%A, %B : tensor<1x2x8x16x2xi8>, tensor<1x2x8x16x2xi8>) outs(%C : tensor<1x2x2x16x16xi32>) -> tensor<1x2x2x16x16xi32>
  return %r : tensor<1x2x2x16x16xi32>
}
