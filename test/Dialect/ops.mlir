// Round trip of every wmma op, in custom and generic form.
// RUN: wmma-opt %s --split-input-file | FileCheck %s
// RUN: wmma-opt %s --split-input-file | wmma-opt --split-input-file | FileCheck %s
// RUN: wmma-opt %s --split-input-file --mlir-print-op-generic | wmma-opt --split-input-file | FileCheck %s

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
#fa = #wmma.frag<a, kcontig, #atom>
#fb = #wmma.frag<b, kcontig, transposed, #atom>
#fc = #wmma.frag<c, hw, #atom>
#fd = #wmma.frag<d, hw, #atom>
#fdt = #wmma.frag<d, hw, transposed, #atom>

// CHECK-DAG: #[[ATOM:.+]] = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: gpu.module @rdna4
gpu.module @rdna4 [#rocdl.target<chip = "gfx1201">] {
  // CHECK: gpu.func @gemm(%[[A:.*]]: memref<32x64xf16>, %[[B:.*]]: memref<48x64xf16>, %[[C:.*]]: memref<32x48xf32>)
  gpu.func @gemm(%A: memref<32x64xf16>, %B: memref<48x64xf16>, %C: memref<32x48xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    // CHECK: %[[ACC:.*]] = wmma.fill <c, hw, #[[ATOM]]> %{{.*}} : f32 -> vector<8xf32>
    %acc = wmma.fill #fc %zero : f32 -> vector<8xf32>
    // CHECK: %[[FA:.*]] = wmma.load <a, kcontig, #[[ATOM]]> %[[A]][%{{.*}}, %{{.*}}] : memref<32x64xf16> -> vector<8xf16>
    %a = wmma.load #fa %A[%c0, %c16] : memref<32x64xf16> -> vector<8xf16>
    // CHECK: %[[FB:.*]] = wmma.load <b, kcontig, transposed, #[[ATOM]]> %[[B]][%{{.*}}, %{{.*}}] : memref<48x64xf16> -> vector<8xf16>
    %b = wmma.load #fb %B[%c16, %c16] : memref<48x64xf16> -> vector<8xf16>
    // CHECK: %[[D:.*]] = wmma.mma #[[ATOM]] %[[FA]], %[[FB]], %[[ACC]] : vector<8xf16>, vector<8xf16> -> vector<8xf32>
    %d = wmma.mma #atom %a, %b, %acc : vector<8xf16>, vector<8xf16> -> vector<8xf32>
    // CHECK: wmma.store <d, hw, #[[ATOM]]> %[[D]], %[[C]][%{{.*}}, %{{.*}}] : vector<8xf32>, memref<32x48xf32>
    wmma.store #fd %d, %C[%c16, %c0] : vector<8xf32>, memref<32x48xf32>
    // CHECK: wmma.relayout <d, hw, transposed, #[[ATOM]]> to <a, kcontig, #[[ATOM]]> %[[D]] : vector<8xf32> -> vector<8xf16>
    %r = wmma.relayout #fdt to #fa %d : vector<8xf32> -> vector<8xf16>
    gpu.return
  }
}

// -----

#atom3 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK-DAG: #[[ATOM3:.+]] = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: gpu.module @rdna3
gpu.module @rdna3 [#rocdl.target<chip = "gfx1100">] {
  gpu.func @expand(%A: memref<2x16x16xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // CHECK: %[[V:.*]] = wmma.load <a, compact, #[[ATOM3]]> %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x16x16xf16> -> vector<8xf16>
    %v = wmma.load #wmma.frag<a, compact, #atom3> %A[%c1, %c0, %c0] : memref<2x16x16xf16> -> vector<8xf16>
    // CHECK: %[[E:.*]] = wmma.expand a #[[ATOM3]] %[[V]] : vector<8xf16> -> vector<16xf16>
    %e = wmma.expand a #atom3 %v : vector<8xf16> -> vector<16xf16>
    // CHECK: wmma.expand b #[[ATOM3]] %{{.*}} : vector<8xf16> -> vector<16xf16>
    %f = wmma.expand b #atom3 %v : vector<8xf16> -> vector<16xf16>
    %c0f = arith.constant 0.0 : f32
    %acc = wmma.fill #wmma.frag<c, hw, #atom3> %c0f : f32 -> vector<8xf32>
    // CHECK: wmma.mma #[[ATOM3]] %[[E]], %{{.*}}, %{{.*}} : vector<16xf16>, vector<16xf16> -> vector<8xf32>
    %d = wmma.mma #atom3 %e, %f, %acc : vector<16xf16>, vector<16xf16> -> vector<8xf32>
    gpu.return
  }
}
