// W4A16 in matvec form, written as linalg.generic: weights [N, K/2] packed
// two per i8 along K (K innermost), group-128 f16 scales [N, K/128],
// dequantised by a generic feeding y[n] = sum_k W'[n][k] x[k].
func.func @mv_w4(%w: memref<1024x2048xi8>, %s: memref<1024x32xf16>, %x: memref<4096xf16>, %y: memref<1024xf32>) {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<1024x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(n, k) -> (n, k floordiv 2)>, affine_map<(n, k) -> (n, k floordiv 128)>, affine_map<(n, k) -> (n, k)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<1024x2048xi8>, memref<1024x32xf16>) outs(%wd : memref<1024x4096xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %k = linalg.index 1 : index
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
  linalg.fill ins(%z0 : f32) outs(%y : memref<1024xf32>)
  linalg.generic {indexing_maps = [affine_map<(n, k) -> (n, k)>, affine_map<(n, k) -> (k)>, affine_map<(n, k) -> (n)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%wd, %x : memref<1024x4096xf16>, memref<4096xf16>) outs(%y : memref<1024xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ae = arith.extf %a : f16 to f32
    %be = arith.extf %b : f16 to f32
    %p = arith.mulf %ae, %be : f32
    %s2 = arith.addf %c, %p : f32
    linalg.yield %s2 : f32
  }
  memref.dealloc %wd : memref<1024x4096xf16>
  return
}
