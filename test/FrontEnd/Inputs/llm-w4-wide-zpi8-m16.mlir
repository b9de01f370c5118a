// Decode skinny GEMM (M = 16, K = 4096, N = 4096) of W4A16 weights with wide loads: unsigned nibbles minus i8 zero points per group of 64 (uitofp), times f16 scales per group of 128.  Both grouped loads are shared by the lane halves (DecodeWide.c: half the wave's run each, v_permlanex16): an 8-bit and a 16-bit run, iterations of 64 K.
func.func @w4a16(%x: memref<16x4096xf16>, %w: memref<2048x4096xi8>, %s: memref<32x4096xf16>, %zp: memref<64x4096xi8>, %y: memref<16x4096xf32>) {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4096x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k floordiv 64, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s, %zp : memref<2048x4096xi8>, memref<32x4096xf16>, memref<64x4096xi8>) outs(%wd : memref<4096x4096xf16>) {
  ^bb0(%b: i8, %sc: f16, %z: i8, %o: f16):
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
    %zf = arith.uitofp %z : i8 to f16
    %fz = arith.subf %f, %zf : f16
    %o2 = arith.mulf %fz, %sc : f16
    linalg.yield %o2 : f16
  }
  linalg.fill ins(%z0 : f32) outs(%y : memref<16x4096xf32>)
  linalg.matmul ins(%x, %wd : memref<16x4096xf16>, memref<4096x4096xf16>) outs(%y : memref<16x4096xf32>)
  memref.dealloc %wd : memref<4096x4096xf16>
  return
}
