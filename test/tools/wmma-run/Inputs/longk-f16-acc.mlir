// An f16 GEMM accumulated in f16 (its linalg output type) with a long K:
// 20x40x2048.  MLIR's CPU semantics round after every add; the reference
// accumulates in f32 instead, so the bound stays well below the outputs.
func.func @longk_f16_acc(%A: memref<20x2048xf16>, %B: memref<2048x40xf16>,
                         %C: memref<20x40xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<20x40xf16>)
  linalg.matmul ins(%A, %B : memref<20x2048xf16>, memref<2048x40xf16>)
                outs(%C : memref<20x40xf16>)
  return
}
