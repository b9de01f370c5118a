// linalg.matvec of fp8 (E4M3FN) weights and vector at odd N = 2049 and
// K = 1048 (not a multiple of 16): the decode template on both chips (RDNA3
// widens both operands to f16 on the compact fragment).
func.func @mv(%w: memref<2049x1048xf8E4M3FN>, %x: memref<1048xf8E4M3FN>, %y: memref<2049xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2049xf32>)
  linalg.matvec ins(%w, %x : memref<2049x1048xf8E4M3FN>, memref<1048xf8E4M3FN>) outs(%y : memref<2049xf32>)
  return
}
