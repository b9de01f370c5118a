// An f16 GEMM accumulated in f16 with a per-column f16 bias and relu.
func.func @f(%A: memref<32x48xf16>, %B: memref<48x600xf16>, %bias: memref<600xf16>, %C: memref<32x600xf16>) {
  %zero = arith.constant 0.0 : f16
  %p = memref.alloc() : memref<32x600xf16>
  linalg.fill ins(%zero : f16) outs(%p : memref<32x600xf16>)
  linalg.matmul ins(%A, %B : memref<32x48xf16>, memref<48x600xf16>) outs(%p : memref<32x600xf16>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p, %bias : memref<32x600xf16>, memref<600xf16>) outs(%C : memref<32x600xf16>) {
  ^bb0(%x: f16, %b: f16, %o: f16):
    %s = arith.addf %x, %b : f16
    %r = arith.maximumf %s, %zero : f16
    linalg.yield %r : f16
  }
  return
}
