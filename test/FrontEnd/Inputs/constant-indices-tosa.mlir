// TOSA's matmul + add as tosa-to-linalg writes them: a batch_matmul with a
// batch of 1 and a bias tensor<1x1xN> broadcast with constant indices.
func.func @tosa_fc(%A: tensor<1x70x64xf16>, %B: tensor<1x64x45xf16>, %bias: tensor<1x1x45xf32>) -> tensor<1x70x45xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x70x45xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x70x45xf32>) -> tensor<1x70x45xf32>
  %m = linalg.batch_matmul ins(%A, %B : tensor<1x70x64xf16>, tensor<1x64x45xf16>) outs(%f : tensor<1x70x45xf32>) -> tensor<1x70x45xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%bias, %m : tensor<1x1x45xf32>, tensor<1x70x45xf32>) outs(%e : tensor<1x70x45xf32>) {
  ^bb0(%b: f32, %x: f32, %o: f32):
    %y = arith.addf %x, %b : f32
    linalg.yield %y : f32
  } -> tensor<1x70x45xf32>
  return %r : tensor<1x70x45xf32>
}
