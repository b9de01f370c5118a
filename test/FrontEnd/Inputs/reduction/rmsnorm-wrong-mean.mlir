// A deliberately wrong reference for rmsnorm.mlir: the mean of squares
// divides by 511, not 512; the kernel must fail against it.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
func.func @rmsnorm(%x: tensor<37x512xf32>, %w: tensor<512xf32>) -> tensor<37x512xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 511.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %e1 = tensor.empty() : tensor<37xf32>
  %e2 = tensor.empty() : tensor<37x512xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<37xf32>) -> tensor<37xf32>
  %ss = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<37x512xf32>) outs(%z : tensor<37xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %r = arith.addf %acc, %sq : f32
    linalg.yield %r : f32
  } -> tensor<37xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %ss, %w : tensor<37x512xf32>, tensor<37xf32>, tensor<512xf32>) outs(%e2 : tensor<37x512xf32>) {
  ^bb0(%a: f32, %s: f32, %wv: f32, %o: f32):
    %ms = arith.divf %s, %n : f32
    %me = arith.addf %ms, %eps : f32
    %rs = math.rsqrt %me : f32
    %nrm = arith.mulf %a, %rs : f32
    %r = arith.mulf %nrm, %wv : f32
    linalg.yield %r : f32
  } -> tensor<37x512xf32>
  return %y : tensor<37x512xf32>
}
