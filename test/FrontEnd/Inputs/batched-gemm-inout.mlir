// Batched GEMM with B given transposed, C updated in place: C = C - s * (A x B^T).
func.func @bgemm(%A: memref<2x64x32xf16>, %Bt: memref<2x64x32xf16>, %C: memref<2x64x64xf32>, %s: f32) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<2x64x64xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<2x64x64xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%A, %Bt : memref<2x64x32xf16>, memref<2x64x32xf16>) outs(%p : memref<2x64x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%p, %C : memref<2x64x64xf32>, memref<2x64x64xf32>) outs(%C : memref<2x64x64xf32>) {
  ^bb0(%x: f32, %c: f32, %o: f32):
    %y = arith.mulf %x, %s : f32
    %z = arith.subf %c, %y : f32
    linalg.yield %z : f32
  }
  memref.dealloc %p : memref<2x64x64xf32>
  return
}
