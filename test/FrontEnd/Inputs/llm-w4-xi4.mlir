// memref<..xi4> weights (a byte per value in memory, as MLIR addresses them)
// times group-128 scales at M = 1: the decode template
func.func @w4_xi4(%x: memref<1x4096xf16>, %w: memref<4096x256xi4>,
              %s: memref<32x256xf16>, %y: memref<1x256xf32>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4096x256xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>,
                                   affine_map<(k, n) -> (k floordiv 128, n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<4096x256xi4>, memref<32x256xf16>)
      outs(%wd : memref<4096x256xf16>) {
  ^bb0(%b: i4, %sc: f16, %o: f16):
    %f = arith.sitofp %b : i4 to f16
    %r = arith.mulf %f, %sc : f16
    linalg.yield %r : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<1x256xf32>)
  linalg.matmul ins(%x, %wd : memref<1x4096xf16>, memref<4096x256xf16>)
                outs(%y : memref<1x256xf32>)
  memref.dealloc %wd : memref<4096x256xf16>
  return
}
