// The stock mlir-opt loads the dialect and every pass from WMMAPlugin.so.
// RUN: %asan_host mlir-opt %s --load-dialect-plugin=%wmma_lib/WMMAPlugin.so --load-pass-plugin=%wmma_lib/WMMAPlugin.so | FileCheck %s --check-prefix=PARSE
// RUN: %asan_host mlir-opt %s --load-dialect-plugin=%wmma_lib/WMMAPlugin.so --load-pass-plugin=%wmma_lib/WMMAPlugin.so --pass-pipeline='builtin.module(convert-wmma-to-rocdl)' | FileCheck %s --check-prefix=LOWER
// RUN: %asan_host mlir-opt %s --load-dialect-plugin=%wmma_lib/WMMAPlugin.so --load-pass-plugin=%wmma_lib/WMMAPlugin.so --pass-pipeline='builtin.module(wmma-lower-xlane{strategy=bpermute},wmma-lower-fragments,wmma-lower-mma)' | FileCheck %s --check-prefix=BPERM
// RUN: %asan_host mlir-opt %s --load-dialect-plugin=%wmma_lib/WMMAPlugin.so --load-pass-plugin=%wmma_lib/WMMAPlugin.so --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA
// RUN: %asan_host mlir-opt --load-pass-plugin=%wmma_lib/WMMAPlugin.so --help | FileCheck %s --check-prefix=HELP

// PARSE: wmma.expand
// PARSE: wmma.mma
// LOWER-NOT: wmma.
// LOWER-COUNT-4: rocdl.permlanex16
// LOWER: rocdl.wmma.f32.16x16x16.f16
// BPERM-COUNT-8: rocdl.ds_bpermute
// BPERM-NOT: rocdl.permlanex16
// BPERM: rocdl.wmma.f32.16x16x16.f16
// ISA: v_permlanex16_b32
// ISA: v_wmma_f32_16x16x16_f16
// HELP-DAG: wmma-lower-mma
// HELP-DAG: wmma-lower-fragments
// HELP-DAG: wmma-lower-xlane
// HELP-DAG: convert-wmma-to-rocdl
// HELP-DAG: wmma-to-hsaco

#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1100">] {
    gpu.func @expand_mma(%A: memref<16x16xf16>, %C: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = wmma.load #wmma.frag<a, compact, #atom> %A[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %a = wmma.expand a #atom %v : vector<8xf16> -> vector<16xf16>
      %zero = arith.constant 0.0 : f32
      %c = wmma.fill #wmma.frag<c, hw, #atom> %zero : f32 -> vector<8xf32>
      %d = wmma.mma #atom %a, %a, %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #atom> %d, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
  }
}
