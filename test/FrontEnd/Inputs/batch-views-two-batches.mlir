// Two batch dims: A (b0, m, b1, k), B (b1, b0, k, n), C (b0, m, b1, n) in f16.
func.func @two_batches(%A: tensor<2x19x3x32xf16>, %B: tensor<3x2x32x40xf16>) -> tensor<2x19x3x40xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<2x19x3x40xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<2x19x3x40xf16>) -> tensor<2x19x3x40xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(b0, b1, m, n, k) -> (b0, m, b1, k)>, affine_map<(b0, b1, m, n, k) -> (b1, b0, k, n)>, affine_map<(b0, b1, m, n, k) -> (b0, m, b1, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<2x19x3x32xf16>, tensor<3x2x32x40xf16>) outs(%f : tensor<2x19x3x40xf16>) {
  ^bb0(%a: f16, %b: f16, %c: f16):
    %p = arith.mulf %a, %b : f16
    %r = arith.addf %c, %p : f16
    linalg.yield %r : f16
  } -> tensor<2x19x3x40xf16>
  return %r : tensor<2x19x3x40xf16>
}
