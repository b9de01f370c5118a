// Every RDNA4 sparse atom (v_swmmac, 11) goes through the whole pipeline
// to ISA on gfx1201: wmma.sparse_mma -> llvm.call_intrinsic
// "llvm.amdgcn.swmmac.*" -> one v_swmmac_* (index_key:1 where the op asks
// for the high half of the index register).  Each kernel reads the register
// images of A (compressed), B, C and the index (one row per lane), and
// writes D's (examples/atoms/sparse-atoms-rdna4.mlir).
// RUN: wmma-opt %wmma_src/examples/atoms/sparse-atoms-rdna4.mlir --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s
// CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
// CHECK-LABEL: f32_f16:
// CHECK: v_swmmac_f32_16x16x32_f16 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}}{{$}}
// CHECK-LABEL: f32_bf16:
// CHECK: v_swmmac_f32_16x16x32_bf16 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}}{{$}}
// CHECK-LABEL: f16_f16:
// CHECK: v_swmmac_f16_16x16x32_f16 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}} index_key:1{{$}}
// CHECK-LABEL: bf16_bf16:
// CHECK: v_swmmac_bf16_16x16x32_bf16 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}}{{$}}
// CHECK-LABEL: i32_iu8:
// CHECK: v_swmmac_i32_16x16x32_iu8 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}} neg_lo:[1,0,0] clamp{{$}}
// CHECK-LABEL: i32_iu4:
// CHECK: v_swmmac_i32_16x16x32_iu4 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}} index_key:1 neg_lo:[0,1,0]{{$}}
// CHECK-LABEL: i32_iu4_k64:
// CHECK: v_swmmac_i32_16x16x64_iu4 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}} neg_lo:[1,1,0]{{$}}
// CHECK-LABEL: f32_fp8_fp8:
// CHECK: v_swmmac_f32_16x16x32_fp8_fp8 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}}{{$}}
// CHECK-LABEL: f32_fp8_bf8:
// CHECK: v_swmmac_f32_16x16x32_fp8_bf8 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}}{{$}}
// CHECK-LABEL: f32_bf8_fp8:
// CHECK: v_swmmac_f32_16x16x32_bf8_fp8 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}}{{$}}
// CHECK-LABEL: f32_bf8_bf8:
// CHECK: v_swmmac_f32_16x16x32_bf8_bf8 v[{{[0-9:]+}}], {{v\[?[0-9:]+\]?}}, v[{{[0-9:]+}}], v{{[0-9]+}}{{$}}
// CHECK-NOT: v_swmmac
