// Softmax as torch-mlir writes it on tensors (batch 4 x 100 tokens x 33):
// a max from the lowest finite f32, exp(x - max), a sum from 0, a divide.
#id = affine_map<(b, i, j) -> (b, i, j)>
#row = affine_map<(b, i, j) -> (b, i)>
func.func @softmax_torch(%x: tensor<4x100x33xf32>) -> tensor<4x100x33xf32> {
  %lowest = arith.constant -3.40282347E+38 : f32
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<4x100xf32>
  %e3 = tensor.empty() : tensor<4x100x33xf32>
  %mi = linalg.fill ins(%lowest : f32) outs(%e2 : tensor<4x100xf32>) -> tensor<4x100xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<4x100x33xf32>) outs(%mi : tensor<4x100xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x100xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %m : tensor<4x100x33xf32>, tensor<4x100xf32>) outs(%e3 : tensor<4x100x33xf32>) {
  ^bb0(%a: f32, %mx: f32, %o: f32):
    %d = arith.subf %a, %mx : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<4x100x33xf32>
  %si = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x100xf32>) -> tensor<4x100xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%ex : tensor<4x100x33xf32>) outs(%si : tensor<4x100xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4x100xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ex, %s : tensor<4x100x33xf32>, tensor<4x100xf32>) outs(%e3 : tensor<4x100x33xf32>) {
  ^bb0(%a: f32, %sum: f32, %o: f32):
    %r = arith.divf %a, %sum : f32
    linalg.yield %r : f32
  } -> tensor<4x100x33xf32>
  return %y : tensor<4x100x33xf32>
}
