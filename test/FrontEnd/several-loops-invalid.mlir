// Contractions over several M, N or K dimensions that cannot be collapsed
// into one (collapsed-loops.mlir has those that can), refused with the
// reason and what to do.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})'

// The two M dimensions are not adjacent in A: (m0, k, m1).
func.func @not_adjacent(%A: memref<4x32x8xf16>, %B: memref<32x16xf16>, %C: memref<4x8x16xf32>) {
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.generic: more than one M loop (loops 0 and 1 both index A and the output, not B): several M, N or K dimensions are collapsed into one only when every buffer holds them adjacent, in one order, contiguous, with static sizes (and not read by linalg.index); pass the operands with them collapsed}}
  linalg.generic {indexing_maps = [affine_map<(m0, m1, n, k) -> (m0, k, m1)>, affine_map<(m0, m1, n, k) -> (k, n)>, affine_map<(m0, m1, n, k) -> (m0, m1, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x32x8xf16>, memref<32x16xf16>) outs(%C : memref<4x8x16xf32>) {
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

// An epilogue operand indexed by one of the collapsed dims only (a bias
// per m1) would need the collapsed index split again.
func.func @subset_bias(%A: memref<4x8x32xf16>, %B: memref<32x16xf16>, %bias: memref<8xf32>, %C: memref<4x8x16xf32>) {
  %z = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<4x8x16xf32>
  linalg.fill ins(%z : f32) outs(%p : memref<4x8x16xf32>)
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.generic: more than one M loop}}
  linalg.generic {indexing_maps = [affine_map<(m0, m1, n, k) -> (m0, m1, k)>, affine_map<(m0, m1, n, k) -> (k, n)>, affine_map<(m0, m1, n, k) -> (m0, m1, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x8x32xf16>, memref<32x16xf16>) outs(%p : memref<4x8x16xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %m = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, n) -> (i, j, n)>, affine_map<(i, j, n) -> (j)>, affine_map<(i, j, n) -> (i, j, n)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%p, %bias : memref<4x8x16xf32>, memref<8xf32>) outs(%C : memref<4x8x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A read as the product's operand collapsed over (m0, m1), and again in the
// epilogue with its dims read by other loops (n at m1's place): refused.
func.func @mixed(%A: memref<4x16x16xf16>, %B: memref<16x16xf16>, %C: memref<4x16x16xf32>) {
  %z = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<4x16x16xf32>
  linalg.fill ins(%z : f32) outs(%p : memref<4x16x16xf32>)
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.generic: more than one M loop}}
  linalg.generic {indexing_maps = [affine_map<(m0, m1, n, k) -> (m0, m1, k)>, affine_map<(m0, m1, n, k) -> (k, n)>, affine_map<(m0, m1, n, k) -> (m0, m1, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x16x16xf16>, memref<16x16xf16>) outs(%p : memref<4x16x16xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %m = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %m : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, n) -> (i, j, n)>, affine_map<(i, j, n) -> (i, n, j)>, affine_map<(i, j, n) -> (i, j, n)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%p, %A : memref<4x16x16xf32>, memref<4x16x16xf16>) outs(%C : memref<4x16x16xf32>) {
  ^bb0(%x: f32, %y: f16, %o: f32):
    %ye = arith.extf %y : f16 to f32
    %s = arith.addf %x, %ye : f32
    linalg.yield %s : f32
  }
  return
}
