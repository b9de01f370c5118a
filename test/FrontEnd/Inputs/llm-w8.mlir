// W8A16: i8 weights, per-channel f16 scales
func.func @w8a16(%x: memref<3x256xf16>, %w: memref<256x45xi8>, %s: memref<45xf16>, %y: memref<3x45xf32>) {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<256x45xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<256x45xi8>, memref<45xf16>) outs(%wd : memref<256x45xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %f = arith.sitofp %b : i8 to f16
    %o2 = arith.mulf %f, %sc : f16
    linalg.yield %o2 : f16
  }
  linalg.fill ins(%z0 : f32) outs(%y : memref<3x45xf32>)
  linalg.matmul ins(%x, %wd : memref<3x256xf16>, memref<256x45xf16>) outs(%y : memref<3x45xf32>)
  memref.dealloc %wd : memref<256x45xf16>
  return
}
