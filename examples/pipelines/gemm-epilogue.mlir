// (d) A single GEMM with an epilogue: Y = relu(alpha * (A x B^T) + bias).
// B is given as N x K (transposed operand via indexing maps); bf16 inputs,
// f32 accumulation and output.  M = 128, N = 128, K = 64.
func.func @gemm_bias_relu(%A: memref<128x64xbf16>, %Bt: memref<128x64xbf16>,
                          %bias: memref<128x128xf32>, %Y: memref<128x128xf32>,
                          %alpha: f32) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<128x128xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<128x128xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                 affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
                ins(%A, %Bt : memref<128x64xbf16>, memref<128x64xbf16>)
                outs(%p : memref<128x128xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : memref<128x128xf32>, memref<128x128xf32>) outs(%Y : memref<128x128xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.mulf %x, %alpha : f32
    %t = arith.addf %s, %b : f32
    %r = arith.maximumf %t, %zero : f32
    linalg.yield %r : f32
  }
  memref.dealloc %p : memref<128x128xf32>
  return
}
