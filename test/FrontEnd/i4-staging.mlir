// i4 operands are read a byte per element (MLIR's addressing of
// memref<..xi4>) and staged in registers: forcing LDS staging is refused
// with the reason, on both chips (types.mlir compiles i4 with the default
// staging).
// RUN: wmma-opt %s --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds})'
// RUN: wmma-opt %s --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds})'

// The template choice is the function's: the remark lists each template's
// reason.
// expected-remark @+1 {{gemm: i4 operands are staged in registers only (MLIR addresses i4 memrefs one element per byte; the LDS layouts move whole-byte elements)}}
func.func @i4(%A: memref<128x64xi4>, %B: memref<64x128xi4>, %C: memref<128x128xi32>) {
  linalg.matmul ins(%A, %B : memref<128x64xi4>, memref<64x128xi4>) outs(%C : memref<128x128xi32>)
  return
}
