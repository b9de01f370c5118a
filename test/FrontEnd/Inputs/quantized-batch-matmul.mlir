// quantized_batch_matmul, K dynamic (the tail step under scf.if), with a
// requantising epilogue to i8 (scale, round, clamp).
func.func @qbmm(%A: tensor<2x33x?xi8>, %B: tensor<2x?x50xi8>, %za: i32, %zb: i32, %s: f32) -> tensor<2x33x50xi8> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x33x50xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<2x33x50xi32>) -> tensor<2x33x50xi32>
  %r = linalg.quantized_batch_matmul ins(%A, %B, %za, %zb : tensor<2x33x?xi8>, tensor<2x?x50xi8>, i32, i32) outs(%f : tensor<2x33x50xi32>) -> tensor<2x33x50xi32>
  %e8 = tensor.empty() : tensor<2x33x50xi8>
  %q = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r : tensor<2x33x50xi32>) outs(%e8 : tensor<2x33x50xi8>) {
  ^bb0(%x: i32, %o: i8):
    %xf = arith.sitofp %x : i32 to f32
    %y = arith.mulf %xf, %s : f32
    %lo = arith.constant -128.0 : f32
    %hi = arith.constant 127.0 : f32
    %c1 = arith.maximumf %y, %lo : f32
    %c2 = arith.minimumf %c1, %hi : f32
    %rd = math.roundeven %c2 : f32
    %i = arith.fptosi %rd : f32 to i8
    linalg.yield %i : i8
  } -> tensor<2x33x50xi8>
  return %q : tensor<2x33x50xi8>
}
