// A GEMM clamped to the whole f32 range, as TOSA writes tosa.clamp with no
// real limits (arith.minimumf with FLT_MAX, then arith.maximumf with
// -FLT_MAX): the clamps keep the magnitude bound of the product.
func.func @gemm_clamp(%A: memref<48x40xf16>, %B: memref<40x56xf16>, %C: memref<48x56xf32>) {
  %zero = arith.constant 0.0 : f32
  %hi = arith.constant 3.40282347E+38 : f32
  %lo = arith.constant -3.40282347E+38 : f32
  %T = memref.alloc() : memref<48x56xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<48x56xf32>)
  linalg.matmul ins(%A, %B : memref<48x40xf16>, memref<40x56xf16>) outs(%T : memref<48x56xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<48x56xf32>) outs(%C : memref<48x56xf32>) {
  ^bb0(%x: f32, %o: f32):
    %a = arith.minimumf %x, %hi : f32
    %b = arith.maximumf %lo, %a : f32
    linalg.yield %b : f32
  }
  memref.dealloc %T : memref<48x56xf32>
  return
}
