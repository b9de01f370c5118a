// Results returned through a view of a buffer the function computes, as
// framework lowerings write them: a row sum keeping its dimension
// (expand_shape), a vector-matrix product computed as a 1xN GEMM and
// squeezed (collapse_shape), a product of dynamic sizes cast to its static
// width (tensor.cast), and a squeeze of a dynamic token count.
func.func @keepdim_sum(%x: tensor<37x45xf32>) -> tensor<37x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
  %s = linalg.reduce ins(%x : tensor<37x45xf32>) outs(%f : tensor<37xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %t = arith.addf %a, %b : f32
      linalg.yield %t : f32
    }
  %r = tensor.expand_shape %s [[0, 1]] output_shape [37, 1] : tensor<37xf32> into tensor<37x1xf32>
  return %r : tensor<37x1xf32>
}

func.func @squeezed_row(%v: tensor<1x40xf16>, %w: tensor<40x72xf16>) -> tensor<72xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x72xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x72xf32>) -> tensor<1x72xf32>
  %p = linalg.matmul ins(%v, %w : tensor<1x40xf16>, tensor<40x72xf16>) outs(%f : tensor<1x72xf32>) -> tensor<1x72xf32>
  %r = tensor.collapse_shape %p [[0, 1]] : tensor<1x72xf32> into tensor<72xf32>
  return %r : tensor<72xf32>
}

func.func @cast_width(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>) -> tensor<?x24xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf16>
  %n = tensor.dim %b, %c1 : tensor<?x?xf16>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %p = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = tensor.cast %p : tensor<?x?xf32> to tensor<?x24xf32>
  return %r : tensor<?x24xf32>
}

func.func @squeeze_tokens(%x: tensor<1x?x64xf16>) -> tensor<?x64xf32> {
  %c1 = arith.constant 1 : index
  %t = tensor.dim %x, %c1 : tensor<1x?x64xf16>
  %e = tensor.empty(%t) : tensor<1x?x64xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x?x64xf16>) outs(%e : tensor<1x?x64xf32>) {
  ^bb0(%a: f16, %o: f32):
    %y = arith.extf %a : f16 to f32
    linalg.yield %y : f32
  } -> tensor<1x?x64xf32>
  %r = tensor.collapse_shape %w [[0, 1], [2]] : tensor<1x?x64xf32> into tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}
