// i4 operands with a 2:4 A (dynamic M, K = 100: a multiple of 4, not of
// 64): v_swmmac_i32_16x16x64_iu4 on gfx1201, in registers (a full K step
// of 64 and a masked one).
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @i4(%A: tensor<?x100xi4, #NV24>, %B: tensor<100x40xi4>, %C: tensor<?x40xi32>) -> tensor<?x40xi32> {
  %r = linalg.matmul ins(%A, %B : tensor<?x100xi4, #NV24>, tensor<100x40xi4>) outs(%C : tensor<?x40xi32>) -> tensor<?x40xi32>
  return %r : tensor<?x40xi32>
}
