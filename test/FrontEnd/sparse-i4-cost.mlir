// The planned model of an i4 2:4 A through LDS counts the VALU of B's copy
// (B, N contiguous, transposed by the iu8 WMMA copy whose i32 results are
// packed to nibbles: ~15 VALU per 16x16 block, measured in the 2048^3
// loop, Templates/GemmSparse.c).  At 2048^3 both stagings stay DRAM bound
// (36.86 us, LDS kept by the rule); at 4096^3 the packing makes the LDS
// candidate VALU bound (147.5 us without it, chosen then) and registers
// win.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s

#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK: gemm_sparse candidate: staging = lds, tile = [128, 128, 64], waves = [2, 2]: modelled 36.86 us
// CHECK: gemm_sparse chosen: staging = lds, tile = [128, 128, 64], waves = [2, 2]: modelled 36.86 us
func.func @i4_2048(%A: tensor<2048x2048xi4, #NV24>, %B: tensor<2048x2048xi4>, %C: tensor<2048x2048xi32>) -> tensor<2048x2048xi32> {
  %r = linalg.matmul ins(%A, %B : tensor<2048x2048xi4, #NV24>, tensor<2048x2048xi4>) outs(%C : tensor<2048x2048xi32>) -> tensor<2048x2048xi32>
  return %r : tensor<2048x2048xi32>
}

// -----
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK: gemm_sparse candidate: staging = lds, tile = [128, 128, 64], waves = [2, 2]: modelled 215.1 us
// CHECK: gemm_sparse candidate: staging = registers, tile = [128, 128, 64], waves = [2, 2]: modelled 171 us
// CHECK: gemm_sparse chosen: staging = registers, tile = [128, 128, 64]
func.func @i4_4096(%A: tensor<4096x4096xi4, #NV24>, %B: tensor<4096x4096xi4>, %C: tensor<4096x4096xi32>) -> tensor<4096x4096xi32> {
  %r = linalg.matmul ins(%A, %B : tensor<4096x4096xi4, #NV24>, tensor<4096x4096xi4>) outs(%C : tensor<4096x4096xi32>) -> tensor<4096x4096xi32>
  return %r : tensor<4096x4096xi32>
}
