// f32 matmul + bias + relu, on tensors.
func.func @mm_bias_relu(%A: tensor<96x80xf32>, %B: tensor<80x70xf32>, %bias: tensor<70xf32>) -> tensor<96x70xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x70xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96x70xf32>) -> tensor<96x70xf32>
  %p = linalg.matmul ins(%A, %B : tensor<96x80xf32>, tensor<80x70xf32>) outs(%f : tensor<96x70xf32>) -> tensor<96x70xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : tensor<96x70xf32>, tensor<70xf32>) outs(%e : tensor<96x70xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %y = arith.addf %x, %b : f32
    %z = arith.maximumf %y, %zero : f32
    linalg.yield %z : f32
  } -> tensor<96x70xf32>
  return %r : tensor<96x70xf32>
}
