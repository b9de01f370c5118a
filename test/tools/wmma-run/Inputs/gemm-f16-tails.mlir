// A plain f16 GEMM with f32 output and tails in M, N and K: 37x33x50.
func.func @gemm_f16_tails(%A: memref<37x50xf16>, %B: memref<50x33xf16>,
                          %C: memref<37x33xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<37x33xf32>)
  linalg.matmul ins(%A, %B : memref<37x50xf16>, memref<50x33xf16>)
                outs(%C : memref<37x33xf32>)
  return
}
