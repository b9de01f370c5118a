// The 7x7 stride-2 first layer with 3 input channels (issue 22's target,
// bench/convs.py): K = 147 taps x channels gathered element by element
// (Kernel/ConvLoad.c's flat_k: a 1-D view of the input, K split by the
// run of kw x c = 21 contiguous elements, one division per 8-element
// load and a select per element but the first, between offsets already
// scaled to bytes, its condition a compare of the load's position in its
// run with a constant; the masked last K slice reads a run past K from
// past the input, zeros, instead of a select per element).  LLVM unrolls the
// 5-step K loop, so the steady state is one K step between barriers (isa_counts.steady_state's
// "barrier" kind: the median step holding WMMAs).  Each line bounds the
// density at what it is now, a regression fails: 11.60 (gfx1100) and
// 10.80 (gfx1201) instructions per WMMA, 1.47x / 1.86x the GEMM
// template's at the same M, N, K and tile (7.90 / 5.80; 9.00 / 7.40
// before LdsCopy's constant K offsets, bench/convs.py); the offset of
// a load's run split into remainder and run times row step made it
// 12.00 / 11.20, a select and a shift per element and a division per
// element in the last slice 13.30 / 12.80, per-component index math
// 57.3 / 60.8.  No spills.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - > %t.gfx1100.s
// RUN: FileCheck %s --check-prefix=SPILL --input-file=%t.gfx1100.s
// RUN: python3 %wmma_src/scripts/isa-summary.py --loop %t.gfx1100.s | FileCheck %s --check-prefix=R3
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - > %t.gfx1201.s
// RUN: FileCheck %s --check-prefix=SPILL --input-file=%t.gfx1201.s
// RUN: python3 %wmma_src/scripts/isa-summary.py --loop %t.gfx1201.s | FileCheck %s --check-prefix=R4

// SPILL-NOT: scratch_
// SPILL-NOT: .vgpr_spill_count: {{[1-9]}}
// SPILL-NOT: .sgpr_spill_count: {{[1-9]}}

// R3: conv: barrier {{[0-9]+}} instructions, 10 WMMA, {{([0-9]|10)\.[0-9]+|11\.[0-5][0-9]|11\.60}} per WMMA
// R4: conv: barrier {{[0-9]+}} instructions, 10 WMMA, {{[0-9]\.[0-9]+|10\.[0-7][0-9]|10\.80}} per WMMA
func.func @conv(%x: memref<1x229x229x3xf16>, %w: memref<7x7x3x64xf16>, %y: memref<1x112x112x64xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%y : memref<1x112x112x64xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<1x229x229x3xf16>, memref<7x7x3x64xf16>) outs(%y : memref<1x112x112x64xf16>)
  return
}
