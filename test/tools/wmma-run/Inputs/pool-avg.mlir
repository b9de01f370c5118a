// Average pooling as frameworks lower it: a tensor.pad of zeros, a sum
// pool (linalg.pooling_nhwc_sum, 3x3 stride 2 padding 1, the divisor 9
// counting the padding) and a divide generic, fused as the epilogue.
// f32, batch 2, 33x33 spatial, 24 channels -> 17x17.
func.func @pool_avg(%x: tensor<2x33x33x24xf32>) -> tensor<2x17x17x24xf32> {
  %cz = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cz : f32
  } : tensor<2x33x33x24xf32> to tensor<2x35x35x24xf32>
  %w = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<2x17x17x24xf32>
  %f = linalg.fill ins(%cz : f32) outs(%e : tensor<2x17x17x24xf32>) -> tensor<2x17x17x24xf32>
  %s = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %w : tensor<2x35x35x24xf32>, tensor<3x3xf32>) outs(%f : tensor<2x17x17x24xf32>) -> tensor<2x17x17x24xf32>
  %nine = arith.constant 9.0 : f32
  %d = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x17x17x24xf32>) outs(%e : tensor<2x17x17x24xf32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.divf %a, %nine : f32
    linalg.yield %q : f32
  } -> tensor<2x17x17x24xf32>
  return %d : tensor<2x17x17x24xf32>
}
