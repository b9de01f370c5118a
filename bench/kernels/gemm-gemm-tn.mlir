// The fused GEMM-GEMM of AMD's RDNA4 WMMA guide, part 1, as a linalg
// function: D1 = a1 * f16(a0 * A0 x B0) x B1 + b1 * C1 with B0 and B1
// given K-major (N0 x K0 and N1 x N0, the sample's "TN" form), M = 128,
// K0 = N0 = 64, N1 = 128.  Paired with bench/hip/fused-gemm.hip.
func.func @gemm_gemm_tn(%A0: memref<128x64xf16>, %B0t: memref<64x64xf16>,
                        %B1t: memref<128x64xf16>, %C1: memref<128x128xf32>,
                        %D1: memref<128x128xf32>, %a0: f32, %a1: f32, %b1: f32) {
  %zero = arith.constant 0.0 : f32
  %d0 = memref.alloc() : memref<128x64xf32>
  linalg.fill ins(%zero : f32) outs(%d0 : memref<128x64xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A0, %B0t : memref<128x64xf16>, memref<64x64xf16>) outs(%d0 : memref<128x64xf32>)
  %h0 = memref.alloc() : memref<128x64xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%d0 : memref<128x64xf32>) outs(%h0 : memref<128x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %s = arith.mulf %x, %a0 : f32
    %t = arith.truncf %s : f32 to f16
    linalg.yield %t : f16
  }
  %p1 = memref.alloc() : memref<128x128xf32>
  linalg.fill ins(%zero : f32) outs(%p1 : memref<128x128xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%h0, %B1t : memref<128x64xf16>, memref<128x64xf16>) outs(%p1 : memref<128x128xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p1, %C1 : memref<128x128xf32>, memref<128x128xf32>) outs(%D1 : memref<128x128xf32>) {
  ^bb0(%p: f32, %c: f32, %o: f32):
    %x = arith.mulf %p, %a1 : f32
    %y = arith.mulf %c, %b1 : f32
    %z = arith.addf %x, %y : f32
    linalg.yield %z : f32
  }
  memref.dealloc %d0 : memref<128x64xf32>
  memref.dealloc %h0 : memref<128x64xf16>
  memref.dealloc %p1 : memref<128x128xf32>
  return
}
