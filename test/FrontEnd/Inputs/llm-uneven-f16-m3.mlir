// Decode GEMV at M = 3 on f16 weights, K = 4100 (257 K steps: no split divides them), odd N = 4095
func.func @gemv(%x: memref<3x4100xf16>, %w: memref<4100x4095xf16>, %y: memref<3x4095xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<3x4095xf32>)
  linalg.matmul ins(%x, %w : memref<3x4100xf16>, memref<4100x4095xf16>) outs(%y : memref<3x4095xf32>)
  return
}
