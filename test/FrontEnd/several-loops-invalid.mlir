// Contractions over several M, N or K dimensions that cannot be collapsed
// into one (collapsed-loops.mlir has those that can) nor looped (mmt4d.mlir
// has the outer M and N loops taken as batches, the outer K loop iterated
// in the kernel), refused with the reason and what to do.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})'
// RUN: wmma-opt %S/Inputs/mmt4d-split-k.mlir --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds})'

// Two K dimensions with a run-time size: no view collapses them (it needs
// static strides), and looping the outer one in the kernel needs A read
// with it before the matrix, through a view of static strides as well.
func.func @two_k_dynamic(%A: memref<16x?x8xf16>, %B: memref<?x8x16xf16>, %C: memref<16x16xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: operand A has its outer K loop at position 1 of its dimensions (M, outer K, K): reading the matrix through a view with the batch dimensions first needs static strides}}
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

// batch_mmt4d with a batch of 2: three batch-like loops (b, m1, n1) where
// the grid takes two (a batch of one is at index 0: mmt4d.mlir).
func.func @batch_mmt4d_two(%A: memref<2x2x4x16x8xi8>, %B: memref<2x2x4x16x8xi8>, %C: memref<2x2x2x16x16xi32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.batch_mmt4d: more than one N loop (loops 2 and 5 both index B and the output, not A)}}
  linalg.batch_mmt4d ins(%A, %B : memref<2x2x4x16x8xi8>, memref<2x2x4x16x8xi8>) outs(%C : memref<2x2x2x16x16xi32>)
  return
}

// -----

// f32 mmt4d with both K tiles larger than 1: no WMMA, and the VALU
// template reduces over one loop.
func.func @mmt4d_split_k_f32(%A: memref<2x4x8x2xf32>, %B: memref<2x4x4x2xf32>, %C: memref<2x2x8x4xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.mmt4d: the product multiplies f32 values (f32 x f32): RDNA has no f32 WMMA; convert the operands to f16 or bf16 (nor can the VALU template take it: it needs one reduction loop shared by both operands)}}
  linalg.mmt4d ins(%A, %B : memref<2x4x8x2xf32>, memref<2x4x4x2xf32>) outs(%C : memref<2x2x8x4xf32>)
  return
}
