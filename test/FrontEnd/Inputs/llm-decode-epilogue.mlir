// Decode layer with an epilogue: bias, ReLU and an f16 output fused after the split-K reduction (M = 4, K = 2048, group 64)
func.func @w4a16(%x: memref<4x2048xf16>, %w: memref<1024x512xi8>,
                 %s: memref<32x512xf16>, %bias: memref<512xf32>, %y: memref<4x512xf16>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<2048x512xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>,
                                   affine_map<(k, n) -> (k floordiv 64, n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<1024x512xi8>, memref<32x512xf16>)
      outs(%wd : memref<2048x512xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %k = linalg.index 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %odd = arith.remui %k, %c2 : index
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
  %acc = memref.alloc() : memref<4x512xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<4x512xf32>)
  linalg.matmul ins(%x, %wd : memref<4x2048xf16>, memref<2048x512xf16>)
                outs(%acc : memref<4x512xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : memref<4x512xf32>, memref<512xf32>) outs(%y : memref<4x512xf16>) {
  ^bb0(%a: f32, %bb: f32, %o: f16):
    %r0 = arith.addf %a, %bb : f32
    %zz = arith.constant 0.0 : f32
    %r1 = arith.maximumf %r0, %zz : f32
    %h = arith.truncf %r1 : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %acc : memref<4x512xf32>
  memref.dealloc %wd : memref<2048x512xf16>
  return
}
