// Four f16 GEMM layers of K = 64, each followed by GELU (erf form) of the result over sqrt(K): the
// magnitude bound is vacuous here (about sqrt(K) per layer beyond the
// result); the running error bound, with its rules for erf, is not.
#id = affine_map<(i, j) -> (i, j)>
func.func @gelu_chain4(%x: tensor<64x64xf16>, %w0: tensor<64x64xf16>, %w1: tensor<64x64xf16>, %w2: tensor<64x64xf16>, %w3: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<64x64xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m0 = linalg.matmul ins(%x, %w0 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f0 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %o0 = tensor.empty() : tensor<64x64xf16>
  %h0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m0 : tensor<64x64xf32>) outs(%o0 : tensor<64x64xf16>) {
  ^bb0(%m: f32, %o: f16):
    %k = arith.constant 0.125 : f32
    %v = arith.mulf %m, %k : f32
    %c = arith.constant 0.70710678 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %s = arith.mulf %v, %c : f32
    %r = math.erf %s : f32
    %p = arith.addf %r, %one : f32
    %q = arith.mulf %v, %half : f32
    %t = arith.mulf %q, %p : f32
    %n = arith.truncf %t : f32 to f16
    linalg.yield %n : f16
  } -> tensor<64x64xf16>
  %e1 = tensor.empty() : tensor<64x64xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m1 = linalg.matmul ins(%h0, %w1 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f1 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %o1 = tensor.empty() : tensor<64x64xf16>
  %h1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m1 : tensor<64x64xf32>) outs(%o1 : tensor<64x64xf16>) {
  ^bb0(%m: f32, %o: f16):
    %k = arith.constant 0.125 : f32
    %v = arith.mulf %m, %k : f32
    %c = arith.constant 0.70710678 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %s = arith.mulf %v, %c : f32
    %r = math.erf %s : f32
    %p = arith.addf %r, %one : f32
    %q = arith.mulf %v, %half : f32
    %t = arith.mulf %q, %p : f32
    %n = arith.truncf %t : f32 to f16
    linalg.yield %n : f16
  } -> tensor<64x64xf16>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m2 = linalg.matmul ins(%h1, %w2 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %o2 = tensor.empty() : tensor<64x64xf16>
  %h2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m2 : tensor<64x64xf32>) outs(%o2 : tensor<64x64xf16>) {
  ^bb0(%m: f32, %o: f16):
    %k = arith.constant 0.125 : f32
    %v = arith.mulf %m, %k : f32
    %c = arith.constant 0.70710678 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %s = arith.mulf %v, %c : f32
    %r = math.erf %s : f32
    %p = arith.addf %r, %one : f32
    %q = arith.mulf %v, %half : f32
    %t = arith.mulf %q, %p : f32
    %n = arith.truncf %t : f32 to f16
    linalg.yield %n : f16
  } -> tensor<64x64xf16>
  %e3 = tensor.empty() : tensor<64x64xf32>
  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m3 = linalg.matmul ins(%h2, %w3 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f3 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %o3 = tensor.empty() : tensor<64x64xf16>
  %h3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m3 : tensor<64x64xf32>) outs(%o3 : tensor<64x64xf16>) {
  ^bb0(%m: f32, %o: f16):
    %k = arith.constant 0.125 : f32
    %v = arith.mulf %m, %k : f32
    %c = arith.constant 0.70710678 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %s = arith.mulf %v, %c : f32
    %r = math.erf %s : f32
    %p = arith.addf %r, %one : f32
    %q = arith.mulf %v, %half : f32
    %t = arith.mulf %q, %p : f32
    %n = arith.truncf %t : f32 to f16
    linalg.yield %n : f16
  } -> tensor<64x64xf16>
  return %h3 : tensor<64x64xf16>
}
