// f32 x bf16 -> f32 (the bf16 operand widened in the product), C += A x B.
func.func @mixed(%A: memref<48x40xf32>, %B: memref<40x56xbf16>, %C: memref<48x56xf32>) {
  linalg.matmul ins(%A, %B : memref<48x40xf32>, memref<40x56xbf16>) outs(%C : memref<48x56xf32>)
  return
}
