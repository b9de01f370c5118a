// torch-mlir view/reshape of an argument with a dynamic token count:
// x (? x 64) -> (?, 4, 16) heads, then an elementwise op on the heads.
func.func @expand_dyn(%x: tensor<?x64xf32>) -> tensor<?x4x16xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.expand_shape %x [[0], [1, 2]] output_shape [%d, 4, 16] : tensor<?x64xf32> into tensor<?x4x16xf32>
  %o = tensor.empty(%d) : tensor<?x4x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%e : tensor<?x4x16xf32>) outs(%o : tensor<?x4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<?x4x16xf32>
  return %r : tensor<?x4x16xf32>
}

// torch-mlir's view of attention heads back to the model width with a
// dynamic token count: (?, 4, 16) -> (? x 64) collapsed, then a GEMM.
func.func @collapse_heads(%x: tensor<?x4x16xf16>, %w: tensor<64x32xf16>) -> tensor<?x32xf32> {
  %c = tensor.collapse_shape %x [[0], [1, 2]] : tensor<?x4x16xf16> into tensor<?x64xf16>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %c, %c0 : tensor<?x64xf16>
  %z = arith.constant 0.0 : f32
  %o = tensor.empty(%n) : tensor<?x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<?x32xf32>) -> tensor<?x32xf32>
  %r = linalg.matmul ins(%c, %w : tensor<?x64xf16>, tensor<64x32xf16>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}
