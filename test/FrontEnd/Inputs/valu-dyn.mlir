// f32 matmul with a dynamic M.
func.func @dyn(%A: memref<?x64xf32>, %B: memref<64x40xf32>, %C: memref<?x40xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x40xf32>)
  linalg.matmul ins(%A, %B : memref<?x64xf32>, memref<64x40xf32>) outs(%C : memref<?x40xf32>)
  return
}
