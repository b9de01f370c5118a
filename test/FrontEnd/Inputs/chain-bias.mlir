// GEMM-GEMM with a bias on D0 (accumulator init, evaluated in the transposed layout), f16 scale tensor after truncation
func.func @chain_bias(%A0: memref<32x32xf16>, %B0: memref<32x48xf16>, %bias0: memref<32x48xf32>, %S: memref<32x48xf16>, %B1: memref<48x32xf16>, %D: memref<32x32xf32>) {
  %d0 = memref.alloc() : memref<32x48xf32>
  linalg.copy ins(%bias0 : memref<32x48xf32>) outs(%d0 : memref<32x48xf32>)
  linalg.matmul ins(%A0, %B0 : memref<32x32xf16>, memref<32x48xf16>) outs(%d0 : memref<32x48xf32>)
  %h = memref.alloc() : memref<32x48xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%d0, %S : memref<32x48xf32>, memref<32x48xf16>) outs(%h : memref<32x48xf16>) {
  ^bb0(%x: f32, %s: f16, %o: f16):
    %t = arith.truncf %x : f32 to f16
    %u = arith.mulf %t, %s : f16
    linalg.yield %u : f16
  }
  linalg.matmul ins(%h, %B1 : memref<32x48xf16>, memref<48x32xf16>) outs(%D : memref<32x32xf32>)
  memref.dealloc %h : memref<32x48xf16>
  memref.dealloc %d0 : memref<32x48xf32>
  return
}
