// Constant indices the front end does not evaluate, each refused with its
// reason: one row of a matrix product (no tile holds it), and an output
// written at a constant index.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})'

func.func @product_row(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%z : f32) outs(%p : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%p : memref<32x32xf32>)
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: an input computed from a matrix product is read at a constant index (one row or column of the product): not supported}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (0, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<32x32xf32>) outs(%C : memref<32x32xf32>) {
  ^bb0(%b: f32, %o: f32):
    linalg.yield %b : f32
  }
  return
}

// -----

func.func @output_constant(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<1x32x32xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: the output's indexing map must be a projected permutation (plain loop indices, each used once); constants, offsets, strides and diagonals are not supported}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (0, m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%C : memref<1x32x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %m = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  }
  return
}
