// wmma-linalg-to-kernels{explain-cost}: the VALU template's tiled kernel
// chooses its block per thread (2 x 2, 4 x 4, 8 x 8 outputs: tiles of 32,
// 64, 128) by the modelled time (Schedule/PlainCost.c); within 5% the old
// rule's estimate (ValuPlan.c, block_per_thread) stays.
//
// f32 100 x 72 x 129: 2 x 2 blocks make 12 workgroups, 4 x 4 blocks 4 --
// the model and the old rule agree on both chips.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R3
// R3: remark: valu candidate: block per thread = 2 x 2, tile = 32 x 32: modelled 0.9216 us, the old rule's
// R3: remark: valu candidate: block per thread = 4 x 4, tile = 64 x 64: modelled 1.958 us
// R3: remark: valu candidate: block per thread = 8 x 8, tile = 128 x 128: modelled 7.488 us
// R3: remark: valu chosen: block per thread = 2 x 2, tile = 32 x 32: modelled 0.9216 us
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R4
// R4: remark: valu candidate: block per thread = 2 x 2, tile = 32 x 32: modelled 0.7758 us, the old rule's
// R4: remark: valu chosen: block per thread = 2 x 2, tile = 32 x 32: modelled 0.7758 us
func.func @mm(%A: memref<100x129xf32>, %B: memref<129x72xf32>, %C: memref<100x72xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x72xf32>)
  linalg.matmul ins(%A, %B : memref<100x129xf32>, memref<129x72xf32>) outs(%C : memref<100x72xf32>)
  return
}
