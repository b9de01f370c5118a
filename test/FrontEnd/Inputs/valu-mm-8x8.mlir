// f32 matmul 1000x1000x100 (M, N and K tails): the VALU template's 8 x 8
// blocks per thread on gfx1201, 4 x 4 on gfx1100 (valu-numerics.test).
func.func @mm(%A: memref<1000x100xf32>, %B: memref<100x1000xf32>, %C: memref<1000x1000xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1000x1000xf32>)
  linalg.matmul ins(%A, %B : memref<1000x100xf32>, memref<100x1000xf32>) outs(%C : memref<1000x1000xf32>)
  return
}
