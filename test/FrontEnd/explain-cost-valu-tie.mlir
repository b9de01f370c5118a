// wmma-linalg-to-kernels{explain-cost}: the VALU template's blocks within
// the margin keep the old rule's.  f32 2048 x 2048 x 64 on gfx1201: 4 x 4
// and 8 x 8 blocks both model 27.85 us (DRAM bound); the old rule's 8 x 8
// stays.  On gfx1100 the old rule's 4 x 4 is also the shortest.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R4
// R4: remark: valu candidate: block per thread = 2 x 2, tile = 32 x 32: modelled 44.13 us
// R4: remark: valu candidate: block per thread = 4 x 4, tile = 64 x 64: modelled 27.85 us
// R4: remark: valu candidate: block per thread = 8 x 8, tile = 128 x 128: modelled 27.85 us, the old rule's
// R4: remark: valu chosen: block per thread = 8 x 8, tile = 128 x 128: modelled 27.85 us
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R3
// R3: remark: valu candidate: block per thread = 4 x 4, tile = 64 x 64: modelled 19.15 us, the old rule's
// R3: remark: valu chosen: block per thread = 4 x 4, tile = 64 x 64: modelled 19.15 us
func.func @mm(%a: memref<2048x64xf32>, %b: memref<64x2048xf32>, %c: memref<2048x2048xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<2048x2048xf32>)
  linalg.matmul ins(%a, %b : memref<2048x64xf32>, memref<64x2048xf32>) outs(%c : memref<2048x2048xf32>)
  return
}
