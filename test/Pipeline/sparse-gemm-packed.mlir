// The 2:4 GEMM taking the front end's interface of a 2:4 A (values and
// row-packed index words, docs/sparse-frontend.md) compiles to v_swmmac
// only, 4 K steps of 32, each lane's index register made from its row's
// word with one byte permute per step (v_perm_b32: bytes h and h+2).
// Numerics on the emulator: python/tests/test_sparse24.py.
// RUN: wmma-opt %wmma_src/examples/atoms/sparse-gemm-packed-rdna4.mlir --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s
// RUN: wmma-opt %wmma_src/examples/atoms/sparse-gemm-packed-rdna4.mlir --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' | %extract_bin - - | grep -c v_perm_b32 | FileCheck %s --check-prefix=PERM
// CHECK-LABEL: sparse_gemm_packed:
// CHECK-NOT: v_wmma
// CHECK-COUNT-4: v_swmmac_f32_16x16x32_f16 v[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], v{{[0-9]+}}{{$}}
// CHECK-NOT: v_swmmac
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
// PERM: {{^}}4{{$}}
