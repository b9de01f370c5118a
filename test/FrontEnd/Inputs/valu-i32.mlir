// i32 x i32 -> i32 matmul (exact, wrapping).
func.func @imm(%A: memref<65x33xi32>, %B: memref<33x47xi32>, %C: memref<65x47xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%C : memref<65x47xi32>)
  linalg.matmul ins(%A, %B : memref<65x33xi32>, memref<33x47xi32>) outs(%C : memref<65x47xi32>)
  return
}
