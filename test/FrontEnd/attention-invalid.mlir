// Attention-like programs that are not attention (or not one the template
// takes) get a remark naming why; nothing is mis-recognised.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})'

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

// A head dimension that is not a multiple of 16.
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
  // expected-remark @+1 {{head dimensions must be static multiples of 16 (got 40 and 64)}}
  %o = linalg.matmul ins(%p16, %V : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %o : tensor<64x64xf32>
}
