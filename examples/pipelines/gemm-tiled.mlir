// (e) A production-shape single GEMM: Y = relu(alpha * (A x B) + bias), f16
// inputs, f32 accumulation and output; M = N = 512, K = 256.  M and N are
// multiples of 128 and K of 32, so the front end picks the tiled kernel
// (wmma.pattern = "gemm_tiled"): 128x128 output blocks per workgroup of 2x2
// waves (4x4 WMMA tiles each), A and B staged through ping-pong LDS buffers
// 32 K at a time with the next slice prefetched during the WMMAs.
func.func @gemm_tiled(%A: memref<512x256xf16>, %B: memref<256x512xf16>,
                      %bias: memref<512x512xf32>, %Y: memref<512x512xf32>,
                      %alpha: f32) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<512x512xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<512x512xf32>)
  linalg.matmul ins(%A, %B : memref<512x256xf16>, memref<256x512xf16>)
                outs(%p : memref<512x512xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : memref<512x512xf32>, memref<512x512xf32>) outs(%Y : memref<512x512xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.mulf %x, %alpha : f32
    %t = arith.addf %s, %b : f32
    %r = arith.maximumf %t, %zero : f32
    linalg.yield %r : f32
  }
  memref.dealloc %p : memref<512x512xf32>
  return
}
