// Operand A read through a size-1 leading dim, B scaled per column by a
// (0, n) scale, a column bias (m, 0) and a row of a table at the constant 2.
func.func @fixed(%A: memref<1x37x40xf16>, %B: memref<40x27xi8>, %s: memref<1x27xf16>, %cb: memref<37x1xf32>, %T: memref<4x27xf32>, %C: memref<37x27xf32>) {
  %z = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<37x27xf32>
  linalg.fill ins(%z : f32) outs(%p : memref<37x27xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (0, m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (0, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B, %s : memref<1x37x40xf16>, memref<40x27xi8>, memref<1x27xf16>) outs(%p : memref<37x27xf32>) {
  ^bb0(%a: f16, %b: i8, %sc: f16, %c: f32):
    %bf = arith.sitofp %b : i8 to f16
    %bs = arith.mulf %bf, %sc : f16
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %bs : f16 to f32
    %m = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, 0)>, affine_map<(i, j) -> (2, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p, %cb, %T : memref<37x27xf32>, memref<37x1xf32>, memref<4x27xf32>) outs(%C : memref<37x27xf32>) {
  ^bb0(%x: f32, %c: f32, %t: f32, %o: f32):
    %y = arith.addf %x, %c : f32
    %w = arith.mulf %y, %t : f32
    linalg.yield %w : f32
  }
  memref.dealloc %p : memref<37x27xf32>
  return
}
