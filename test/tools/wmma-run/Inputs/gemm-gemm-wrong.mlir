// gemm-gemm.mlir with the first scale applied twice: wmma-run must report FAIL.
// (a) Fused GEMM-GEMM: D0 = a0 * (A0 x B0); D1 = a1 * (f16(D0) x B1) + b1 * C1.
// M = 128, K0 = 64, N0 = 64, N1 = 128; f16 inputs, f32 accumulation.  The
// intermediate D0 is a memref.alloc: the front end keeps it in registers
// (computed transposed so its accumulator is the next product's A operand).
// Compile: wmma-opt gemm-gemm.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})'
func.func @gemm_gemm(%A0: memref<128x64xf16>, %B0: memref<64x64xf16>,
                     %B1: memref<64x128xf16>, %C1: memref<128x128xf32>,
                     %D1: memref<128x128xf32>, %a0: f32, %a1: f32, %b1: f32) {
  %zero = arith.constant 0.0 : f32
  %d0 = memref.alloc() : memref<128x64xf32>
  linalg.fill ins(%zero : f32) outs(%d0 : memref<128x64xf32>)
  linalg.matmul ins(%A0, %B0 : memref<128x64xf16>, memref<64x64xf16>)
                outs(%d0 : memref<128x64xf32>)
  // half(a0 * D0)
  %h0 = memref.alloc() : memref<128x64xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%d0 : memref<128x64xf32>) outs(%h0 : memref<128x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %s0 = arith.mulf %x, %a0 : f32
    %s = arith.mulf %s0, %a0 : f32
    %t = arith.truncf %s : f32 to f16
    linalg.yield %t : f16
  }
  %p1 = memref.alloc() : memref<128x128xf32>
  linalg.fill ins(%zero : f32) outs(%p1 : memref<128x128xf32>)
  linalg.matmul ins(%h0, %B1 : memref<128x64xf16>, memref<64x128xf16>)
                outs(%p1 : memref<128x128xf32>)
  // D1 = a1 * P1 + b1 * C1
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p1, %C1 : memref<128x128xf32>, memref<128x128xf32>) outs(%D1 : memref<128x128xf32>) {
  ^bb0(%p: f32, %c: f32, %o: f32):
    %x = arith.mulf %p, %a1 : f32
    %y = arith.mulf %c, %b1 : f32
    %z = arith.addf %x, %y : f32
    linalg.yield %z : f32
  }
  memref.dealloc %d0 : memref<128x64xf32>
  memref.dealloc %h0 : memref<128x64xf16>
  memref.dealloc %p1 : memref<128x128xf32>
  return
}
