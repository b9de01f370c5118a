// Decode GEMM split across workgroups with wide loads (M = 4, K = N = 4096), W4A16 group 128: on gfx1100 the two 64-deep slices of a group share its scales through LDS
func.func @w4a16(%x: memref<4x4096xf16>, %w: memref<2048x4096xi8>,
                 %s: memref<32x4096xf16>, %y: memref<4x4096xf32>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4096x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>,
                                   affine_map<(k, n) -> (k floordiv 128, n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<2048x4096xi8>, memref<32x4096xf16>)
      outs(%wd : memref<4096x4096xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %k = linalg.index 0 : index
    %cP = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %odd = arith.remui %k, %cP : index
    %sh = arith.muli %odd, %c4 : index
    %sh8 = arith.index_cast %sh : index to i8
    %v = arith.shrui %b, %sh8 : i8
    %m = arith.constant 15 : i8
    %e = arith.constant 8 : i8
    %lo = arith.andi %v, %m : i8
    %xx = arith.xori %lo, %e : i8
    %q = arith.subi %xx, %e : i8
    %f = arith.sitofp %q : i8 to f16
    %r = arith.mulf %f, %sc : f16
    linalg.yield %r : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<4x4096xf32>)
  linalg.matmul ins(%x, %wd : memref<4x4096xf16>, memref<4096x4096xf16>)
                outs(%y : memref<4x4096xf32>)
  memref.dealloc %wd : memref<4096x4096xf16>
  return
}

