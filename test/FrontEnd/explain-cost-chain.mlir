// wmma-linalg-to-kernels{explain-cost}: chain_lds chooses its row blocks by
// the modelled time too (Templates/ChainLds.c), one remark per candidate
// and the choice.  A chain with a dynamic token count (estimated 1024) and
// a 1024-wide intermediate: LDS holds at most 32 rows of it (64 KiB), so
// the candidates are 16 and 32 rows.  Every block re-reads both weight
// matrices (256 KiB) through L2: 64 blocks of 16 rows move twice the
// bytes of 32 blocks of 32, and the L2 term decides for 32 rows (the old
// rule chose 16: more blocks for the CUs).  The chosen one is the
// smallest modelled time.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R3
// R3: remark: chain_lds candidate: staging = lds, tile = [16, 16, 16], waves = [4, 1]: modelled 4.71 us (rule 1104)
// R3: remark: chain_lds candidate: staging = lds, tile = [32, 16, 16], waves = [4, 1]: modelled 4.173 us (rule 1312)
// R3: remark: chain_lds chosen: staging = lds, tile = [32, 16, 16], waves = [4, 1]: modelled 4.173 us
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R4
// R4: remark: chain_lds candidate: staging = lds, tile = [16, 16, 16], waves = [4, 1]: modelled [[T16:[0-9.]+]] us
// R4: remark: chain_lds candidate: staging = lds, tile = [32, 16, 16], waves = [4, 1]: modelled [[T32:[0-9.]+]] us
// R4: remark: chain_lds chosen: staging = lds, tile = [32, 16, 16], waves = [4, 1]: modelled [[T32]] us
// The schedule carries the choice.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds})' | FileCheck %s --check-prefix=IR
// IR: template = "chain_lds"{{.*}}tile = [32, 16, 16]
#id = affine_map<(m, n) -> (m, n)>
func.func @dynamic(%a: tensor<?x64xf16>, %b0: tensor<64x1024xf16>, %b1: tensor<1024x64xf16>) -> tensor<?x64xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x64xf16>
  %e1 = tensor.empty(%m) : tensor<?x1024xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %p = linalg.matmul ins(%a, %b0 : tensor<?x64xf16>, tensor<64x1024xf16>) outs(%f1 : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %eh = tensor.empty(%m) : tensor<?x1024xf16>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<?x1024xf32>) outs(%eh : tensor<?x1024xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<?x1024xf16>
  %e2 = tensor.empty(%m) : tensor<?x64xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %y = linalg.matmul ins(%h, %b1 : tensor<?x1024xf16>, tensor<1024x64xf16>) outs(%f2 : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %y : tensor<?x64xf32>
}
