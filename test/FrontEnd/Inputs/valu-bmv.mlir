// f32 batched matrix-vector product.
func.func @bmv(%A: memref<4x50x90xf32>, %x: memref<4x90xf32>, %y: memref<4x50xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<4x50xf32>)
  linalg.batch_matvec ins(%A, %x : memref<4x50x90xf32>, memref<4x90xf32>) outs(%y : memref<4x50xf32>)
  return
}
