// mmt4d, f32 (VALU), k0 = 1 (K = 24): 2 x 2 products of 8 x 4.
func.func @mmt4d_f32(%A: tensor<2x24x8x1xf32>, %B: tensor<2x24x4x1xf32>, %C: tensor<2x2x8x4xf32>) -> tensor<2x2x8x4xf32> {
  %r = linalg.mmt4d ins(%A, %B : tensor<2x24x8x1xf32>, tensor<2x24x4x1xf32>) outs(%C : tensor<2x2x8x4xf32>) -> tensor<2x2x8x4xf32>
  return %r : tensor<2x2x8x4xf32>
}
