// W4A16 decode at M = 1, K = 4100 (33 groups of 128, the last 4 deep: no split divides the iterations), N = 4095, signed nibbles
func.func @gemv(%x: memref<1x4100xf16>, %w: memref<2050x4095xi8>, %s: memref<33x4095xf16>, %y: memref<1x4095xf32>) {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4100x4095xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<2050x4095xi8>, memref<33x4095xf16>) outs(%wd : memref<4100x4095xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %k = linalg.index 0 : index
    %cP = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %r = arith.remui %k, %cP : index
    %sh = arith.muli %r, %c4 : index
    %shi = arith.index_cast %sh : index to i8
    %v = arith.shrui %b, %shi : i8
    %m = arith.constant 15 : i8
    %lo = arith.andi %v, %m : i8
    %e = arith.constant 8 : i8
    %xx = arith.xori %lo, %e : i8
    %q = arith.subi %xx, %e : i8
    %f = arith.sitofp %q : i8 to f16
    %o2 = arith.mulf %f, %sc : f16
    linalg.yield %o2 : f16
  }
  linalg.fill ins(%z0 : f32) outs(%y : memref<1x4095xf32>)
  linalg.matmul ins(%x, %wd : memref<1x4100xf16>, memref<4100x4095xf16>) outs(%y : memref<1x4095xf32>)
  memref.dealloc %wd : memref<4100x4095xf16>
  return
}
