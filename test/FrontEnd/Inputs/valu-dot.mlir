// f32 dot product of 1000 (a rank-0 result).
func.func @dot(%a: memref<1000xf32>, %b: memref<1000xf32>, %r: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%r : memref<f32>)
  linalg.dot ins(%a, %b : memref<1000xf32>, memref<1000xf32>) outs(%r : memref<f32>)
  return
}
