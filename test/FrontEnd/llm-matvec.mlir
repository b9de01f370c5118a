// Matrix-vector forms without a token dimension (README "LLM inference"):
// linalg.matvec, linalg.vecmat and linalg.batch_matvec are GEMMs of one
// token (Problem/ProblemVector.c: the absent M loop of extent 1, matvec's
// operands swapped), taken to WMMA by the rule that takes an M = 1
// linalg.matmul there (static K >= 1024, K N >= 2^20): the decode
// template's split K, the same plan as the matmul's.  Smaller or run-time
// sized ones stay the VALU rows kernel.
// RUN: wmma-opt %s -o /dev/null --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s --check-prefix=R4
// RUN: wmma-opt %s -o /dev/null --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s --check-prefix=R3
// A forced workgroup tile, which the decode template refuses: the VALU
// problem is built again (Pass/VectorChoice.c), the remark saying why.
// RUN: wmma-opt %s -o /dev/null --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tile-m=16 tile-n=64})' 2>&1 | FileCheck %s --check-prefix=FB
// FB: remark: converted to a VALU kernel (template valu): linalg.matvec: the contraction has no N loop
// FB-SAME: (as a GEMM of one token: no kernel template applies
// FB-SAME: decode: a workgroup tile or LDS staging was asked for

// matvec, 4096 x 4096 f16: the M = 1 matmul's plan (bench/llm_matvec.py).
// R4: remark: decode GEMM (template decode): WMMA with M = 1 padded to 16 rows
// R4-SAME: column blocks of 256 (the activations read once per block), K split 32 ways across the waves of a workgroup, partial sums added in order through LDS: 512 waves, 8.0 per CU of the largest gfx1201 part (64 CUs){{$}}
// R3: remark: decode GEMM (template decode): WMMA with M = 1 padded to 16 rows
// (gfx1100: one launch of 128-column blocks, fewer modelled instructions
// than 256 x 2 workgroups and a combine: Schedule/DecodeCost.c.)
// R3-SAME: column blocks of 128 (the activations read once per block), K split 32 ways across the waves of a workgroup, partial sums
func.func @mv(%w: memref<4096x4096xf16>, %x: memref<4096xf16>, %y: memref<4096xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<4096xf32>)
  linalg.matvec ins(%w, %x : memref<4096x4096xf16>, memref<4096xf16>) outs(%y : memref<4096xf32>)
  return
}

// -----

// vecmat, N innermost: the same (8 column tiles loading wide: fewer
// modelled instructions than 16 gathering, Schedule/DecodeCost.c).
// R4: remark: decode GEMM (template decode): WMMA with M = 1 padded to 16 rows
// R4-SAME: column blocks of 128 (the activations read once per block), K split 16 ways across the waves of a workgroup, partial sums added in order through LDS: 512 waves, 8.0 per CU
// R3: remark: decode GEMM (template decode): WMMA with M = 1 padded to 16 rows
// R3-SAME: column blocks of 128 (the activations read once per block), K split 32 ways across the waves of a workgroup, partial sums
func.func @vm(%x: memref<4096xf16>, %w: memref<4096x4096xf16>, %y: memref<4096xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<4096xf32>)
  linalg.vecmat ins(%x, %w : memref<4096xf16>, memref<4096x4096xf16>) outs(%y : memref<4096xf32>)
  return
}

// -----

// batch_matvec: the batch on the grid (K N = 2^20 per batch).
// R4: remark: decode GEMM (template decode): WMMA with M = 1 padded to 16 rows
// R4-SAME: K split 32 ways across the waves of a workgroup
// R3: remark: decode GEMM (template decode): WMMA with M = 1 padded to 16 rows
// R3-SAME: K split
func.func @bmv(%w: memref<8x512x2048xf16>, %x: memref<8x2048xf16>, %y: memref<8x512xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<8x512xf32>)
  linalg.batch_matvec ins(%w, %x : memref<8x512x2048xf16>, memref<8x2048xf16>) outs(%y : memref<8x512xf32>)
  return
}

// -----

// K = 512: below the M = 1 matmul's decode sizes, the VALU rows kernel.
// R4: remark: converted to a VALU kernel (template valu): linalg.matvec: the contraction has no N loop
// R4-SAME: rows kernel: a wave reduces over K per output
// R3: remark: converted to a VALU kernel (template valu): linalg.matvec: the contraction has no N loop
func.func @mv_small(%w: memref<4096x512xf16>, %x: memref<512xf16>, %y: memref<4096xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<4096xf32>)
  linalg.matvec ins(%w, %x : memref<4096x512xf16>, memref<512xf16>) outs(%y : memref<4096xf32>)
  return
}

// -----

// Run-time N and K: VALU, as for an M = 1 matmul of run-time sizes; the
// remark says why not the decode template.
// R4: remark: converted to a VALU kernel (template valu): linalg.vecmat: the contraction has no M loop
// R4-SAME: at run-time sizes not the decode template: its K split and column blocks are planned from static K and N
// R3: remark: converted to a VALU kernel (template valu): linalg.vecmat: the contraction has no M loop
// R3-SAME: at run-time sizes not the decode template: its K split and column blocks are planned from static K and N
func.func @vm_dyn(%x: memref<?xf16>, %w: memref<?x?xf16>, %y: memref<?xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<?xf32>)
  linalg.vecmat ins(%x, %w : memref<?xf16>, memref<?x?xf16>) outs(%y : memref<?xf32>)
  return
}

// -----

// fp8 x fp8 matvec: the decode template on both chips; RDNA3 (no fp8 WMMA)
// widens the vector and the weights to f16 in registers (before: left on
// the host, "the vector needs converting on rdna3", and no VALU fp8).
// R4: remark: decode GEMM (template decode): WMMA with M = 1 padded to 16 rows
// R4-SAME: K split
// R3: remark: decode GEMM (template decode): WMMA with M = 1 padded to 16 rows
// R3-SAME: K split
func.func @mv_fp8(%w: memref<4096x4096xf8E4M3FN>, %x: memref<4096xf8E4M3FN>, %y: memref<4096xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<4096xf32>)
  linalg.matvec ins(%w, %x : memref<4096x4096xf8E4M3FN>, memref<4096xf8E4M3FN>) outs(%y : memref<4096xf32>)
  return
}
