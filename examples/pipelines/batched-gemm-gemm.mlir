// (b) Batched GEMM-GEMM: E[b] = half(A[b] x B[b]) x C[b], b < 4.
// A: 4x64x64, B: 4x64x64, C: 4x64x128 (f16), E: 4x64x128 (f32).
// One workgroup per batch item: the intermediate 64x64 f16 tile is staged in
// LDS (8 KiB), a workgroup barrier, then the second product.
func.func @batched_gemm_gemm(%A: memref<4x64x64xf16>, %B: memref<4x64x64xf16>,
                             %C: memref<4x64x128xf16>, %E: memref<4x64x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %d = memref.alloc() : memref<4x64x64xf32>
  linalg.fill ins(%zero : f32) outs(%d : memref<4x64x64xf32>)
  linalg.batch_matmul ins(%A, %B : memref<4x64x64xf16>, memref<4x64x64xf16>)
                      outs(%d : memref<4x64x64xf32>)
  %h = memref.alloc() : memref<4x64x64xf16>
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%d : memref<4x64x64xf32>) outs(%h : memref<4x64x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%E : memref<4x64x128xf32>)
  linalg.batch_matmul ins(%h, %C : memref<4x64x64xf16>, memref<4x64x128xf16>)
                      outs(%E : memref<4x64x128xf32>)
  memref.dealloc %d : memref<4x64x64xf32>
  memref.dealloc %h : memref<4x64x64xf16>
  return
}
