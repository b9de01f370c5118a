// W4A16: weights [N, K/2] (K innermost: a lane's 8 nibbles are one 32-bit load), group 64
func.func @w4a16(%x: memref<7x256xf16>, %w: memref<40x128xi8>, %s: memref<4x40xf16>, %y: memref<7x40xf32>) {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<256x40xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (n, k floordiv 2)>, affine_map<(k, n) -> (k floordiv 64, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<40x128xi8>, memref<4x40xf16>) outs(%wd : memref<256x40xf16>) {
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
  linalg.fill ins(%z0 : f32) outs(%y : memref<7x40xf32>)
  linalg.matmul ins(%x, %wd : memref<7x256xf16>, memref<256x40xf16>) outs(%y : memref<7x40xf32>)
  memref.dealloc %wd : memref<256x40xf16>
  return
}
