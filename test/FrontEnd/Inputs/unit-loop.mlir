// A unit M dimension next to M (torch-mlir keeps unit dims): A (1, m, k),
// C (1, m, n), B (k, n): the size-1 loop is at index 0.
func.func @unit_m(%A: tensor<1x37x40xf16>, %B: tensor<40x29xf16>) -> tensor<1x37x29xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x37x29xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x37x29xf32>) -> tensor<1x37x29xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(u, m, n, k) -> (u, m, k)>, affine_map<(u, m, n, k) -> (k, n)>, affine_map<(u, m, n, k) -> (u, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<1x37x40xf16>, tensor<40x29xf16>) outs(%f : tensor<1x37x29xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x37x29xf32>
  return %r : tensor<1x37x29xf32>
}
