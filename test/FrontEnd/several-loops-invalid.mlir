// Contractions over several M, N or K dimensions, refused with the reason
// and what to do (ProblemCollapse.c collapses the contiguous ones).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})'

// IREE's expanded matmul: A (b, m0, m1, k) x B (k, n) -> C (b, m0, m1, n);
// b is not in B: it is an M dimension too.
func.func @expanded(%A: memref<2x4x8x32xf16>, %B: memref<32x16xf16>, %C: memref<2x4x8x16xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: more than one M loop (loops 0 and 1 both index A and the output, not B): contractions over several M, N or K dimensions are not collapsed into one; pass the operands with them collapsed (adjacent dimensions of a contiguous buffer reshape for free outside the function)}}
  linalg.generic {indexing_maps = [affine_map<(b, m0, m1, n, k) -> (b, m0, m1, k)>, affine_map<(b, m0, m1, n, k) -> (k, n)>, affine_map<(b, m0, m1, n, k) -> (b, m0, m1, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<2x4x8x32xf16>, memref<32x16xf16>) outs(%C : memref<2x4x8x16xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Two K dimensions: A (m, k0, k1) x B (k0, k1, n).
func.func @two_k(%A: memref<16x4x8xf16>, %B: memref<4x8x16xf16>, %C: memref<16x16xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: more than one K loop (loops 2 and 3 both reduce): contractions over several M, N or K dimensions are not collapsed into one}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k0, k1) -> (m, k0, k1)>, affine_map<(m, n, k0, k1) -> (k0, k1, n)>, affine_map<(m, n, k0, k1) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%A, %B : memref<16x4x8xf16>, memref<4x8x16xf16>) outs(%C : memref<16x16xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  return
}
