// Contractions over several M, N or K dimensions that cannot be collapsed
// into one (collapsed-loops.mlir has those that can) nor looped (mmt4d.mlir
// has the outer M and N loops taken as batches), refused with the reason
// and what to do.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})'

// Two K dimensions with a run-time size: the view needs static strides.
func.func @two_k_dynamic(%A: memref<16x?x8xf16>, %B: memref<?x8x16xf16>, %C: memref<16x16xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: more than one K loop (loops 2 and 3 both reduce): several M, N or K dimensions are collapsed into one only when}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k0, k1) -> (m, k0, k1)>, affine_map<(m, n, k0, k1) -> (k0, k1, n)>, affine_map<(m, n, k0, k1) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%A, %B : memref<16x?x8xf16>, memref<?x8x16xf16>) outs(%C : memref<16x16xf32>) {
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

// mmt4d with both K tiles larger than 1 (k1 = 4, k0 = 8): K is two
// reduction loops no view collapses (A holds m0 between them); the outer
// M and N loops would be batches of the grid, but an outer K loop is not
// looped in the kernel yet.
func.func @mmt4d_split_k(%A: memref<2x4x16x8xi8>, %B: memref<2x4x16x8xi8>, %C: memref<2x2x16x16xi32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.mmt4d: more than one K loop (loops 2 and 5 both reduce): several M, N or K dimensions are collapsed into one only when every buffer holds them adjacent, in one order, contiguous, with static sizes (and not read by linalg.index); pass the operands with them collapsed (nor can the VALU template take it: it needs one reduction loop shared by both operands)}}
  linalg.mmt4d ins(%A, %B : memref<2x4x16x8xi8>, memref<2x4x16x8xi8>) outs(%C : memref<2x2x16x16xi32>)
  return
}
