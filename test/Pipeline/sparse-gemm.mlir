// The 2:4 sparse GEMM example compiles to v_swmmac only: 4 K steps of 32,
// unrolled, each one v_swmmac_f32_16x16x32_f16 reading the index register
// loaded for it; no dense WMMA.  Numerics on the emulator:
// python/tests/test_sparse.py.
// RUN: wmma-opt %wmma_src/examples/atoms/sparse-gemm-rdna4.mlir --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s
// CHECK-LABEL: sparse_gemm:
// CHECK-NOT: v_wmma
// CHECK-COUNT-4: v_swmmac_f32_16x16x32_f16 v[{{[0-9:]+}}], v[{{[0-9:]+}}], v[{{[0-9:]+}}], v{{[0-9]+}}{{$}}
// CHECK-NOT: v_swmmac
// CHECK-NOT: v_wmma
// CHECK: s_endpgm
