// C = A x B^T, A 512 x 256 and B^T 512 x 256 row-major (rocWMMA's row_major
// A / col_major B), f16 in, f32 out: the problem of the rocWMMA-style
// tiled GEMM bench/hip/tiled-gemm.hip.
func.func @gemm_nt(%A: memref<512x256xf16>, %Bt: memref<512x256xf16>, %C: memref<512x512xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<512x512xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %Bt : memref<512x256xf16>, memref<512x256xf16>) outs(%C : memref<512x512xf32>)
  return
}
