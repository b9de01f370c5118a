// linalg.batch_matvec, batch 3, odd N = 1025, K = 4100: the decode template
// with the batch on the grid.
func.func @bmv(%w: memref<3x1025x4100xf16>, %x: memref<3x4100xf16>, %y: memref<3x1025xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<3x1025xf32>)
  linalg.batch_matvec ins(%w, %x : memref<3x1025x4100xf16>, memref<3x4100xf16>) outs(%y : memref<3x1025xf32>)
  return
}
