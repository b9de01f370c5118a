// f16 matmul with M = 1 (a WMMA tile would be 1/16 used): VALU.
func.func @m1(%A: memref<1x96xf16>, %B: memref<96x50xf16>, %C: memref<1x50xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1x50xf32>)
  linalg.matmul ins(%A, %B : memref<1x96xf16>, memref<96x50xf16>) outs(%C : memref<1x50xf32>)
  return
}
