// W8A16 decode (M = 3, K = 4096, N = 2048), per-channel scales: wide weight loads (DecodeWide.c)
func.func @w8a16(%x: memref<3x4096xf16>, %w: memref<4096x2048xi8>, %s: memref<2048xf16>, %y: memref<3x2048xf32>) {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4096x2048xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<4096x2048xi8>, memref<2048xf16>) outs(%wd : memref<4096x2048xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %f = arith.sitofp %b : i8 to f16
    %o2 = arith.mulf %f, %sc : f16
    linalg.yield %o2 : f16
  }
  linalg.fill ins(%z0 : f32) outs(%y : memref<3x2048xf32>)
  linalg.matmul ins(%x, %wd : memref<3x4096xf16>, memref<4096x2048xf16>) outs(%y : memref<3x2048xf32>)
  memref.dealloc %wd : memref<4096x2048xf16>
  return
}
