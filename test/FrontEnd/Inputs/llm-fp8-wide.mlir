// fp8 (E4M3FN) weights times group-128 f16 scales, M = 4, K = 4096, N = 4096: wide weight loads (DecodeWide.c).
func.func @fp8_wide(%x: memref<4x4096xf16>, %w: memref<4096x4096xf8E4M3FN>, %s: memref<32x4096xf16>, %y: memref<4x4096xf32>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4096x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<4096x4096xf8E4M3FN>, memref<32x4096xf16>) outs(%wd : memref<4096x4096xf16>) {
  ^bb0(%b: f8E4M3FN, %sc: f16, %o: f16):
    %f = arith.extf %b : f8E4M3FN to f16
    %r = arith.mulf %f, %sc : f16
    linalg.yield %r : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<4x4096xf32>)
  linalg.matmul ins(%x, %wd : memref<4x4096xf16>, memref<4096x4096xf16>) outs(%y : memref<4x4096xf32>)
  memref.dealloc %wd : memref<4096x4096xf16>
  return
}
