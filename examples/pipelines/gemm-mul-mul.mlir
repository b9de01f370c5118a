// (c) GEMM with a multiply-multiply epilogue: F = (A x B) (.) D (.) E, f16 out.
// M = 128, N = 128, K = 64; D and E are f32, F is f16.  The epilogue runs on
// the accumulator in registers before the single store.
func.func @gemm_mul_mul(%A: memref<128x64xf16>, %B: memref<64x128xf16>,
                        %D: memref<128x128xf32>, %E: memref<128x128xf32>,
                        %F: memref<128x128xf16>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<128x128xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<128x128xf32>)
  linalg.matmul ins(%A, %B : memref<128x64xf16>, memref<64x128xf16>)
                outs(%p : memref<128x128xf32>)
  %q = memref.alloc() : memref<128x128xf32>
  linalg.mul ins(%p, %D : memref<128x128xf32>, memref<128x128xf32>)
             outs(%q : memref<128x128xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%q, %E : memref<128x128xf32>, memref<128x128xf32>) outs(%F : memref<128x128xf16>) {
  ^bb0(%x: f32, %e: f32, %o: f16):
    %y = arith.mulf %x, %e : f32
    %t = arith.truncf %y : f32 to f16
    linalg.yield %t : f16
  }
  memref.dealloc %p : memref<128x128xf32>
  memref.dealloc %q : memref<128x128xf32>
  return
}
