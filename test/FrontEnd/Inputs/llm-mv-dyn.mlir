// linalg.matvec at run-time N and K: VALU, as an M = 1 linalg.matmul of
// run-time sizes is (fe_valu_prefers).
func.func @mv(%w: memref<?x?xf16>, %x: memref<?xf16>, %y: memref<?xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?xf32>)
  linalg.matvec ins(%w, %x : memref<?x?xf16>, memref<?xf16>) outs(%y : memref<?xf32>)
  return
}
