// A 2:4 B (K x N, 2:4 along its columns) with every size dynamic and an
// epilogue reading a C-shaped tensor: the transposed product, K read from
// A's K dimension.
#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>
func.func @spbd(%A: tensor<?x?xbf16>, %B: tensor<?x?xbf16, #KB24>, %D: tensor<?x?xf32>, %C: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<?x?xbf16>, tensor<?x?xbf16, #KB24>) outs(%C : tensor<?x?xf32>) -> tensor<?x?xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%r, %D : tensor<?x?xf32>, tensor<?x?xf32>) outs(%C : tensor<?x?xf32>) {
  ^bb0(%x: f32, %d: f32, %y: f32):
    %m = arith.mulf %x, %d : f32
    linalg.yield %m : f32
  } -> tensor<?x?xf32>
  return %o : tensor<?x?xf32>
}
