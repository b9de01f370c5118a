// Only A has a zero point (symmetric weights), unsigned A (extui).
func.func @qone(%A: tensor<40x64xi8>, %B: tensor<64x24xi8>, %za: i32) -> tensor<40x24xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<40x24xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<40x24xi32>) -> tensor<40x24xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<40x64xi8>, tensor<64x24xi8>) outs(%f : tensor<40x24xi32>) {
  ^bb0(%a: i8, %b: i8, %c: i32):
    %ea = arith.extui %a : i8 to i32
    %eb = arith.extsi %b : i8 to i32
    %sa = arith.subi %ea, %za : i32
    %p = arith.muli %sa, %eb : i32
    %r = arith.addi %c, %p : i32
    linalg.yield %r : i32
  } -> tensor<40x24xi32>
  return %r : tensor<40x24xi32>
}
