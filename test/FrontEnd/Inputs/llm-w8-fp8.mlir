// fp8 (E4M3FN) weights times group-128 f16 scales (arith.extf of the fp8 value in the linalg: widened by bit operations on both chips), f16 activations, M = 4: a decode layer.
func.func @w8fp8_decode(%x: memref<4x1024xf16>, %w: memref<1024x1024xf8E4M3FN>, %s: memref<8x1024xf16>, %y: memref<4x1024xf32>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<1024x1024xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<1024x1024xf8E4M3FN>, memref<8x1024xf16>) outs(%wd : memref<1024x1024xf16>) {
  ^bb0(%b: f8E4M3FN, %sc: f16, %o: f16):
    %f = arith.extf %b : f8E4M3FN to f16
    %r = arith.mulf %f, %sc : f16
    linalg.yield %r : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<4x1024xf32>)
  linalg.matmul ins(%x, %wd : memref<4x1024xf16>, memref<1024x1024xf16>) outs(%y : memref<4x1024xf32>)
  memref.dealloc %wd : memref<1024x1024xf16>
  return
}
