// f32 matrix-vector product, 1000 x 333.
func.func @mv(%A: memref<1000x333xf32>, %x: memref<333xf32>, %y: memref<1000xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<1000xf32>)
  linalg.matvec ins(%A, %x : memref<1000x333xf32>, memref<333xf32>) outs(%y : memref<1000xf32>)
  return
}
