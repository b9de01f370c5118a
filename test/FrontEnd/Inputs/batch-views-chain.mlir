// Batched GEMM-GEMM with A as (m, b, k) and C as (k, b, n): operand views
// in a chain.
func.func @chain_views(%A: memref<64x2x32xf16>, %B: memref<2x32x64xf16>,
                       %C: memref<64x2x48xf16>, %E: memref<2x64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %d = memref.alloc() : memref<2x64x64xf32>
  linalg.fill ins(%zero : f32) outs(%d : memref<2x64x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, b, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x2x32xf16>, memref<2x32x64xf16>) outs(%d : memref<2x64x64xf32>) {
  ^bb0(%a: f16, %bb: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %bb : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  %h = memref.alloc() : memref<2x64x64xf16>
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%d : memref<2x64x64xf32>) outs(%h : memref<2x64x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%E : memref<2x64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, b, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%h, %C : memref<2x64x64xf16>, memref<64x2x48xf16>) outs(%E : memref<2x64x48xf32>) {
  ^bb0(%a: f16, %bb: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %bb : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  return
}
