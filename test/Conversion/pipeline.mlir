// convert-wmma-to-rocdl = wmma-lower-xlane, wmma-lower-fragments,
// wmma-lower-mma; its output is legal input to the upstream ROCDL lowering
// and the AMDGPU backend (checked down to ISA for gfx1100 and gfx1201).
// i4 fragments are read as bytes through an i8 view of their memref (an
// unrealized cast): reconcile-unrealized-casts folds it after the
// conversion to LLVM, as upstream's GPU pipelines end.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(convert-wmma-to-rocdl{strategy=bpermute})' | FileCheck %s --check-prefixes=CHECK,BP
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(convert-wmma-to-rocdl)' | FileCheck %s --check-prefixes=CHECK,X16
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(convert-wmma-to-rocdl{strategy=bpermute},gpu.module(convert-gpu-to-rocdl,reconcile-unrealized-casts),gpu-module-to-binary{format=isa})' | FileCheck %s --check-prefixes=ISA,ISA-BP
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(convert-wmma-to-rocdl,gpu.module(convert-gpu-to-rocdl,reconcile-unrealized-casts),gpu-module-to-binary{format=isa})' | FileCheck %s --check-prefixes=ISA,ISA-X16

// RDNA3: compact loads, expansion, product with A and B swapped, chaining
// the transposed accumulator into the next A operand.
// CHECK-LABEL: gpu.module @m3
// CHECK-NOT: {{[ "]wmma\.}}
// X16-NOT: rocdl.ds_bpermute
// BP-NOT: rocdl.permlanex16
// CHECK: vector.load %{{.*}} : memref<16x16xf16>, vector<8xf16>
// CHECK: vector.load %{{.*}} : memref<16x16xf16>, vector<8xf16>
// BP-COUNT-16: rocdl.ds_bpermute
// X16-COUNT-8: rocdl.permlanex16
// CHECK: rocdl.wmma.f32.16x16x16.f16 {{.*}} : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// BP-COUNT-8: rocdl.ds_bpermute
// X16-COUNT-4: rocdl.permlanex16
// CHECK: rocdl.wmma.f32.16x16x16.f16 {{.*}} : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
// CHECK-COUNT-8: memref.store
// CHECK-NOT: {{[ "]wmma\.}}
// ISA: amdgcn-amd-amdhsa--gfx1100
// ISA-BP-NOT: v_permlanex16_b32
// ISA-X16-NOT: ds_bpermute_b32
// ISA-BP: ds_bpermute_b32
// ISA-X16: v_permlanex16_b32
// ISA: v_wmma_f32_16x16x16_f16
// ISA: v_wmma_f32_16x16x16_f16
#a3 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
gpu.module @m3 [#rocdl.target<chip = "gfx1100">] {
  gpu.func @k3(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %a = wmma.load #wmma.frag<a, compact, #a3> %A[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
    %b = wmma.load #wmma.frag<b, compact, transposed, #a3> %B[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
    %ae = wmma.expand a #a3 %a : vector<8xf16> -> vector<16xf16>
    %be = wmma.expand b #a3 %b : vector<8xf16> -> vector<16xf16>
    %acc = wmma.fill #wmma.frag<c, hw, #a3> %z : f32 -> vector<8xf32>
    %d = wmma.mma #a3 %be, %ae, %acc : vector<16xf16>, vector<16xf16> -> vector<8xf32>
    %a2 = wmma.relayout #wmma.frag<d, hw, transposed, #a3> to #wmma.frag<a, hw, #a3> %d : vector<8xf32> -> vector<16xf16>
    %d2 = wmma.mma #a3 %a2, %be, %acc : vector<16xf16>, vector<16xf16> -> vector<8xf32>
    wmma.store #wmma.frag<d, hw, #a3> %d2, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
    gpu.return
  }
}

// -----

// RDNA4: contiguous-K operands, chaining without cross-lane traffic, hw
// relayouts, iu4 (i32 operand), fp8 x bf8, bf16 accumulators.
// CHECK-LABEL: gpu.module @m4
// CHECK-NOT: {{[ "]wmma\.}}
// CHECK: rocdl.wmma.f32.16x16x16.f16 {{.*}} : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: rocdl.wmma.f32.16x16x16.f16
// CHECK: rocdl.wmma.f32.16x16x16.f16
// CHECK: rocdl.wmma.i32.16x16x16.iu4 {{.*}} {signA = true, signB = true} : (i32, i32, vector<8xi32>) -> vector<8xi32>
// CHECK: rocdl.wmma.f32.16x16x16.fp8_bf8 {{.*}} : (vector<2xi32>, vector<2xi32>, vector<8xf32>) -> vector<8xf32>
// CHECK: rocdl.wmma.bf16.16x16x16.bf16 {{.*}} : (vector<8xi16>, vector<8xi16>, vector<8xi16>) -> vector<8xi16>
// CHECK-NOT: {{[ "]wmma\.}}
// ISA: amdgcn-amd-amdhsa--gfx1201
// ISA: v_wmma_f32_16x16x16_f16
// ISA: v_wmma_f32_16x16x16_f16
// ISA: v_wmma_i32_16x16x16_iu4
// ISA: v_wmma_f32_16x16x16_fp8_bf8
// ISA: v_wmma_bf16_16x16x16_bf16
#a4 = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
#i4 = #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32, signed_a, signed_b>
#f8 = #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E5M2 -> f32>
#h4 = #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> bf16>
gpu.module @m4 [#rocdl.target<chip = "gfx1201">] {
  gpu.func @k4(%A: memref<16x16xf16>, %C: memref<16x16xf32>, %Q: memref<16x16xi4>, %I: memref<16x16xi32>,
               %F: memref<16x16xf8E4M3FN>, %G: memref<16x16xf8E5M2>, %H: memref<16x16xbf16>) kernel {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    %a = wmma.load #wmma.frag<a, kcontig, #a4> %A[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
    %b = wmma.load #wmma.frag<b, kcontig, transposed, #a4> %A[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
    %acc = wmma.fill #wmma.frag<c, hw, #a4> %z : f32 -> vector<8xf32>
    %d = wmma.mma #a4 %b, %a, %acc : vector<8xf16>, vector<8xf16> -> vector<8xf32>
    %a2 = wmma.relayout #wmma.frag<d, hw, transposed, #a4> to #wmma.frag<a, kcontig, #a4> %d : vector<8xf32> -> vector<8xf16>
    %d2 = wmma.mma #a4 %a2, %b, %acc : vector<8xf16>, vector<8xf16> -> vector<8xf32>
    %ah = wmma.relayout #wmma.frag<a, kcontig, #a4> to #wmma.frag<a, hw, #a4> %a2 : vector<8xf16> -> vector<8xf16>
    %bh = wmma.relayout #wmma.frag<b, kcontig, #a4> to #wmma.frag<b, hw, #a4> %b : vector<8xf16> -> vector<8xf16>
    %d3 = wmma.mma #a4 %ah, %bh, %d2 : vector<8xf16>, vector<8xf16> -> vector<8xf32>
    wmma.store #wmma.frag<d, hw, #a4> %d3, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
    %qa = wmma.load #wmma.frag<a, hw, #i4> %Q[%c0, %c0] : memref<16x16xi4> -> vector<8xi4>
    %iz = arith.constant 0 : i32
    %iacc = wmma.fill #wmma.frag<c, hw, #i4> %iz : i32 -> vector<8xi32>
    %qd = wmma.mma #i4 %qa, %qa, %iacc : vector<8xi4>, vector<8xi4> -> vector<8xi32>
    wmma.store #wmma.frag<d, hw, #i4> %qd, %I[%c0, %c0] : vector<8xi32>, memref<16x16xi32>
    %fa = wmma.load #wmma.frag<a, hw, #f8> %F[%c0, %c0] : memref<16x16xf8E4M3FN> -> vector<8xf8E4M3FN>
    %fb = wmma.load #wmma.frag<b, hw, transposed, #f8> %G[%c0, %c0] : memref<16x16xf8E5M2> -> vector<8xf8E5M2>
    %fd = wmma.mma #f8 %fa, %fb, %acc : vector<8xf8E4M3FN>, vector<8xf8E5M2> -> vector<8xf32>
    wmma.store #wmma.frag<d, hw, #f8> %fd, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
    %ha = wmma.load #wmma.frag<a, hw, #h4> %H[%c0, %c0] : memref<16x16xbf16> -> vector<8xbf16>
    %hz = arith.constant 0.0 : bf16
    %hacc = wmma.fill #wmma.frag<c, hw, #h4> %hz : bf16 -> vector<8xbf16>
    %hd = wmma.mma #h4 %ha, %ha, %hacc : vector<8xbf16>, vector<8xbf16> -> vector<8xbf16>
    %hr = wmma.relayout #wmma.frag<d, hw, #h4> to #wmma.frag<d, hw, #h4> %hd : vector<8xbf16> -> vector<8xbf16>
    wmma.store #wmma.frag<d, hw, #h4> %hr, %H[%c0, %c0] : vector<8xbf16>, memref<16x16xbf16>
    gpu.return
  }
}
