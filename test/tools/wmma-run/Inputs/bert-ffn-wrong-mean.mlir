// A deliberately wrong reference for examples/programs/bert-ffn.mlir: the
// LayerNorm output not centred (y, not y - mean); the kernels must fail.
// A BERT feed-forward block as frameworks emit it (linalg on tensors):
// GELU(x W1 + b1) W2 + b2, the residual, then LayerNorm with scale and
// shift; 100 tokens, width 256, inner 1024, f16 with f32 statistics.
#id = affine_map<(t, d) -> (t, d)>
#bias = affine_map<(t, d) -> (d)>
#row = affine_map<(t, d) -> (t)>
func.func @bert_ffn(%x: tensor<100x256xf16>, %w1: tensor<256x1024xf16>, %b1: tensor<1024xf16>,
                    %w2: tensor<1024x256xf16>, %b2: tensor<256xf16>,
                    %gamma: tensor<256xf16>, %beta: tensor<256xf16>) -> tensor<100x256xf16> {
  %zf = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.70710678 : f32
  %width = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<100x1024xf32>
  %f1 = linalg.fill ins(%zf : f32) outs(%e1 : tensor<100x1024xf32>) -> tensor<100x1024xf32>
  %m1 = linalg.matmul ins(%x, %w1 : tensor<100x256xf16>, tensor<256x1024xf16>) outs(%f1 : tensor<100x1024xf32>) -> tensor<100x1024xf32>
  %eh = tensor.empty() : tensor<100x1024xf16>
  %h = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel"]} ins(%m1, %b1 : tensor<100x1024xf32>, tensor<1024xf16>) outs(%eh : tensor<100x1024xf16>) {
  ^bb0(%a: f32, %b: f16, %o: f16):
    %bw = arith.extf %b : f16 to f32
    %v = arith.addf %a, %bw : f32
    %s = arith.mulf %v, %rsqrt2 : f32
    %e = math.erf %s : f32
    %p = arith.addf %e, %one : f32
    %q = arith.mulf %v, %p : f32
    %g = arith.mulf %q, %half : f32
    %r = arith.truncf %g : f32 to f16
    linalg.yield %r : f16
  } -> tensor<100x1024xf16>
  %e2 = tensor.empty() : tensor<100x256xf32>
  %f2 = linalg.fill ins(%zf : f32) outs(%e2 : tensor<100x256xf32>) -> tensor<100x256xf32>
  %m2 = linalg.matmul ins(%h, %w2 : tensor<100x1024xf16>, tensor<1024x256xf16>) outs(%f2 : tensor<100x256xf32>) -> tensor<100x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #bias, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%m2, %b2, %x : tensor<100x256xf32>, tensor<256xf16>, tensor<100x256xf16>) outs(%e2 : tensor<100x256xf32>) {
  ^bb0(%a: f32, %b: f16, %r: f16, %o: f32):
    %bw = arith.extf %b : f16 to f32
    %rw = arith.extf %r : f16 to f32
    %v = arith.addf %a, %bw : f32
    %s = arith.addf %v, %rw : f32
    linalg.yield %s : f32
  } -> tensor<100x256xf32>
  // LayerNorm: mean, variance of the centred values, normalised, scaled.
  %es = tensor.empty() : tensor<100xf32>
  %fs = linalg.fill ins(%zf : f32) outs(%es : tensor<100xf32>) -> tensor<100xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%y : tensor<100x256xf32>) outs(%fs : tensor<100xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r : f32
  } -> tensor<100xf32>
  %fv = linalg.fill ins(%zf : f32) outs(%es : tensor<100xf32>) -> tensor<100xf32>
  %var = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%y, %sum : tensor<100x256xf32>, tensor<100xf32>) outs(%fv : tensor<100xf32>) {
  ^bb0(%a: f32, %s: f32, %acc: f32):
    %m = arith.divf %s, %width : f32
    %d = arith.subf %a, %m : f32
    %q = arith.mulf %d, %d : f32
    %r = arith.addf %acc, %q : f32
    linalg.yield %r : f32
  } -> tensor<100xf32>
  %eo = tensor.empty() : tensor<100x256xf16>
  %out = linalg.generic {indexing_maps = [#id, #row, #row, #bias, #bias, #id], iterator_types = ["parallel", "parallel"]} ins(%y, %sum, %var, %gamma, %beta : tensor<100x256xf32>, tensor<100xf32>, tensor<100xf32>, tensor<256xf16>, tensor<256xf16>) outs(%eo : tensor<100x256xf16>) {
  ^bb0(%a: f32, %s: f32, %v: f32, %g: f16, %b: f16, %o: f16):
    %m = arith.divf %s, %width : f32
    %vm = arith.divf %v, %width : f32
    %ve = arith.addf %vm, %eps : f32
    %rs = math.rsqrt %ve : f32
    %n = arith.mulf %a, %rs : f32
    %gw = arith.extf %g : f16 to f32
    %bw = arith.extf %b : f16 to f32
    %sc = arith.mulf %n, %gw : f32
    %r = arith.addf %sc, %bw : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<100x256xf16>
  return %out : tensor<100x256xf16>
}
