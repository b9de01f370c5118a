// Weight-only int4 (W4A16): y = x W' + b with W' = f16(W) * s[j], W given
// as i4 (signed, one element per byte: MLIR's addressing of memref<..xi4>)
// and dequantised per output column in registers between its load and the
// f16 WMMA; f32 sums, bias, f16 output.  Both RDNA generations.
//   wmma-run examples/pipelines/int4-weights.mlir --chip gfx1201
func.func @int4_weights(%x: memref<96x256xf16>, %w: memref<256x160xi4>, %s: memref<160xf16>,
                        %b: memref<160xf32>, %y: memref<96x160xf16>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<256x160xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<256x160xi4>, memref<160xf16>) outs(%wd : memref<256x160xf16>) {
  ^bb0(%q: i4, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i4 to f16
    %v = arith.mulf %f, %sc : f16
    linalg.yield %v : f16
  }
  %acc = memref.alloc() : memref<96x160xf32>
  linalg.fill ins(%z : f32) outs(%acc : memref<96x160xf32>)
  linalg.matmul ins(%x, %wd : memref<96x256xf16>, memref<256x160xf16>)
                outs(%acc : memref<96x160xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %b : memref<96x160xf32>, memref<160xf32>) outs(%y : memref<96x160xf16>) {
  ^bb0(%a: f32, %bias: f32, %o: f16):
    %r = arith.addf %a, %bias : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %wd : memref<256x160xf16>
  memref.dealloc %acc : memref<96x160xf32>
  return
}
