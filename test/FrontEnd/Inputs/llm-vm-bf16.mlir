// linalg.vecmat, bf16, odd N = 1031: the decode template (unit M loop).
func.func @vm(%x: memref<4096xbf16>, %w: memref<4096x1031xbf16>, %y: memref<1031xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1031xf32>)
  linalg.vecmat ins(%x, %w : memref<4096xbf16>, memref<4096x1031xbf16>) outs(%y : memref<1031xf32>)
  return
}
