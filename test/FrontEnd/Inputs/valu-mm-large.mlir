// f32 matmul 1024x1024x512: the VALU template's 8 x 8 blocks on gfx1201
// (valu-isa.test).
func.func @mm(%A: memref<1024x512xf32>, %B: memref<512x1024xf32>, %C: memref<1024x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1024x1024xf32>)
  linalg.matmul ins(%A, %B : memref<1024x512xf32>, memref<512x1024xf32>) outs(%C : memref<1024x1024xf32>)
  return
}
