// The chip option is required and must be a known RDNA3/RDNA4 chip.
// RUN: wmma-opt %s --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx90a})'
// RUN: not wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels)' 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 waves-per-workgroup=64})' 2>&1 | FileCheck %s --check-prefix=WAVES

// MISSING: the chip option is required (chip=gfxNNNN); supported chips: gfx1100
// WAVES: waves-per-workgroup must be in 1..32, got 64

// expected-error @+1 {{unknown chip 'gfx90a'; supported chips: gfx1100}}
func.func @f(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}
