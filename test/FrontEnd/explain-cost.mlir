// wmma-linalg-to-kernels{explain-cost}: a remark per configuration the GEMM
// template weighs, with its modelled time (the speed-of-light model on the
// chip's largest part, Schedule/Select.c) and the rule's value that breaks
// ties, then the one chosen.  2048x2048x1024 f16 on gfx1100 (RX 7900 XTX,
// 48 WGPs): 128x128's 256 workgroups leave the last round a third full,
// 128x64's 512 do not, so the model picks 128x64.  The LDS candidates
// include the transposing copy's WMMAs (B is K x N: one per 16x16 block,
// 1/8 of the product's at tile_m = 128, 1/4 at 64: 64x128 costs more than
// 128x64); register staging gathers B element by element (VALU, no
// operand reuse between waves) and costs more still.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: gemm candidate: staging = registers, tile = [16, 64, 16], waves = [1, 4]: modelled 284 us (rule {{[0-9.e+]+}})
// CHECK: remark: gemm candidate: staging = registers, tile = [64, 64, 16], waves = [2, 2]: modelled 144.2 us
// CHECK: remark: gemm candidate: staging = lds, tile = [128, 128, 32], waves = [2, 2]: modelled 88.47 us
// CHECK: remark: gemm candidate: staging = lds, tile = [128, 64, 32], waves = [2, 2]: modelled 81.1 us
// CHECK: remark: gemm candidate: staging = lds, tile = [64, 128, 32], waves = [2, 2]: modelled 90.11 us
// CHECK: remark: gemm candidate: staging = lds, tile = [64, 64, 32], waves = [2, 2]: modelled 90.11 us
// CHECK: remark: gemm chosen: staging = lds, tile = [128, 64, 32], waves = [2, 2]: modelled 81.1 us
// Without the option: no remark.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' -o /dev/null 2>&1 | count 0
func.func @big(%A: memref<2048x1024xf16>, %B: memref<1024x2048xf16>, %C: memref<2048x2048xf32>) {
  linalg.matmul ins(%A, %B : memref<2048x1024xf16>, memref<1024x2048xf16>) outs(%C : memref<2048x2048xf32>)
  return
}
