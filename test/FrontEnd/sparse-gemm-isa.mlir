// The gemm_sparse kernel in ISA: on gfx1201 v_swmmac (64x64 tile of 2 x 2
// waves, K = 128 in two LDS slices of 64: 4 tiles x 4 K steps of 32 per
// wave).  B (16-bit, row-major) skips LDS: each wave loads its fragments
// transposed (global_load_tr_b128, two a lane and column tile per 32 K)
// straight into registers, half t of the next slice after the swmmacs of
// half t.  Each thread copies its tile row's two index words with one
// 8-byte buffer load and one two-address LDS store (word h to index plane
// h; no VALU); each lane then reads the index registers of its wave's two
// tile rows for the slice with one 8-byte LDS load and uses their halves
// through index_key 0 and 1, so no VALU touches the index.  A's values
// are read from LDS as 128-bit loads, then one wait (LDS reads and B's
// loads) per 32 K.  On gfx1100 the same program runs dense WMMAs.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds tile-m=64 tile-n=64},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=R4
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=R3
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// R4-LABEL: sp:
// R4-NOT: v_swmmac
// R4-COUNT-4: global_load_tr_b128
// R4: buffer_load_b64
// R4-NOT: v_perm_b32
// R4: ds_store_2addr_stride64_b32
// R4: s_barrier_wait
// R4: ds_load_b64
// R4: s_wait_loadcnt_dscnt 0x700
// R4: v_swmmac_f32_16x16x32_f16 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+$}}
// R4-COUNT-4: global_load_tr_b128
// R4: ds_load_b128
// R4: s_wait_loadcnt_dscnt 0x700
// R4-NEXT: v_swmmac_f32_16x16x32_f16 {{.*}} index_key:1
// R4-NOT: v_lshrrev_b32
// R4: v_swmmac_f32_16x16x32_f16 {{.*}} index_key:1
// R4-NOT: v_perm_b32
// R4: s_barrier_wait
// R4-NOT: ds_store
// R4-COUNT-8: v_swmmac_f32_16x16x32_f16
// R4-NOT: v_swmmac
// R4-NOT: global_load_tr_b128
// R4: s_endpgm
// R3-LABEL: sp:
// R3-NOT: v_swmmac
// R3: v_wmma_f32_16x16x16_f16
// R3-NOT: v_swmmac
// R3: s_endpgm
func.func @sp(%A: tensor<64x128xf16, #NV24>, %B: tensor<128x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%A, %B : tensor<64x128xf16, #NV24>, tensor<128x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
