// IREE's expanded matmul: A (b, m0, m1, k) x B (k, n) -> C (b, m0, m1, n),
// three M loops collapsed into one, with a residual in C's shape.
func.func @expanded(%A: memref<2x3x7x40xf16>, %B: memref<40x29xf16>, %R: memref<2x3x7x29xf32>, %C: memref<2x3x7x29xf32>) {
  %z = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<2x3x7x29xf32>
  linalg.fill ins(%z : f32) outs(%p : memref<2x3x7x29xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m0, m1, n, k) -> (b, m0, m1, k)>, affine_map<(b, m0, m1, n, k) -> (k, n)>, affine_map<(b, m0, m1, n, k) -> (b, m0, m1, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<2x3x7x40xf16>, memref<40x29xf16>) outs(%p : memref<2x3x7x29xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %m = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(b, i, j, n) -> (b, i, j, n)>, affine_map<(b, i, j, n) -> (b, i, j, n)>, affine_map<(b, i, j, n) -> (b, i, j, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%p, %R : memref<2x3x7x29xf32>, memref<2x3x7x29xf32>) outs(%C : memref<2x3x7x29xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}
