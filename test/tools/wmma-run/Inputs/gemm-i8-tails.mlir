// An i8 GEMM accumulated in i32 (exact) with tails in M, N and K: 37x33x70.
func.func @gemm_i8_tails(%A: memref<37x70xi8>, %B: memref<70x33xi8>,
                         %C: memref<37x33xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%C : memref<37x33xi32>)
  linalg.matmul ins(%A, %B : memref<37x70xi8>, memref<70x33xi8>)
                outs(%C : memref<37x33xi32>)
  return
}
