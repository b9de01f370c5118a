// A 128^3 bf16 GEMM accumulated in bf16 (its linalg output type).
func.func @bf16_acc_128(%A: memref<128x128xbf16>, %B: memref<128x128xbf16>, %C: memref<128x128xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%C : memref<128x128xbf16>)
  linalg.matmul ins(%A, %B : memref<128x128xbf16>, memref<128x128xbf16>)
                outs(%C : memref<128x128xbf16>)
  return
}
