// The default pipeline output is a real HSACO code object: readelf shows the
// kernel, its target and its register use.  The toolkit directory with
// ld.lld is made automatically (no ROCm install).
// RUN: wmma-opt %wmma_src/examples/atoms/gemm-rdna4.mlir --pass-pipeline='builtin.module(wmma-to-hsaco)' -o %t.mlir
// RUN: %extract_bin %t.mlir %t.hsaco
// RUN: llvm-readelf --file-header --notes %t.hsaco | FileCheck %s
// RUN: env TMPDIR=%t.tmp wmma-opt %wmma_src/examples/atoms/gemm-rdna3.mlir --pass-pipeline='builtin.module(wmma-to-hsaco)' -o %t3.mlir
// RUN: %extract_bin %t3.mlir %t3.hsaco
// RUN: llvm-readelf --notes %t3.hsaco | FileCheck %s --check-prefix=RDNA3

// CHECK: Class: ELF64
// CHECK: Machine: EM_AMDGPU
// CHECK: .name: gemm
// CHECK: .sgpr_count:
// CHECK: .vgpr_count:
// CHECK: amdhsa.target: amdgcn-amd-amdhsa--gfx1201
// RDNA3: .name: gemm
// RDNA3: amdhsa.target: amdgcn-amd-amdhsa--gfx1100
