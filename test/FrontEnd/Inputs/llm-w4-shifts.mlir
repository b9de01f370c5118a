// W4A16: sign extension by shifts: (b << (4 - 4 (k mod 2))) >>s 4
func.func @shl(%x: memref<3x256xf16>, %w: memref<128x40xi8>, %s: memref<8x40xf16>, %y: memref<3x40xf32>) {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<256x40xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>, affine_map<(k, n) -> (k floordiv 32, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<128x40xi8>, memref<8x40xf16>) outs(%wd : memref<256x40xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %k = linalg.index 0 : index
    %cP = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %r = arith.remui %k, %cP : index
    %sh = arith.muli %r, %c4 : index
    %shi = arith.index_cast %sh : index to i8
    %c4i = arith.constant 4 : i8
    %inv = arith.subi %c4i, %shi : i8
    %v0 = arith.shli %b, %inv : i8
    %v = arith.shrsi %v0, %c4i : i8
    %m = arith.constant 15 : i8
    %lo = arith.andi %v, %m : i8
    %f = arith.sitofp %v : i8 to f16
    %o2 = arith.mulf %f, %sc : f16
    linalg.yield %o2 : f16
  }
  linalg.fill ins(%z0 : f32) outs(%y : memref<3x40xf32>)
  linalg.matmul ins(%x, %wd : memref<3x256xf16>, memref<256x40xf16>) outs(%y : memref<3x40xf32>)
  memref.dealloc %wd : memref<256x40xf16>
  return
}
