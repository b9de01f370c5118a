// A bf16 GEMM accumulated in bf16 (its linalg output type), M=2 N=1280 K=8192 (nod-ai's 2x8192x1280 GEMM benchmark shape).
func.func @longk_bf16_acc(%A: memref<2x8192xbf16>, %B: memref<8192x1280xbf16>, %C: memref<2x1280xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<2x1280xbf16>)
  linalg.matmul ins(%A, %B : memref<2x8192xbf16>, memref<8192x1280xbf16>)
                outs(%C : memref<2x1280xbf16>)
  return
}
