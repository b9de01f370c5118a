// The 7x7 stride-2 first layer with 3 input channels (issue 22's target,
// bench/convs.py): K ordered by runs of kw x c = 21 contiguous input
// elements padded to 32 (Recognize/RecognizeConv.c's plan_kpad: K = 224,
// the filter read at row (k / 32) x 21 + k mod 32), gathered element by
// element from a 1-D view of the input (Kernel/ConvLoad.c's kpad_load):
// a thread's 8 elements lie in one run, their offsets its loop-invariant
// start (or past the input: zeros where they pass the run's end) plus the
// run's row step, a constant per K step -- no division, wrap test or
// select in the K loop; LLVM merges the 2-byte loads of a group into
// wider ones.  gfx1100 keeps a K loop (unrolled by 2: 20 WMMAs an
// iteration), gfx1201 unrolls the 7 steps (the steady state is one K step
// between barriers, isa_counts.steady_state's "barrier" kind).  Each line
// bounds the density at what it is now, a regression fails: 6.65
// (gfx1100) and 5.20 (gfx1201) instructions per WMMA, 0.84x / 0.90x the
// GEMM template's at M, N and the filter's K = 147 (7.90 / 5.80).  K in
// the filter's order (147, a division by 21 per load and a select per
// element) was 11.60 / 10.80 (1.47x / 1.86x); per-component index math
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

// R3: conv: loop {{[0-9]+}} instructions, 20 WMMA, {{[0-5]\.[0-9]+|6\.[0-5][0-9]|6\.6[0-5]}} per WMMA
// R4: conv: barrier {{[0-9]+}} instructions, 10 WMMA, {{[0-4]\.[0-9]+|5\.[01][0-9]|5\.20}} per WMMA
func.func @conv(%x: memref<1x229x229x3xf16>, %w: memref<7x7x3x64xf16>, %y: memref<1x112x112x64xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%y : memref<1x112x112x64xf16>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<1x229x229x3xf16>, memref<7x7x3x64xf16>) outs(%y : memref<1x112x112x64xf16>)
  return
}
