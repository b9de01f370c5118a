// K split in two: A (m, k0, k1) x B (k0, k1, n), tensors.
func.func @two_k(%A: tensor<33x4x12xf16>, %B: tensor<4x12x21xf16>) -> tensor<33x21xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<33x21xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<33x21xf32>) -> tensor<33x21xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k0, k1) -> (m, k0, k1)>, affine_map<(m, n, k0, k1) -> (k0, k1, n)>, affine_map<(m, n, k0, k1) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%A, %B : tensor<33x4x12xf16>, tensor<4x12x21xf16>) outs(%f : tensor<33x21xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<33x21xf32>
  return %r : tensor<33x21xf32>
}
