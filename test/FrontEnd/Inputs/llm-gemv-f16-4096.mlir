// Decode GEMV at M = 1 on f16 weights [K, N], 4096 x 4096 (bench/llm.py --weights f16)
func.func @gemv_f16(%x: memref<1x4096xf16>, %w: memref<4096x4096xf16>, %y: memref<1x4096xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x4096xf32>)
  linalg.matmul ins(%x, %w : memref<1x4096xf16>, memref<4096x4096xf16>) outs(%y : memref<1x4096xf32>)
  return
}
