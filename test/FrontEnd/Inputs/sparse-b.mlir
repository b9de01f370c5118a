// A 2:4 B (K x N, 2:4 along its columns: K) with a bias epilogue over N,
// at odd sizes: computed as the transposed product C^T = B^T A^T.
#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>
func.func @spb(%A: tensor<70x100xf16>, %B: tensor<100x90xf16, #KB24>, %bias: tensor<90xf32>, %C: tensor<70x90xf32>) -> tensor<70x90xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x90xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<70x90xf32>) -> tensor<70x90xf32>
  %r = linalg.matmul ins(%A, %B : tensor<70x100xf16>, tensor<100x90xf16, #KB24>) outs(%f : tensor<70x90xf32>) -> tensor<70x90xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%r, %bias : tensor<70x90xf32>, tensor<90xf32>) outs(%C : tensor<70x90xf32>) {
  ^bb0(%x: f32, %b: f32, %y: f32):
    %s = arith.addf %x, %b : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<70x90xf32>
  return %o : tensor<70x90xf32>
}
