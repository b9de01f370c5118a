// Decode GEMV at M = 1 on f16 weights (K = 4096, N = 300: a tail tile)
func.func @gemv_f16(%x: memref<1x4096xf16>, %w: memref<4096x300xf16>, %y: memref<1x300xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x300xf32>)
  linalg.matmul ins(%x, %w : memref<1x4096xf16>, memref<4096x300xf16>) outs(%y : memref<1x300xf32>)
  return
}
