// The general path: RDNA4 D (column per lane) -> A kcontig (row per lane) is a
// full cross-lane transpose.  Every fetch is a ds_bpermute whose source lane
// is not lane^k nor affine in (lane%16, lane/16), so the address comes from a
// constant table indexed by the lane; lanes fall into 16 pick classes, merged
// with a select chain on lane-mask bits.  (A WMMA against identity is the
// cheaper transpose; this checks that the generic emission is well formed and
// compiles.)
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-lower-xlane)' | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-lower-xlane,gpu.module(convert-gpu-to-rocdl),gpu-module-to-binary{format=isa})' | FileCheck %s --check-prefix=ISA

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: gpu.func @transpose
// CHECK: %[[LANE:.*]] = rocdl.mbcnt.lo
// CHECK: %[[L:.*]] = arith.index_cast %[[LANE]] : i32 to index
// CHECK: %[[ADDR:.*]] = vector.extract %{{.*}}[%[[L]]] : i32 from vector<32xi32>
// CHECK: rocdl.ds_bpermute %[[ADDR]], %{{.*}} : (i32, i32) -> i32
// CHECK-COUNT-31: rocdl.ds_bpermute
// CHECK-NOT: rocdl.ds_bpermute
// CHECK-NOT: rocdl.permlanex16
// CHECK: arith.shrui %{{.*}}, %[[LANE]] : i32
// CHECK: arith.select
// CHECK-COUNT-14: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf16>
// CHECK-NOT: arith.select
// ISA: amdgcn-amd-amdhsa--gfx1201
// ISA: ds_bpermute_b32
gpu.module @m [#rocdl.target<chip = "gfx1201">] {
  gpu.func @transpose(%d: vector<8xf32>, %out: memref<8xf16>) kernel {
    %a = wmma.relayout #wmma.frag<d, hw, #atom> to #wmma.frag<a, kcontig, #atom> %d : vector<8xf32> -> vector<8xf16>
    %c0 = arith.constant 0 : index
    vector.store %a, %out[%c0] : memref<8xf16>, vector<8xf16>
    gpu.return
  }
}
