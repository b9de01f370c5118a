// StableHLO dot_general with batch dims anywhere: A (m, b, k), B (b, k, n), C (m, b, n).
func.func @dot_general(%A: tensor<37x3x40xf16>, %B: tensor<3x40x29xf16>) -> tensor<37x3x29xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x3x29xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<37x3x29xf32>) -> tensor<37x3x29xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, b, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (m, b, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<37x3x40xf16>, tensor<3x40x29xf16>) outs(%f : tensor<37x3x29xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<37x3x29xf32>
  return %r : tensor<37x3x29xf32>
}
