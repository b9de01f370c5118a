// Matrix-vector forms without a token dimension (README "LLM inference"):
// the VALU rows kernel, its waves per CU in the remark, and for a wide
// 16-bit product below 8 waves per CU the reason it is not the decode
// template's.
// RUN: wmma-opt %s -o /dev/null --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s --check-prefix=R4
// RUN: wmma-opt %s -o /dev/null --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s --check-prefix=R3

// matvec, K innermost: a wave per output, 4096 waves -- enough.
// R4: remark: converted to a VALU kernel (template valu): linalg.matvec: the contraction has no N loop
// R4-SAME: rows kernel: a wave reduces over K per output, 4096 waves, 64.0 per CU of the largest gfx1201 part (64 CUs){{$}}
// R3: remark: converted to a VALU kernel (template valu): linalg.matvec
// R3-SAME: rows kernel: a wave reduces over K per output, 4096 waves, 42.7 per CU of the largest gfx1100 part (96 CUs){{$}}
func.func @mv(%w: memref<4096x4096xf16>, %x: memref<4096xf16>, %y: memref<4096xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<4096xf32>)
  linalg.matvec ins(%w, %x : memref<4096x4096xf16>, memref<4096xf16>) outs(%y : memref<4096xf32>)
  return
}

// -----

// vecmat, N innermost: a thread per output, 128 waves -- too few, and the
// remark names the form the decode template takes.
// R4: remark: converted to a VALU kernel (template valu): linalg.vecmat: the contraction has no M loop
// R4-SAME: rows kernel: a thread walks K per output, 128 waves, 2.0 per CU of the largest gfx1201 part (64 CUs): below 8 per CU; the decode template (K split across a workgroup) takes the product written with its unit M dimension, linalg.matmul of [1, K] x [K, N]
// R3: remark: converted to a VALU kernel (template valu): linalg.vecmat
// R3-SAME: 128 waves, 1.3 per CU of the largest gfx1100 part (96 CUs): below 8 per CU; the decode template
func.func @vm(%x: memref<4096xf16>, %w: memref<4096x4096xf16>, %y: memref<4096xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<4096xf32>)
  linalg.vecmat ins(%x, %w : memref<4096xf16>, memref<4096x4096xf16>) outs(%y : memref<4096xf32>)
  return
}

// -----

// batch_matvec: the batch multiplies the waves (8 x 512).
// R4: remark: converted to a VALU kernel (template valu): linalg.batch_matvec
// R4-SAME: rows kernel: a wave reduces over K per output, 4096 waves, 64.0 per CU
// R3: remark: converted to a VALU kernel (template valu): linalg.batch_matvec
// R3-SAME: 4096 waves, 42.7 per CU
func.func @bmv(%w: memref<8x512x2048xf16>, %x: memref<8x2048xf16>, %y: memref<8x512xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<8x512xf32>)
  linalg.batch_matvec ins(%w, %x : memref<8x512x2048xf16>, memref<8x2048xf16>) outs(%y : memref<8x512xf32>)
  return
}
