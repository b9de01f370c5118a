// wmma-linalg-to-kernels{explain-cost}: chain_lds chooses its row blocks by
// the modelled time too (Templates/ChainLds.c), one remark per candidate
// (its LDS layout and the bank conflicts the model charges it) and the
// choice.  A chain with a dynamic token count (estimated 1024) and a
// 1024-wide intermediate: LDS holds 16 rows of it padded against bank
// conflicts (2064 bytes a row) or 32 unpadded (64 KiB).  Every block
// re-reads both weight matrices (256 KiB) through L2, so 32-row blocks move
// half the bytes, but their unpadded rows conflict: 950272 extra LDS cycles
// on gfx1100 (RDNA3 reads each A fragment as two b128), 491520 on gfx1201
// -- the emulator's counts for this shape at 1024 tokens -- which make
// them LDS-bound (gfx1100) or leave them within 5% of 16 rows, where the
// old rule prefers 16 (gfx1201).  Measured through the emulator's
// counters (wmma-run --stats, 1024 tokens): gfx1100 6.76 us at 32 rows
// unpadded, 6.16 us at 16 padded; gfx1201 2.93 and 2.52 us.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R3
// R3: remark: chain_lds candidate: staging = lds, tile = [16, 16, 16], waves = [4, 1], rows padded, 0 bank conflicts, LDS {{[0-9]+}} B read: modelled 4.71 us (rule 1104)
// R3: remark: chain_lds candidate: staging = lds, tile = [32, 16, 16], waves = [4, 1], rows unpadded, 950272 bank conflicts, LDS {{[0-9]+}} B read: modelled 6.758 us (rule 1312)
// R3: remark: chain_lds chosen: staging = lds, tile = [16, 16, 16], waves = [4, 1], rows padded, 0 bank conflicts, LDS {{[0-9]+}} B read: modelled 4.71 us
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R4
// R4: remark: chain_lds candidate: staging = lds, tile = [16, 16, 16], waves = [4, 1], rows padded, 0 bank conflicts, LDS {{[0-9]+}} B read: modelled [[T16:[0-9.]+]] us (rule 1104)
// R4: remark: chain_lds candidate: staging = lds, tile = [32, 16, 16], waves = [4, 1], rows unpadded, 491520 bank conflicts, LDS {{[0-9]+}} B read: modelled [[T32:[0-9.]+]] us (rule 1312)
// R4: remark: chain_lds chosen: staging = lds, tile = [16, 16, 16], waves = [4, 1], rows padded, 0 bank conflicts, LDS {{[0-9]+}} B read: modelled [[T16]] us
// The schedule carries the choice, and the LDS buffer the padded rows.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds})' | FileCheck %s --check-prefix=IR
// IR: workgroup(%{{.*}} : memref<16x1032xf16, #gpu.address_space<workgroup>>)
// IR-SAME: template = "chain_lds"{{.*}}tile = [16, 16, 16]
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
