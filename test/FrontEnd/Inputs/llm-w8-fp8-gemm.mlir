// fp8 (E4M3FN) weights times per-column f32 scales widened to f32 (arith.extf f8 -> f32 in the linalg), truncated to f16, 64 x 96 x 256: the gemm template's prologue.
func.func @w8fp8_gemm(%x: memref<64x256xf16>, %w: memref<256x96xf8E4M3FN>, %s: memref<96xf32>, %y: memref<64x96xf32>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<256x96xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<256x96xf8E4M3FN>, memref<96xf32>) outs(%wd : memref<256x96xf16>) {
  ^bb0(%b: f8E4M3FN, %sc: f32, %o: f16):
    %f = arith.extf %b : f8E4M3FN to f32
    %r = arith.mulf %f, %sc : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<64x96xf32>)
  linalg.matmul ins(%x, %wd : memref<64x256xf16>, memref<256x96xf16>) outs(%y : memref<64x96xf32>)
  memref.dealloc %wd : memref<256x96xf16>
  return
}
