// W4A16: eight nibbles per i32 (GPTQ-style qweight [K/8, N]), group 128
func.func @w4a16(%x: memref<4x256xf16>, %w: memref<32x24xi32>, %s: memref<2x24xf16>, %y: memref<4x24xf32>) {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<256x24xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 8, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<32x24xi32>, memref<2x24xf16>) outs(%wd : memref<256x24xf16>) {
  ^bb0(%b: i32, %sc: f16, %o: f16):
    %k = linalg.index 0 : index
    %cP = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %r = arith.remui %k, %cP : index
    %sh = arith.muli %r, %c4 : index
    %shi = arith.index_cast %sh : index to i32
    %v = arith.shrui %b, %shi : i32
    %m = arith.constant 15 : i32
    %lo = arith.andi %v, %m : i32
    %e = arith.constant 8 : i32
    %xx = arith.xori %lo, %e : i32
    %q = arith.subi %xx, %e : i32
    %f = arith.sitofp %q : i32 to f16
    %o2 = arith.mulf %f, %sc : f16
    linalg.yield %o2 : f16
  }
  linalg.fill ins(%z0 : f32) outs(%y : memref<4x24xf32>)
  linalg.matmul ins(%x, %wd : memref<4x256xf16>, memref<256x24xf16>) outs(%y : memref<4x24xf32>)
  memref.dealloc %wd : memref<256x24xf16>
  return
}
