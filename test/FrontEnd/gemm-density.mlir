// The density of the tiled GEMMs' steady-state K loops (issue 24's targets:
// f16, bf16 and i8 at 2048x2048x1024 and 4096^3, on both architectures): at
// most 4 instructions per WMMA in the loop, no spills.  The loop is found in
// the ISA by scripts/isa-summary.py --loop (isa_counts.steady_state: the
// innermost loop holding WMMAs); its count includes the transposing copy's
// WMMAs (B is K x N in memory: 4 per 128x32 slice and wave at 128x128).
// RDNA3 reads each replicated fragment with two ds_load_b128 and transposes
// B without v_permlanex16 (whole replicated rows, OPSEL pairs for 16-bit).
// The loops run two K slices per iteration, unrolled by the two LDS
// buffers (Pipelined.c: the buffers' addresses are loop-invariant), count
// in 32 bits, and the copy's loads take each slice's K offset as their
// scalar offset (LdsCopy.c: no per-lane address adds).  gfx1100, first
// unrolled loop -> scalar offsets and i32 counter: f16 4.31 -> 4.06 and
// i8 4.14 -> 4.03 at 2048x2048x1024 (bf16 4.06), 3.44 -> 3.19 and 3.51 ->
// 3.38 at 4096^3; gfx1201 f16 2.79 -> 2.64 (2.62 at 4096^3), i8 3.24 ->
// 3.04 (3.03).  The cost rule now also weighs 256x128 tiles of 4x2 waves
// (half the transposing copy's WMMAs per product WMMA) and takes them at
// 4096^3 on both chips and for 16-bit types at 2048 on gfx1201: gfx1100
// f16 3.04, i8 2.90; gfx1201 f16 2.49, i8 3.09 (68 WMMAs: 64 + 4 copy).
// B's transposed slice is now stored before A's (GemmLds.c's b_first), so
// A's stores need no s_waitcnt vmcnt of their own: gfx1100 2048x2048x1024
// (128x64 tiles) f16/bf16 4.06 -> 3.92, i8 4.03 -> 3.97; 4096^3 i8 2.90
// -> 2.85 (f16 3.04); gfx1201 f16 2.49 -> 2.46, i8 4096^3 3.09 -> 3.04.
// i8 packs the transposed bytes with 3 v_perm_b32 per word (was 4 VALU:
// LLVM's v_lshl_or + 2 shifts + v_or3), 6 per block and lane: gfx1100
// i8 3.97 -> 3.78 (2048x2048x1024), 2.85 -> 2.74 (4096^3); gfx1201 3.04 ->
// 2.82 (128x128) and 3.04 -> 2.90.  The v_perm_b32 counts are 6 per block:
// 2 blocks per wave and slice at 128x64 and 256x128, two slices.  gfx1201's
// i8 2048x2048x1024 now takes 256x128 tiles too (Select.c's tie-break by
// the SIMD bound, test/FrontEnd/explain-cost-tie.mlir): 2.90.
// Each line bounds the density at what it is now: a regression fails.
// The 128x64 tile at 2048x2048x1024 on gfx1100 (wave quantisation over 48
// WGPs) has 64x32 wave tiles that read 1.5 fragments (3 ds_load_b128) per
// WMMA.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - > %t.gfx1100.s
// RUN: FileCheck %s --check-prefix=SPILL --input-file=%t.gfx1100.s
// RUN: python3 %wmma_src/scripts/isa-summary.py --loop %t.gfx1100.s | FileCheck %s --check-prefixes=CHECK,R3
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - > %t.gfx1201.s
// RUN: FileCheck %s --check-prefix=SPILL --input-file=%t.gfx1201.s
// RUN: python3 %wmma_src/scripts/isa-summary.py --loop %t.gfx1201.s | FileCheck %s --check-prefixes=CHECK,R4

// SPILL-NOT: scratch_
// SPILL-NOT: .vgpr_spill_count: {{[1-9]}}
// SPILL-NOT: .sgpr_spill_count: {{[1-9]}}

// CHECK-LABEL: f16_2048: loop
// R3-SAME: 36 WMMA, {{[0-2]\.[0-9]+|3\.[0-8][0-9]|3\.9[0-2]}} per WMMA
// R3-SAME: 48 ds_load_b128, 0 v_permlanex16
// R4-SAME: 68 WMMA, {{[0-1]\.[0-9]+|2\.[0-3][0-9]|2\.4[0-6]}} per WMMA
func.func @f16_2048(%A: memref<2048x1024xf16>, %B: memref<1024x2048xf16>, %C: memref<2048x2048xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%C : memref<2048x2048xf16>)
  linalg.matmul ins(%A, %B : memref<2048x1024xf16>, memref<1024x2048xf16>) outs(%C : memref<2048x2048xf16>)
  return
}

// CHECK-LABEL: f16_4096: loop
// R3-SAME: 68 WMMA, {{[0-2]\.[0-9]+|3\.0[0-4]}} per WMMA
// R4-SAME: 68 WMMA, {{[0-1]\.[0-9]+|2\.[0-3][0-9]|2\.4[0-6]}} per WMMA
// R3-SAME: 64 ds_load_b128, 0 v_permlanex16
func.func @f16_4096(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%C : memref<4096x4096xf16>)
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf16>)
  return
}

// CHECK-LABEL: bf16_2048: loop
// R3-SAME: 36 WMMA, {{[0-2]\.[0-9]+|3\.[0-8][0-9]|3\.9[0-2]}} per WMMA
// R4-SAME: 68 WMMA, {{[0-1]\.[0-9]+|2\.[0-3][0-9]|2\.4[0-6]}} per WMMA
// CHECK-SAME: 0 v_permlanex16
func.func @bf16_2048(%A: memref<2048x1024xbf16>, %B: memref<1024x2048xbf16>, %C: memref<2048x2048xbf16>) {
  %z = arith.constant 0.0 : bf16
  linalg.fill ins(%z : bf16) outs(%C : memref<2048x2048xbf16>)
  linalg.matmul ins(%A, %B : memref<2048x1024xbf16>, memref<1024x2048xbf16>) outs(%C : memref<2048x2048xbf16>)
  return
}

// CHECK-LABEL: i8_2048: loop
// R3-SAME: 36 WMMA, {{[0-2]\.[0-9]+|3\.[0-6][0-9]|3\.7[0-8]}} per WMMA
// R4-SAME: 68 WMMA, {{[0-1]\.[0-9]+|2\.[0-8][0-9]|2\.90}} per WMMA
// CHECK-SAME: 0 v_permlanex16, 0 nested loops, 24 v_perm_b32
func.func @i8_2048(%A: memref<2048x1024xi8>, %B: memref<1024x2048xi8>, %C: memref<2048x2048xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<2048x2048xi32>)
  linalg.matmul ins(%A, %B : memref<2048x1024xi8>, memref<1024x2048xi8>) outs(%C : memref<2048x2048xi32>)
  return
}

// CHECK-LABEL: i8_4096: loop
// R3-SAME: 68 WMMA, {{[0-1]\.[0-9]+|2\.[0-6][0-9]|2\.7[0-4]}} per WMMA
// R4-SAME: 68 WMMA, {{[0-1]\.[0-9]+|2\.[0-8][0-9]|2\.90}} per WMMA
// CHECK-SAME: 0 v_permlanex16, 0 nested loops, 24 v_perm_b32
func.func @i8_4096(%A: memref<4096x4096xi8>, %B: memref<4096x4096xi8>, %C: memref<4096x4096xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<4096x4096xi32>)
  linalg.matmul ins(%A, %B : memref<4096x4096xi8>, memref<4096x4096xi8>) outs(%C : memref<4096x4096xi32>)
  return
}
