// bf16 x f16 -> f32: no mixed 16-bit WMMA; exact products in f32.
func.func @bf16_f16(%A: memref<50x70xbf16>, %B: memref<70x30xf16>, %C: memref<50x30xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<50x30xf32>)
  linalg.matmul ins(%A, %B : memref<50x70xbf16>, memref<70x30xf16>) outs(%C : memref<50x30xf32>)
  return
}
