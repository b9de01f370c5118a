// Attention-like programs that are not attention (or not one the template
// takes) get a remark naming why; nothing is mis-recognised.
// Whole-function mode (the driver's): a function is one or more kernels
// entirely, or left untouched with every obstacle (program-*.mlir test the
// partial conversion).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})'

// A softmax over the query dimension (dimension 0) is not attention.
func.func @wrong_dim(%Q: tensor<64x64xf16>, %K: tensor<64x64xf16>, %V: tensor<64x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %p = linalg.softmax dimension(0) ins(%s : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e3 = tensor.empty() : tensor<64x64xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<64x64xf32>) outs(%e3 : tensor<64x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<64x64xf16>
  %e4 = tensor.empty() : tensor<64x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  // expected-remark @+1 {{the softmax is not normalised by the sum of its exponentials along the key dimension (a softmax over another dimension is not attention)}}
  %o = linalg.matmul ins(%p16, %V : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %o : tensor<64x64xf32>
}
// -----

// P left in f32: no f32 WMMA for P x V.
func.func @no_cast(%Q: tensor<64x64xf16>, %K: tensor<64x64xf16>, %V: tensor<64x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e4 = tensor.empty() : tensor<64x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  // expected-remark @+1 {{P must be cast to V's type (f16 or bf16) before P x V: RDNA has no f32 WMMA}}
  %o = linalg.matmul ins(%p, %V : tensor<64x64xf32>, tensor<64x64xf16>) outs(%f4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %o : tensor<64x64xf32>
}
// -----

// A head dimension that is not a multiple of 16: the attention template's
// refusal (a template's plan), reported on the function.
// expected-remark @+1 {{no kernel template applies (attention: head dimensions must be static multiples of 16 (got 40 and 64);}}
func.func @head40(%Q: tensor<64x40xf16>, %K: tensor<64x40xf16>, %V: tensor<64x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<64x40xf16>, tensor<64x40xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e3 = tensor.empty() : tensor<64x64xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<64x64xf32>) outs(%e3 : tensor<64x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<64x64xf16>
  %e4 = tensor.empty() : tensor<64x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %o = linalg.matmul ins(%p16, %V : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %o : tensor<64x64xf32>
}

// -----

// The running maximum may start at -inf or at the lowest finite value of its
// type (-3.4028235e38, what frameworks emit: test/EndToEnd/attention-finite-
// max-45x90-d64.mlir compiles and runs it); another finite start could be
// above every score, so it is not a softmax.
func.func @finite_max_not_lowest(%Q: tensor<45x64xf16>, %K: tensor<90x64xf16>, %V: tensor<90x64xf16>) -> tensor<45x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<45x90xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<45x90xf32>) -> tensor<45x90xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%Q, %K : tensor<45x64xf16>, tensor<90x64xf16>) outs(%f : tensor<45x90xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<45x90xf32>
  %e1 = tensor.empty() : tensor<45x90xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<45x90xf32>) outs(%e1 : tensor<45x90xf32>) {
    ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    %qi = linalg.index 0 : index
    %ki = linalg.index 1 : index
    %ninf = arith.constant 0xFF800000 : f32
    %fut = arith.cmpi ugt, %ki, %qi : index
    %y2 = arith.select %fut, %ninf, %y0 : f32
    linalg.yield %y2 : f32
  } -> tensor<45x90xf32>
  %ninf0 = arith.constant -1.0E+30 : f32
  %er = tensor.empty() : tensor<45xf32>
  %mi = linalg.fill ins(%ninf0 : f32) outs(%er : tensor<45xf32>) -> tensor<45xf32>
  %mx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%sx : tensor<45x90xf32>) outs(%mi : tensor<45xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %o, %x : f32
    linalg.yield %y : f32
  } -> tensor<45xf32>
  %ee = tensor.empty() : tensor<45x90xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sx, %mx : tensor<45x90xf32>, tensor<45xf32>) outs(%ee : tensor<45x90xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %y = arith.subf %x, %m : f32
    %z = math.exp %y : f32
    linalg.yield %z : f32
  } -> tensor<45x90xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<45xf32>) -> tensor<45xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<45x90xf32>) outs(%si : tensor<45xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %o, %x : f32
    linalg.yield %y : f32
  } -> tensor<45xf32>
  %e2 = tensor.empty() : tensor<45x90xf32>
  %sm = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum : tensor<45x90xf32>, tensor<45xf32>) outs(%e2 : tensor<45x90xf32>) {
  ^bb0(%x: f32, %l: f32, %o: f32):
    %y = arith.divf %x, %l : f32
    linalg.yield %y : f32
  } -> tensor<45x90xf32>
  %e3 = tensor.empty() : tensor<45x90xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sm : tensor<45x90xf32>) outs(%e3 : tensor<45x90xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<45x90xf16>
  %e4 = tensor.empty() : tensor<45x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<45x64xf32>) -> tensor<45x64xf32>
  // expected-remark @+1 {{the softmax's maximum is not a max-reduction from -inf (or from the lowest finite value of its type)}}
  %o = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p16, %V : tensor<45x90xf16>, tensor<90x64xf16>) outs(%f4 : tensor<45x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<45x64xf32>
  return %o : tensor<45x64xf32>
}
