// f32 matrix-vector product with dynamic M and K.
func.func @dmv(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<?xf32>)
  linalg.matvec ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>)
  return
}
