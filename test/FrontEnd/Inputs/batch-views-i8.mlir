// int8: A (m, b, k), B (k, b, n), C (b, m, n) i32.
func.func @i8_batch(%A: tensor<20x2x64xi8>, %B: tensor<64x2x36xi8>) -> tensor<2x20x36xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x20x36xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<2x20x36xi32>) -> tensor<2x20x36xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, b, k)>, affine_map<(b, m, n, k) -> (k, b, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<20x2x64xi8>, tensor<64x2x36xi8>) outs(%f : tensor<2x20x36xi32>) {
  ^bb0(%a: i8, %b: i8, %c: i32):
    %ea = arith.extsi %a : i8 to i32
    %eb = arith.extsi %b : i8 to i32
    %p = arith.muli %ea, %eb : i32
    %r = arith.addi %c, %p : i32
    linalg.yield %r : i32
  } -> tensor<2x20x36xi32>
  return %r : tensor<2x20x36xi32>
}
