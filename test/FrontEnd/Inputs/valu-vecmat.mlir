// f16 vector-matrix product (f16 operands, f32 output).
func.func @vm(%x: memref<200xf16>, %A: memref<200x77xf16>, %y: memref<77xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<77xf32>)
  linalg.vecmat ins(%x, %A : memref<200xf16>, memref<200x77xf16>) outs(%y : memref<77xf32>)
  return
}
