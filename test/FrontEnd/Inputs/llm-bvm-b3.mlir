// linalg.batch_vecmat, batch 3, odd N = 1025 innermost, K = 4100: the
// decode template with the batch on the grid; the tail column block's
// lanes past N read nothing (not the next row's first columns).
func.func @bvm(%x: memref<3x4100xf16>, %w: memref<3x4100x1025xf16>, %y: memref<3x1025xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<3x1025xf32>)
  linalg.batch_vecmat ins(%x, %w : memref<3x4100xf16>, memref<3x4100x1025xf16>) outs(%y : memref<3x1025xf32>)
  return
}
