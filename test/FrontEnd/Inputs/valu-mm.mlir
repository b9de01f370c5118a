// f32 matmul 100x72x129 (M, N and K tails).
func.func @mm(%A: memref<100x129xf32>, %B: memref<129x72xf32>, %C: memref<100x72xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x72xf32>)
  linalg.matmul ins(%A, %B : memref<100x129xf32>, memref<129x72xf32>) outs(%C : memref<100x72xf32>)
  return
}
