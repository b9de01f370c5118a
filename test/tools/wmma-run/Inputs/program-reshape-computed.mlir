// A dynamic split of the token dim: (? x 64) -> (?, ?, 64) with both sizes computed.
func.func @expand_dyn2(%x: tensor<?x64xf16>, %w: tensor<64x32xf16>, %b: index) -> tensor<?x?x32xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x64xf16>
  %s = arith.divui %n, %b : index
  %e = tensor.expand_shape %x [[0, 1], [2]] output_shape [%b, %s, 64] : tensor<?x64xf16> into tensor<?x?x64xf16>
  %z = arith.constant 0.0 : f32
  %o = tensor.empty(%b, %s) : tensor<?x?x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<?x?x32xf32>) -> tensor<?x?x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%e, %w : tensor<?x?x64xf16>, tensor<64x32xf16>) outs(%f : tensor<?x?x32xf32>) {
  ^bb0(%a: f16, %bb: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %bb : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<?x?x32xf32>
  return %r : tensor<?x?x32xf32>
}

// collapse_shape of a dynamic argument: (?, ?, 64) -> (? x 64), a GEMM.
func.func @collapse_dyn(%x: tensor<?x?x64xf16>, %w: tensor<64x32xf16>) -> tensor<?x32xf32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x64xf16> into tensor<?x64xf16>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %c, %c0 : tensor<?x64xf16>
  %z = arith.constant 0.0 : f32
  %o = tensor.empty(%n) : tensor<?x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<?x32xf32>) -> tensor<?x32xf32>
  %r = linalg.matmul ins(%c, %w : tensor<?x64xf16>, tensor<64x32xf16>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}
