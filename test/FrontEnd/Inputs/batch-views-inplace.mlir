// Batch dims in the middle on memrefs: A (m, b, k), B given as (n, b, k)
// (K contiguous), C (m, b, n) updated in place with a per-(b, n) bias.
func.func @inplace(%A: memref<33x2x48xf16>, %Bt: memref<21x2x48xf16>, %bias: memref<2x21xf32>, %C: memref<33x2x21xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, b, k)>, affine_map<(b, m, n, k) -> (n, b, k)>, affine_map<(b, m, n, k) -> (m, b, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %Bt : memref<33x2x48xf16>, memref<21x2x48xf16>) outs(%C : memref<33x2x21xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(m, b, n) -> (b, n)>, affine_map<(m, b, n) -> (m, b, n)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%bias : memref<2x21xf32>) outs(%C : memref<33x2x21xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %o, %x : f32
    linalg.yield %y : f32
  }
  return
}
