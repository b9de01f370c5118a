#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @sp(%A: tensor<?x?xf16, #NV24>, %B: tensor<?x40xf16>, %C: tensor<?x40xf32>) -> tensor<?x40xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<?x?xf16, #NV24>, tensor<?x40xf16>) outs(%C : tensor<?x40xf32>) -> tensor<?x40xf32>
  %z = arith.constant 0.0 : f32
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<?x40xf32>) outs(%C : tensor<?x40xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.maximumf %x, %z : f32
    linalg.yield %m : f32
  } -> tensor<?x40xf32>
  return %o : tensor<?x40xf32>
}
