// B given as N x K (read at (n, k)) 2:4 along its rows, K: the
// transposed product with B's parts as they are (roles sparse_values /
// sparse_index, no "along"), i8.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @bt(%A: tensor<40x96xi8>, %B: tensor<56x96xi8, #NV24>, %C: tensor<40x56xi32>) -> tensor<40x56xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<40x96xi8>, tensor<56x96xi8, #NV24>) outs(%C : tensor<40x56xi32>) {
  ^bb0(%a: i8, %b: i8, %c: i32):
    %x = arith.extsi %a : i8 to i32
    %y = arith.extsi %b : i8 to i32
    %p = arith.muli %x, %y : i32
    %s = arith.addi %c, %p : i32
    linalg.yield %s : i32
  } -> tensor<40x56xi32>
  return %r : tensor<40x56xi32>
}
