// A 2:4 sparse GEMM with an epilogue (relu): A carries upstream MLIR's 2:4
// encoding along its rows.  The front end builds the gemm_sparse kernel
// (docs/sparse-frontend.md): v_swmmac on RDNA4 (gfx12), the zeros expanded
// in registers before dense WMMAs on RDNA3 (gfx11).  wmma-run feeds a
// random matrix pruned to 2:4 (compressed for the kernel, dense for the
// CPU reference).
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @sparse_gemm(%A: tensor<61x96xf16, #NV24>, %B: tensor<96x40xf16>) -> tensor<61x40xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<61x40xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<61x40xf32>) -> tensor<61x40xf32>
  %r = linalg.matmul ins(%A, %B : tensor<61x96xf16, #NV24>, tensor<96x40xf16>) outs(%c : tensor<61x40xf32>) -> tensor<61x40xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<61x40xf32>) outs(%e : tensor<61x40xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.maximumf %x, %zero : f32
    linalg.yield %z : f32
  } -> tensor<61x40xf32>
  return %o : tensor<61x40xf32>
}
