// i4 operands with a 2:4 B (2:4 along its columns): the transposed
// product on v_swmmac_i32_16x16x64_iu4, with an epilogue.
#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>
func.func @i4b(%A: tensor<48x64xi4>, %B: tensor<64x72xi4, #KB24>, %C: tensor<48x72xi32>) -> tensor<48x72xi32> {
  %r = linalg.matmul ins(%A, %B : tensor<48x64xi4>, tensor<64x72xi4, #KB24>) outs(%C : tensor<48x72xi32>) -> tensor<48x72xi32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<48x72xi32>) outs(%C : tensor<48x72xi32>) {
  ^bb0(%x: i32, %y: i32):
    %t = arith.constant 3 : i32
    %m = arith.muli %x, %t : i32
    linalg.yield %m : i32
  } -> tensor<48x72xi32>
  return %o : tensor<48x72xi32>
}
