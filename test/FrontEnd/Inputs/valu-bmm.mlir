// f32 batch_matmul (odd sizes: M, N and K tails).
func.func @bmm(%A: memref<3x37x50xf32>, %B: memref<3x50x41xf32>, %C: memref<3x37x41xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x37x41xf32>)
  linalg.batch_matmul ins(%A, %B : memref<3x37x50xf32>, memref<3x50x41xf32>) outs(%C : memref<3x37x41xf32>)
  return
}
