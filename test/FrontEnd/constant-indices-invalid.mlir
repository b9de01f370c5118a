// Constant indices the front end does not evaluate, refused with the
// reason: an output written at a constant index other than 0 of a size-1
// dimension.  (One row of a matrix product read by an elementwise op is a
// second kernel reading the product's buffer: elementwise-constant-indices.)
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})'

// Writing one slice of a larger output (index 1 of 2) is refused; index 0 of
// a size-1 dimension is written through a view without it
// (unit-output-dims.mlir).
func.func @output_constant(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<2x32x32xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: the output's indexing map must be a projected permutation (plain loop indices, each used once); constants, offsets, strides and diagonals are not supported}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (1, m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%C : memref<2x32x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %m = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  }
  return
}
