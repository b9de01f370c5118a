// W4A16 weights (packed two per i8 along K, group 128) in a linalg.vecmat
// (no token dimension): a GEMM of one token, the decode template with the
// unpack as the weights' prologue (Problem/ProblemVector.c)
func.func @vecmat_w4(%x: memref<4096xf16>, %w: memref<2048x256xi8>, %s: memref<32x256xf16>, %y: memref<256xf32>) {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4096x256xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>, affine_map<(k, n) -> (k floordiv 128, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<2048x256xi8>, memref<32x256xf16>) outs(%wd : memref<4096x256xf16>) {
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
  linalg.fill ins(%z0 : f32) outs(%y : memref<256xf32>)
  linalg.vecmat ins(%x, %wd : memref<4096xf16>, memref<4096x256xf16>) outs(%y : memref<256xf32>)
  memref.dealloc %wd : memref<4096x256xf16>
  return
}
