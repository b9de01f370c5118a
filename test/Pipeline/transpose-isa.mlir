// wmma.transpose down to ISA.  identity: one v_wmma against an identity
// matrix built in registers; between the tile load and the store there is
// no LDS (ds_*), scratch or buffer memory operation.  RDNA4 needs no
// cross-lane instruction at all, RDNA3 4 v_permlanex16 (the accumulator ->
// replicated A relayout).  shuffle: ds_bpermute and no v_wmma.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s

// CHECK-LABEL: identity4:
// CHECK: global_load_b128
// CHECK-NOT: {{ds_|scratch_|buffer_|v_permlane}}
// CHECK: v_wmma_f32_16x16x16_f16
// CHECK-NOT: {{ds_|scratch_|buffer_|v_permlane}}
// CHECK: global_store_b128
// CHECK-LABEL: .Lfunc_end0:
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1201">] {
    gpu.func @identity4(%In: memref<16x16xf16>, %Out: memref<16x16xf16>) kernel {
      %c0 = arith.constant 0 : index
      %x = wmma.load #wmma.frag<a, kcontig, #atom> %In[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %t = wmma.transpose identity #wmma.frag<a, kcontig, #atom> %x : vector<8xf16> -> vector<8xf16>
      wmma.store #wmma.frag<a, kcontig, #atom> %t, %Out[%c0, %c0] : vector<8xf16>, memref<16x16xf16>
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: identity3:
// CHECK: global_load_b128
// CHECK-NOT: {{ds_|scratch_|buffer_}}
// CHECK: v_wmma_f32_16x16x16_f16
// CHECK-NOT: {{ds_|scratch_|buffer_}}
// CHECK-COUNT-4: v_permlanex16_b32
// CHECK-NOT: {{ds_|scratch_|buffer_|v_permlane}}
// CHECK: global_store_b128
// CHECK-LABEL: .Lfunc_end0:
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1100">] {
    gpu.func @identity3(%In: memref<16x16xf16>, %Out: memref<16x16xf16>) kernel {
      %c0 = arith.constant 0 : index
      %x = wmma.load #wmma.frag<a, hw, #atom> %In[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %t = wmma.transpose identity #wmma.frag<a, hw, #atom> %x : vector<16xf16> -> vector<16xf16>
      wmma.store #wmma.frag<a, hw, #atom> %t, %Out[%c0, %c0] : vector<16xf16>, memref<16x16xf16>
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: shuffle4:
// CHECK-NOT: v_wmma
// CHECK: ds_bpermute_b32
// CHECK-NOT: v_wmma
// CHECK-LABEL: .Lfunc_end0:
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1201">] {
    gpu.func @shuffle4(%In: memref<16x16xf16>, %Out: memref<16x16xf16>) kernel {
      %c0 = arith.constant 0 : index
      %x = wmma.load #wmma.frag<a, kcontig, #atom> %In[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %t = wmma.transpose shuffle #wmma.frag<a, kcontig, #atom> %x : vector<8xf16> -> vector<8xf16>
      wmma.store #wmma.frag<a, kcontig, #atom> %t, %Out[%c0, %c0] : vector<8xf16>, memref<16x16xf16>
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: shuffle3:
// CHECK-NOT: v_wmma
// CHECK: ds_bpermute_b32
// CHECK-NOT: v_wmma
// CHECK-LABEL: .Lfunc_end0:
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1100">] {
    gpu.func @shuffle3(%In: memref<16x16xf16>, %Out: memref<16x16xf16>) kernel {
      %c0 = arith.constant 0 : index
      %x = wmma.load #wmma.frag<a, hw, #atom> %In[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %t = wmma.transpose shuffle #wmma.frag<a, hw, #atom> %x : vector<16xf16> -> vector<16xf16>
      wmma.store #wmma.frag<a, hw, #atom> %t, %Out[%c0, %c0] : vector<16xf16>, memref<16x16xf16>
      gpu.return
    }
  }
}
