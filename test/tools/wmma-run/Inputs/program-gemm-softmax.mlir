// An f32 GEMM (PyTorch's default dtype: the VALU template) followed by a
// row softmax (the reduction template): two kernels.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @gemm_softmax(%a: tensor<?x48xf32>, %b: tensor<48x40xf32>) -> tensor<?x40xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x48xf32>
  %zf = arith.constant 0.0 : f32
  %ninf = arith.constant -3.4028235e38 : f32
  %e = tensor.empty(%m) : tensor<?x40xf32>
  %f = linalg.fill ins(%zf : f32) outs(%e : tensor<?x40xf32>) -> tensor<?x40xf32>
  %s = linalg.matmul ins(%a, %b : tensor<?x48xf32>, tensor<48x40xf32>) outs(%f : tensor<?x40xf32>) -> tensor<?x40xf32>
  %er = tensor.empty(%m) : tensor<?xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<?xf32>) -> tensor<?xf32>
  %mx = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<?x40xf32>) outs(%fm : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.maximumf %acc, %x : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%s, %mx : tensor<?x40xf32>, tensor<?xf32>) outs(%e : tensor<?x40xf32>) {
  ^bb0(%x: f32, %mm: f32, %o: f32):
    %d = arith.subf %x, %mm : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<?x40xf32>
  %fs = linalg.fill ins(%zf : f32) outs(%er : tensor<?xf32>) -> tensor<?xf32>
  %sm = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<?x40xf32>) outs(%fs : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.addf %acc, %x : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %p = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%ex, %sm : tensor<?x40xf32>, tensor<?xf32>) outs(%e : tensor<?x40xf32>) {
  ^bb0(%x: f32, %t: f32, %o: f32):
    %r = arith.divf %x, %t : f32
    linalg.yield %r : f32
  } -> tensor<?x40xf32>
  return %p : tensor<?x40xf32>
}
