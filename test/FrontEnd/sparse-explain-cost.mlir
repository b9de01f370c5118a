// wmma-linalg-to-kernels{explain-cost} on a 2:4 sparse A (gemm_sparse): a
// remark per candidate the sparse template weighs -- every tile the
// problem fills (16 x 64, 64 x 64, 128 x 128) staged through LDS and in
// registers -- with its modelled time (the speed-of-light model on the
// swmmacs, the WMMAs transposing B into LDS, the VALU the plan knows of,
// the bytes and occupancy; Templates/GemmSparse.c), then the one chosen:
// the shortest (equal times: the rule's cost, max(WMMAs with the
// transposes, bytes / 256) per busy CU, Schedule/Select.c).  --staging restricts the candidates to one
// staging.  2048^3 f16 on gfx1201 (RX 9070 XT): 128 x 128 through LDS is
// WMMA-pipe bound (1048576 swmmac, 16 cycles each; B loaded transposed by
// global_load_tr_b128, copy = tr: no WMMAs transposing it, 55.1 us with
// them); 128 x 128 in registers and 64 x 64 through LDS both read twice
// the bytes and are L2 bound.  i8: the 128 x 128 candidates are both at
// the DRAM bound and equal in the rule (B loaded transposed into LDS,
// no transposing WMMAs there either; the registers' twice the bytes still
// under the swmmacs' share): the first, LDS.  gfx1100 (no swmmac, B not staged
// through LDS by this template): registers only.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true staging=registers})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true staging=lds})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LDS
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R3
// Without the option: no remark.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' -o /dev/null 2>&1 | count 0
// CHECK: remark: gemm_sparse candidate: staging = lds, tile = [16, 64, 64], waves = [1, 4]: modelled 204.{{[0-9]*}} us
// CHECK: remark: gemm_sparse candidate: staging = registers, tile = [16, 64, 32], waves = [1, 4]: modelled 278.{{[0-9]*}} us
// CHECK: remark: gemm_sparse candidate: staging = lds, tile = [64, 64, 64], waves = [2, 2]: modelled 71.7{{[0-9]*}} us
// CHECK: remark: gemm_sparse candidate: staging = registers, tile = [64, 64, 32], waves = [2, 2]: modelled 140.{{[0-9]*}} us
// CHECK: remark: gemm_sparse candidate: staging = lds, tile = [128, 128, 64], waves = [2, 2]: modelled 46.6{{[0-9]*}} us
// CHECK: remark: gemm_sparse candidate: staging = registers, tile = [128, 128, 32], waves = [2, 2]: modelled 71.7{{[0-9]*}} us
// CHECK: remark: gemm_sparse chosen: staging = lds, tile = [128, 128, 64], waves = [2, 2]: modelled 46.6{{[0-9]*}} us
// REGS-NOT: staging = lds
// REGS: remark: gemm_sparse chosen: staging = registers, tile = [128, 128, 32], waves = [2, 2]: modelled 71.7{{[0-9]*}} us
// LDS-NOT: staging = registers
// LDS: remark: gemm_sparse chosen: staging = lds, tile = [128, 128, 64], waves = [2, 2]: modelled 46.6{{[0-9]*}} us
// R3-NOT: staging = lds
// R3: remark: gemm_sparse chosen: staging = registers, tile = [128, 128, 16], waves = [2, 2]
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @g(%A: tensor<2048x2048xf16, #NV24>, %B: tensor<2048x2048xf16>, %C: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<2048x2048xf16, #NV24>, tensor<2048x2048xf16>) outs(%C : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}

// -----

// CHECK: remark: gemm_sparse candidate: staging = lds, tile = [128, 128, 64], waves = [2, 2]: modelled [[T:[0-9.]+]] us (rule [[RR:8192]])
// CHECK: remark: gemm_sparse candidate: staging = registers, tile = [128, 128, 32], waves = [2, 2]: modelled [[T]] us (rule [[RR]])
// CHECK: remark: gemm_sparse chosen: staging = lds, tile = [128, 128, 64], waves = [2, 2]: modelled [[T]] us (rule [[RR]])
// REGS: remark: gemm_sparse chosen: staging = registers, tile = [128, 128, 32]
// LDS: remark: gemm_sparse chosen: staging = lds, tile = [128, 128, 64]
// R3: remark: gemm_sparse chosen: staging = registers, tile = [128, 128, 16]
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @g8(%A: tensor<2048x2048xi8, #NV24>, %B: tensor<2048x2048xi8>, %C: tensor<2048x2048xi32>) -> tensor<2048x2048xi32> {
  %r = linalg.matmul ins(%A, %B : tensor<2048x2048xi8, #NV24>, tensor<2048x2048xi8>) outs(%C : tensor<2048x2048xi32>) -> tensor<2048x2048xi32>
  return %r : tensor<2048x2048xi32>
}

// -----

// i8 with a 2:4 B (the transposed product: the dense A is the product's
// K-contiguous B, no transposes): 64 x 64 and both 128 x 128 candidates
// are at the same time and rule cost (the WMMA share of the busy CUs); the
// larger tile wins that tie (3.5 instructions per swmmac in its loop
// against 64 x 64's 5.6), through LDS (the first of the two).
// CHECK: remark: gemm_sparse candidate: staging = lds, tile = [64, 64, 64], waves = [2, 2]: modelled [[T8:[0-9.]+]] us (rule [[R8:8192]])
// CHECK: remark: gemm_sparse candidate: staging = lds, tile = [128, 128, 64], waves = [2, 2]: modelled [[T8]] us (rule [[R8]])
// CHECK: remark: gemm_sparse candidate: staging = registers, tile = [128, 128, 32], waves = [2, 2]: modelled [[T8]] us (rule [[R8]])
// CHECK: remark: gemm_sparse chosen: staging = lds, tile = [128, 128, 64], waves = [2, 2]: modelled [[T8]] us (rule [[R8]])
// REGS: remark: gemm_sparse chosen: staging = registers, tile = [128, 128, 32]
// LDS: remark: gemm_sparse chosen: staging = lds, tile = [128, 128, 64]
// R3: remark: gemm_sparse chosen: staging = registers, tile = [128, 128, 16]
#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>
func.func @g8b(%A: tensor<2048x2048xi8>, %B: tensor<2048x2048xi8, #KB24>, %C: tensor<2048x2048xi32>) -> tensor<2048x2048xi32> {
  %r = linalg.matmul ins(%A, %B : tensor<2048x2048xi8>, tensor<2048x2048xi8, #KB24>) outs(%C : tensor<2048x2048xi32>) -> tensor<2048x2048xi32>
  return %r : tensor<2048x2048xi32>
}
