// An f16 GEMM accumulated in f16 (its linalg output type), K = 8192: 16x64x8192.
func.func @longk_f16_acc_8192(%A: memref<16x8192xf16>, %B: memref<8192x64xf16>, %C: memref<16x64xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<16x64xf16>)
  linalg.matmul ins(%A, %B : memref<16x8192xf16>, memref<8192x64xf16>)
                outs(%C : memref<16x64xf16>)
  return
}
