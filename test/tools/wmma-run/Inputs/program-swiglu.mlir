// SwiGLU MLP on tensors with a run-time token count, the gate and up
// products sharing one fill (bufferization copies it), then the down
// projection and the residual.
func.func @swiglu(%x: tensor<?x64xf16>, %wg: tensor<64x96xf16>, %wu: tensor<64x96xf16>, %wd: tensor<96x64xf16>) -> tensor<?x64xf16> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f16
  %one = arith.constant 1.0 : f16
  %t = tensor.dim %x, %c0 : tensor<?x64xf16>
  %e = tensor.empty(%t) : tensor<?x96xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<?x96xf16>) -> tensor<?x96xf16>
  %g = linalg.matmul ins(%x, %wg : tensor<?x64xf16>, tensor<64x96xf16>) outs(%f : tensor<?x96xf16>) -> tensor<?x96xf16>
  %u = linalg.matmul ins(%x, %wu : tensor<?x64xf16>, tensor<64x96xf16>) outs(%f : tensor<?x96xf16>) -> tensor<?x96xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%g, %u : tensor<?x96xf16>, tensor<?x96xf16>) outs(%e : tensor<?x96xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %n = arith.negf %a : f16
    %ex = math.exp %n : f16
    %d = arith.addf %one, %ex : f16
    %s = arith.divf %a, %d : f16
    %m = arith.mulf %s, %b : f16
    linalg.yield %m : f16
  } -> tensor<?x96xf16>
  %e2 = tensor.empty(%t) : tensor<?x64xf16>
  %f2 = linalg.fill ins(%z : f16) outs(%e2 : tensor<?x64xf16>) -> tensor<?x64xf16>
  %y = linalg.matmul ins(%h, %wd : tensor<?x96xf16>, tensor<96x64xf16>) outs(%f2 : tensor<?x64xf16>) -> tensor<?x64xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%y, %x : tensor<?x64xf16>, tensor<?x64xf16>) outs(%e2 : tensor<?x64xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %s = arith.addf %a, %b : f16
    linalg.yield %s : f16
  } -> tensor<?x64xf16>
  return %r : tensor<?x64xf16>
}
