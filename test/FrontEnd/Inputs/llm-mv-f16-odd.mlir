// linalg.matvec, f16, odd N = 4095, K = 4100 (not a multiple of the split):
// the decode template through the unit-M GEMM (Problem/ProblemVector.c).
func.func @mv(%w: memref<4095x4100xf16>, %x: memref<4100xf16>, %y: memref<4095xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<4095xf32>)
  linalg.matvec ins(%w, %x : memref<4095x4100xf16>, memref<4100xf16>) outs(%y : memref<4095xf32>)
  return
}
