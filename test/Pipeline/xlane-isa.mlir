// Cross-lane lowering down to ISA: RDNA3 operand expansion and accumulator ->
// operand relayout use v_permlanex16_b32 by default and ds_bpermute_b32 with
// strategy=bpermute; the RDNA4 chain needs no cross-lane instruction at all.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=PERM
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-to-hsaco{format=isa strategy=bpermute})' | %extract_bin - - | FileCheck %s --check-prefix=BPERM

// Two expansions (A and B): 4 permlanex16 each, or 8 ds_bpermute each.
// PERM-LABEL: expand:
// PERM-COUNT-8: v_permlanex16_b32
// PERM-NOT: v_permlanex16_b32
// PERM-NOT: ds_bpermute_b32
// PERM: v_wmma_f32_16x16x16_f16
// PERM-LABEL: .Lfunc_end0:
// BPERM-LABEL: expand:
// BPERM-NOT: v_permlanex16_b32
// BPERM-COUNT-16: ds_bpermute_b32
// BPERM-NOT: v_permlanex16_b32
// BPERM: v_wmma_f32_16x16x16_f16
// BPERM-LABEL: .Lfunc_end0:
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1100">] {
    gpu.func @expand(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %va = wmma.load #wmma.frag<a, compact, #atom> %A[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %vb = wmma.load #wmma.frag<b, compact, #atom> %B[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %a = wmma.expand a #atom %va : vector<8xf16> -> vector<16xf16>
      %b = wmma.expand b #atom %vb : vector<8xf16> -> vector<16xf16>
      %zero = arith.constant 0.0 : f32
      %c = wmma.fill #wmma.frag<c, hw, #atom> %zero : f32 -> vector<8xf32>
      %d = wmma.mma #atom %a, %b, %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #atom> %d, %C[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
  }
}

// -----

// RDNA3 chain: the transposed accumulator (lane holds D[r][2v+h]) becomes a
// replicated A operand with a lane^16 exchange of 4 packed dwords.
// PERM-LABEL: chain3:
// PERM: v_wmma_f32_16x16x16_f16
// PERM-COUNT-4: v_permlanex16_b32
// PERM-NOT: ds_bpermute_b32
// PERM: v_wmma_f32_16x16x16_f16
// BPERM-LABEL: chain3:
// BPERM: v_wmma_f32_16x16x16_f16
// BPERM-NOT: v_permlanex16_b32
// BPERM: ds_bpermute_b32
// BPERM: v_wmma_f32_16x16x16_f16
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1100">] {
    gpu.func @chain3(%A0: memref<16x16xf16>, %B0: memref<16x16xf16>, %B1: memref<16x16xf16>, %D: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %acc = wmma.fill #wmma.frag<c, hw, #atom> %zero : f32 -> vector<8xf32>
      %bt = wmma.load #wmma.frag<a, hw, transposed, #atom> %B0[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %at = wmma.load #wmma.frag<b, hw, transposed, #atom> %A0[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %d0t = wmma.mma #atom %bt, %at, %acc : vector<16xf16>, vector<16xf16> -> vector<8xf32>
      %a1 = wmma.relayout #wmma.frag<d, hw, transposed, #atom> to #wmma.frag<a, hw, #atom> %d0t : vector<8xf32> -> vector<16xf16>
      %b1 = wmma.load #wmma.frag<b, hw, #atom> %B1[%c0, %c0] : memref<16x16xf16> -> vector<16xf16>
      %d1 = wmma.mma #atom %a1, %b1, %acc : vector<16xf16>, vector<16xf16> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #atom> %d1, %D[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
  }
}

// -----

// RDNA4 chain: in-lane only; no cross-lane op and no LDS traffic between the
// two WMMAs.
// PERM-LABEL: chain4:
// PERM: v_wmma_f32_16x16x16_f16
// PERM-NOT: {{v_permlanex16|ds_}}
// PERM: v_wmma_f32_16x16x16_f16
// BPERM-LABEL: chain4:
// BPERM: v_wmma_f32_16x16x16_f16
// BPERM-NOT: {{v_permlanex16|ds_}}
// BPERM: v_wmma_f32_16x16x16_f16
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1201">] {
    gpu.func @chain4(%A0: memref<16x16xf16>, %B0: memref<16x16xf16>, %B1: memref<16x16xf16>, %D: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %acc = wmma.fill #wmma.frag<c, hw, #atom> %zero : f32 -> vector<8xf32>
      %bt = wmma.load #wmma.frag<a, kcontig, transposed, #atom> %B0[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %at = wmma.load #wmma.frag<b, kcontig, transposed, #atom> %A0[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %d0t = wmma.mma #atom %bt, %at, %acc : vector<8xf16>, vector<8xf16> -> vector<8xf32>
      %a1 = wmma.relayout #wmma.frag<d, hw, transposed, #atom> to #wmma.frag<a, kcontig, #atom> %d0t : vector<8xf32> -> vector<8xf16>
      %b1 = wmma.load #wmma.frag<b, kcontig, #atom> %B1[%c0, %c0] : memref<16x16xf16> -> vector<8xf16>
      %d1 = wmma.mma #atom %a1, %b1, %acc : vector<8xf16>, vector<8xf16> -> vector<8xf32>
      wmma.store #wmma.frag<d, hw, #atom> %d1, %D[%c0, %c0] : vector<8xf32>, memref<16x16xf32>
      gpu.return
    }
  }
}
