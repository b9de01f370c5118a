// Decode skinny GEMM (M = 4, K = 4096, N = 4096) of W4A16 weights: unsigned nibbles minus f16 zero points per group of 128, times group scales, accumulated into y's own contents (no fill: a non-zero initial accumulator).  On RDNA4 the 16 column tiles share accumulators, 4 to one, their activation rows shifted down by 4 per tile (Templates/DecodeWide.c): wave 0 adds the initial accumulator to the sums in column order.
func.func @gemv_uzp_acc(%x: memref<4x4096xf16>, %w: memref<2048x4096xi8>, %s: memref<32x4096xf16>, %zp: memref<32x4096xf16>, %y: memref<4x4096xf32>) {
  %wd = memref.alloc() : memref<4096x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s, %zp : memref<2048x4096xi8>, memref<32x4096xf16>, memref<32x4096xf16>) outs(%wd : memref<4096x4096xf16>) {
  ^bb0(%b: i8, %sc: f16, %z: f16, %o: f16):
    %k = linalg.index 0 : index
    %cP = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %r = arith.remui %k, %cP : index
    %sh = arith.muli %r, %c4 : index
    %shi = arith.index_cast %sh : index to i8
    %v = arith.shrui %b, %shi : i8
    %m = arith.constant 15 : i8
    %lo = arith.andi %v, %m : i8
    %f = arith.uitofp %lo : i8 to f16
    %fz = arith.subf %f, %z : f16
    %o2 = arith.mulf %fz, %sc : f16
    linalg.yield %o2 : f16
  }
  linalg.matmul ins(%x, %wd : memref<4x4096xf16>, memref<4096x4096xf16>) outs(%y : memref<4x4096xf32>)
  memref.dealloc %wd : memref<4096x4096xf16>
  return
}
