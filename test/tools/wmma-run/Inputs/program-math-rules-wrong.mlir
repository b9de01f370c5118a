// program-math-rules.mlir with the GELU scaled by 1.0002: wmma-run must
// report FAIL (the running bound is about 1e-4 of the result here: the
// GEMM's sums over K are charged).
// A GEMM whose f32 result goes through every function with a running-error
// rule: a leaky ReLU (cmpf + select), tanh-GELU, sqrt, rsqrt, log, exp and
// a division by a computed value; then viewed as 2 x 16 rows (expand_shape)
// and summed over the first dimension.
#id = affine_map<(i, j) -> (i, j)>
func.func @math_rules(%a: tensor<32x64xf16>, %b: tensor<64x48xf16>) -> tensor<16x48xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
  %t = linalg.matmul ins(%a, %b : tensor<32x64xf16>, tensor<64x48xf16>) outs(%f : tensor<32x48xf32>) -> tensor<32x48xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<32x48xf32>) outs(%e : tensor<32x48xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c0 = arith.constant 0.0 : f32
    %c1 = arith.constant 1.0 : f32
    %ch = arith.constant 0.5001 : f32
    %cl = arith.constant 0.01 : f32
    %ck = arith.constant 0.7978845608 : f32
    %cc = arith.constant 0.044715 : f32
    %pos = arith.cmpf ogt, %x, %c0 : f32
    %xs = arith.mulf %x, %cl : f32
    %l = arith.select %pos, %x, %xs : f32
    %l2 = arith.mulf %l, %l : f32
    %l3 = arith.mulf %l2, %l : f32
    %in0 = arith.mulf %l3, %cc : f32
    %in1 = arith.addf %l, %in0 : f32
    %in2 = arith.mulf %in1, %ck : f32
    %th = math.tanh %in2 : f32
    %th1 = arith.addf %th, %c1 : f32
    %hl = arith.mulf %l, %ch : f32
    %gelu = arith.mulf %hl, %th1 : f32
    %ax = math.absf %x : f32
    %ax1 = arith.addf %ax, %c1 : f32
    %sq = math.sqrt %ax1 : f32
    %x2 = arith.mulf %x, %x : f32
    %x21 = arith.addf %x2, %c1 : f32
    %rs = math.rsqrt %x21 : f32
    %lg = math.log %x21 : f32
    %nx = arith.negf %ax : f32
    %ex = math.exp %nx : f32
    %den = arith.addf %ex, %c1 : f32
    %q = arith.divf %lg, %den : f32
    %sr = arith.mulf %sq, %rs : f32
    %s1 = arith.addf %gelu, %sr : f32
    %s2 = arith.addf %s1, %q : f32
    linalg.yield %s2 : f32
  } -> tensor<32x48xf32>
  %v = tensor.expand_shape %u [[0, 1], [2]] output_shape [2, 16, 48] : tensor<32x48xf32> into tensor<2x16x48xf32>
  %e2 = tensor.empty() : tensor<16x48xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<16x48xf32>) -> tensor<16x48xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(r, i, j) -> (r, i, j)>, affine_map<(r, i, j) -> (i, j)>],
                       iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%v : tensor<2x16x48xf32>) outs(%f2 : tensor<16x48xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.addf %acc, %x : f32
    linalg.yield %r : f32
  } -> tensor<16x48xf32>
  return %s : tensor<16x48xf32>
}
