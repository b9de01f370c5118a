// The gemm_sparse kernel in ISA: on gfx1201 only v_swmmac (16 per K step
// of 32 in a 64x64 tile of 2 x 2 waves: 4 per wave), each lane's index
// register made with one byte permute (v_perm_b32: bytes h and h + 2 of
// its row's word) per tile row and step; A's values read as 8-byte
// buffer loads (4 f16), its word as one 4-byte load.  On gfx1100 the same
// program runs dense WMMAs.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=R4
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=R3
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// R4-LABEL: sp:
// R4-NOT: v_wmma
// R4-DAG: buffer_load_b32
// R4-DAG: buffer_load_b64
// R4-DAG: v_perm_b32 {{.*}}, 0x6050400
// R4-COUNT-4: v_swmmac_f32_16x16x32_f16
// R4-NOT: v_swmmac
// R4-NOT: v_wmma
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
