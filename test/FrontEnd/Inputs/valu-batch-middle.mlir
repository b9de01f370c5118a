// A batch dimension between A's matrix dimensions (no WMMA layout): VALU.
func.func @batch_middle(%A: memref<32x4x32xf16>, %B: memref<4x32x32xf16>, %C: memref<4x32x32xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, b, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x4x32xf16>, memref<4x32x32xf16>) outs(%C : memref<4x32x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  return
}
