// The density of the prefill attention template's steady-state KV loop
// (issue 23's targets: <= 12 instructions per WMMA at d = 64, <= 8 at
// d = 128, both chips): 2 heads, 256 queries, 1024 keys, no mask.  The
// loop is found in the ISA by scripts/isa-summary.py --loop (the innermost
// loop holding WMMAs); its WMMAs include the V copy's transposing ones (one
// per 16 keys and 64 value columns).  A block holds 16, 32 or 64 keys (the
// schedule's tile[1]: keys x d <= 4096; on RDNA3 2048 while a block may be
// masked), so the row max, row sum and O^T rescale are paid once per block:
//   d = 64:  gfx1100 16 -> 32 keys, 28.7 -> 18.2; gfx1201 16 -> 64 keys, 16.8 -> 10.9
//   d = 128: gfx1100 16 keys, 18.1 -> 17.1;       gfx1201 16 -> 32 keys, 11.8 -> 9.7
// then RDNA3's P^T by 4 v_permlanex16 and selects per 16 keys (V^T's keys
// stored in the accumulator's pair order), the O^T rescale's multiplies
// paired by VOPD, RDNA4's max by v_maximum_f32:
//   d = 64:  gfx1100 18.2 -> 14.2;  gfx1201 10.9 -> 9.9
//   d = 128: gfx1100 17.1 -> 13.7;  gfx1201 9.7 -> 8.5
// then the row max without per-score quieting (RDNA3: maxnumf nnan) as
// v_max3 groups, the row sum as a tree, the exponentials' shift in two
// VGPRs (VOPD fmas), one-instruction DPP copies, and on RDNA3 blocks of
// keys x d <= 4096 when no block is masked (d = 64: 64 keys, d = 128: 32):
//   d = 64:  gfx1100 14.2 -> 10.4;  gfx1201 9.9 -> 9.2
//   d = 128: gfx1100 13.7 -> 9.5;   gfx1201 8.5 -> 7.97
// then the loop unrolled by its two LDS buffers (constant buffer
// addresses; two blocks per iteration, so twice the WMMAs):
//   d = 64:  gfx1100 10.4 -> 10.3;  gfx1201 9.2 -> 9.5
//   d = 128: gfx1100 9.5 -> 9.5;    gfx1201 7.97 -> 7.44
// then the LDS fragments read in pairs in the reverse of their use (one
// s_waitcnt per two WMMAs where LLVM waits before every WMMA):
//   d = 64:  gfx1100 10.3 -> 10.2;  gfx1201 9.5 -> 8.7
//   d = 128: gfx1100 9.5 -> 8.6;    gfx1201 7.44 -> 7.0
// then P converted two scores per v_cvt_pk_rtz_f16_f32 (RDNA3: one
// conversion a score before; RDNA4: two and a v_pack_b32_f16 a pair):
//   d = 64:  gfx1100 10.2 -> 9.6;   gfx1201 8.7 -> 7.9
//   d = 128: gfx1100 8.6 -> 8.4;    gfx1201 7.0 -> 6.7
// then the exponentials' shift and the O^T correction copied into
// register pairs (two banks, so every VOPD pair forms), the running sum
// per lane half (its halves added after the loop):
//   d = 64:  gfx1100 9.6 -> 9.57;   gfx1201 7.9 -> 7.21
//   d = 128: gfx1100 8.4 -> 7.99;   gfx1201 6.7 -> 6.39
// Each line bounds the density just above what it is now (the targets,
// <= 12 at d = 64 and <= 8 at d = 128, are met on both chips).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - > %t.gfx1100.s
// RUN: FileCheck %s --check-prefix=SPILL --input-file=%t.gfx1100.s
// RUN: python3 %wmma_src/scripts/isa-summary.py --loop %t.gfx1100.s | FileCheck %s --check-prefixes=CHECK,R3
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - > %t.gfx1201.s
// RUN: FileCheck %s --check-prefix=SPILL --input-file=%t.gfx1201.s
// RUN: python3 %wmma_src/scripts/isa-summary.py --loop %t.gfx1201.s | FileCheck %s --check-prefixes=CHECK,R4

// SPILL-NOT: scratch_
// SPILL-NOT: .vgpr_spill_count: {{[1-9]}}

// d = 64: 64 keys per block on both chips (4 x (4 + 4) + 4 copy WMMAs),
// two blocks per iteration.
// CHECK-LABEL: prefill_d64: loop
// R3-SAME: 72 WMMA, {{[0-8]\.[0-9]+|9\.[0-5][0-9]}} per WMMA
// R4-SAME: 72 WMMA, {{[0-6]\.[0-9]+|7\.[0-2][0-9]}} per WMMA
func.func @prefill_d64(%Q: tensor<1x2x256x64xf16>, %K: tensor<1x2x1024x64xf16>, %V: tensor<1x2x1024x64xf16>) -> tensor<1x2x256x64xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x256x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x256x1024xf32>) -> tensor<1x2x256x1024xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x2x256x64xf16>, tensor<1x2x1024x64xf16>) outs(%f : tensor<1x2x256x1024xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x2x256x1024xf32>
  %e1 = tensor.empty() : tensor<1x2x256x1024xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x2x256x1024xf32>) outs(%e1 : tensor<1x2x256x1024xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.125 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<1x2x256x1024xf32>
  %e2 = tensor.empty() : tensor<1x2x256x1024xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x2x256x1024xf32>) outs(%e2 : tensor<1x2x256x1024xf32>) -> tensor<1x2x256x1024xf32>
  %e3 = tensor.empty() : tensor<1x2x256x1024xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x2x256x1024xf32>) outs(%e3 : tensor<1x2x256x1024xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x2x256x1024xf16>
  %e4 = tensor.empty() : tensor<1x2x256x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x2x256x64xf32>) -> tensor<1x2x256x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x2x256x1024xf16>, tensor<1x2x1024x64xf16>) outs(%f4 : tensor<1x2x256x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x2x256x64xf32>
  %e5 = tensor.empty() : tensor<1x2x256x64xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x2x256x64xf32>) outs(%e5 : tensor<1x2x256x64xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x2x256x64xf16>
  return %oc : tensor<1x2x256x64xf16>
}

// d = 128: 32 keys per block on both chips (2 x (8 + 8) + 4), two blocks
// per iteration.
// CHECK-LABEL: prefill_d128: loop
// R3-SAME: 72 WMMA, {{[0-7]\.[0-9]+|8\.00}} per WMMA
// R4-SAME: 72 WMMA, {{[0-5]\.[0-9]+|6\.[0-4][0-9]}} per WMMA
func.func @prefill_d128(%Q: tensor<1x2x256x128xf16>, %K: tensor<1x2x1024x128xf16>, %V: tensor<1x2x1024x128xf16>) -> tensor<1x2x256x128xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x256x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x256x1024xf32>) -> tensor<1x2x256x1024xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x2x256x128xf16>, tensor<1x2x1024x128xf16>) outs(%f : tensor<1x2x256x1024xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x2x256x1024xf32>
  %e1 = tensor.empty() : tensor<1x2x256x1024xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x2x256x1024xf32>) outs(%e1 : tensor<1x2x256x1024xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.08838834764831843 : f32
    %y0 = arith.mulf %x, %sc : f32
    linalg.yield %y0 : f32
  } -> tensor<1x2x256x1024xf32>
  %e2 = tensor.empty() : tensor<1x2x256x1024xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x2x256x1024xf32>) outs(%e2 : tensor<1x2x256x1024xf32>) -> tensor<1x2x256x1024xf32>
  %e3 = tensor.empty() : tensor<1x2x256x1024xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x2x256x1024xf32>) outs(%e3 : tensor<1x2x256x1024xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x2x256x1024xf16>
  %e4 = tensor.empty() : tensor<1x2x256x128xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x2x256x128xf32>) -> tensor<1x2x256x128xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x2x256x1024xf16>, tensor<1x2x1024x128xf16>) outs(%f4 : tensor<1x2x256x128xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x2x256x128xf32>
  %e5 = tensor.empty() : tensor<1x2x256x128xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x2x256x128xf32>) outs(%e5 : tensor<1x2x256x128xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x2x256x128xf16>
  return %oc : tensor<1x2x256x128xf16>
}

// d = 128 with a causal mask: the blocks before each workgroup's first
// query in their own unmasked loop (the loop measured), its diagonal
// blocks after it.  RDNA3: 16-key blocks; RDNA4: 32-key blocks, split
// (before: every block masked, 372 / 36 = 10.3).  Then one pipeline for
// both (the block count below the diagonal even, so the loop unrolled by
// the LDS buffers, constant buffer addresses, no second prologue or
// drain), on RDNA4 with the shift and correction in register pairs:
//   gfx1100 248 / 18 = 13.8 -> 423 / 36 = 11.75 (256 -> 238 VGPRs);
//   gfx1201 261 / 36 = 7.25 -> 473 / 72 = 6.57.
// Then on RDNA3 the diagonal's blocks (a 16-key tile at a time) before
// the unmasked loop, which then carries nothing for them, K's block
// offset in an SGPR and the epilogue's query opaque: 32-key blocks
// without spills, chosen by the planner (256 VGPRs):
//   gfx1100 423 / 36 = 11.75 -> 568 / 72 = 7.89.
// CHECK-LABEL: prefill_causal_d128: loop
// R3-SAME: 72 WMMA, {{[0-6]\.[0-9]+|7\.[0-8][0-9]}} per WMMA
// R4-SAME: 72 WMMA, {{[0-5]\.[0-9]+|6\.[0-5][0-9]|6\.6[0-9]}} per WMMA
func.func @prefill_causal_d128(%Q: tensor<1x2x256x128xf16>, %K: tensor<1x2x1024x128xf16>, %V: tensor<1x2x1024x128xf16>) -> tensor<1x2x256x128xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x256x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x256x1024xf32>) -> tensor<1x2x256x1024xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, n, k)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%Q, %K : tensor<1x2x256x128xf16>, tensor<1x2x1024x128xf16>) outs(%f : tensor<1x2x256x1024xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x2x256x1024xf32>
  %e1 = tensor.empty() : tensor<1x2x256x1024xf32>
  %sx = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x2x256x1024xf32>) outs(%e1 : tensor<1x2x256x1024xf32>) {
  ^bb0(%x: f32, %o: f32):
    %sc = arith.constant 0.08838834764831843 : f32
    %y0 = arith.mulf %x, %sc : f32
    %ki = linalg.index 3 : index
    %qi = linalg.index 2 : index

    %ninf = arith.constant 0xFF800000 : f32
    %fut = arith.cmpi ugt, %ki, %qi : index
    %y = arith.select %fut, %ninf, %y0 : f32
    linalg.yield %y : f32
  } -> tensor<1x2x256x1024xf32>
  %e2 = tensor.empty() : tensor<1x2x256x1024xf32>
  %sm = linalg.softmax dimension(3) ins(%sx : tensor<1x2x256x1024xf32>) outs(%e2 : tensor<1x2x256x1024xf32>) -> tensor<1x2x256x1024xf32>
  %e3 = tensor.empty() : tensor<1x2x256x1024xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%sm : tensor<1x2x256x1024xf32>) outs(%e3 : tensor<1x2x256x1024xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x2x256x1024xf16>
  %e4 = tensor.empty() : tensor<1x2x256x128xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x2x256x128xf32>) -> tensor<1x2x256x128xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, k) -> (b, h, m, k)>, affine_map<(b, h, m, n, k) -> (b, h, k, n)>, affine_map<(b, h, m, n, k) -> (b, h, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%p16, %V : tensor<1x2x256x1024xf16>, tensor<1x2x1024x128xf16>) outs(%f4 : tensor<1x2x256x128xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x2x256x128xf32>
  %e5 = tensor.empty() : tensor<1x2x256x128xf16>
  %oc = linalg.generic {indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>, affine_map<(b, h, i, j) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%o : tensor<1x2x256x128xf32>) outs(%e5 : tensor<1x2x256x128xf16>) {
  ^bb0(%x: f32, %y: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  } -> tensor<1x2x256x128xf16>
  return %oc : tensor<1x2x256x128xf16>
}
