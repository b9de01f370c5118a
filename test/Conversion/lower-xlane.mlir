// wmma.expand / wmma.relayout -> cross-lane programs planned by the layout
// engine.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-lower-xlane)' | FileCheck %s --check-prefixes=CHECK,X16
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-lower-xlane{strategy=bpermute})' | FileCheck %s --check-prefixes=CHECK,BP
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-lower-xlane{strategy=permlanex16})' | FileCheck %s --check-prefixes=CHECK,X16
// RUN: not wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-lower-xlane{strategy=dpp})' 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: wmma-lower-xlane{strategy=dpp}: unknown cross-lane strategy (expected permlanex16 or bpermute)

// RDNA3 expand of a compact A (lane half h holds k in [8h, 8h+8)) into the
// replicated operand: the 4 dwords of the other half come over with
// v_permlanex16 (lane i reads lane i^16), then each half interleaves.
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: func.func @expand_a
// CHECK-SAME: (%[[V:.*]]: vector<8xf16>)
// X16-DAG: %[[S1:.*]] = arith.constant 1985229328 : i32
// X16-DAG: %[[S2:.*]] = arith.constant -19088744 : i32
// CHECK: %[[W:.*]] = vector.bitcast %[[V]] : vector<8xf16> to vector<4xi32>
// CHECK: %[[W0:.*]] = vector.extract %[[W]][0] : i32 from vector<4xi32>
// X16: %[[P0:.*]] = rocdl.permlanex16 %[[W0]], %[[W0]], %[[S1]], %[[S2]], false, false : i32, i32
// X16-COUNT-3: rocdl.permlanex16
// X16-NOT: rocdl.permlanex16
// X16-NOT: rocdl.ds_bpermute
// X16: %[[F:.*]] = vector.from_elements %[[P0]], %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>
// X16: %[[FH:.*]] = vector.bitcast %[[F]] : vector<4xi32> to vector<8xf16>
// X16: %[[LO:.*]] = vector.shuffle %[[V]], %[[FH]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
// X16: %[[HI:.*]] = vector.shuffle %[[V]], %[[FH]] [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7]
// X16: %[[LANE:.*]] = rocdl.mbcnt.lo
// X16: %[[P:.*]] = arith.cmpi ult, %[[LANE]], %c16_i32 : i32
// X16: %[[E:.*]] = arith.select %[[P]], %[[LO]], %[[HI]] : vector<16xf16>
// X16: return %[[E]]
// The bpermute strategy reads every dword from lane r and from lane r + 16
// (own-lane reads ride along, no select): 8 ds_bpermute, addresses in
// closed form 4*(lane & 15) and 4*(lane & 15) + 64.
// BP-NOT: rocdl.permlanex16
// BP: %[[LANE:.*]] = rocdl.mbcnt.lo
// BP: %[[R:.*]] = arith.andi %[[LANE]], %c15_i32 : i32
// BP: %[[A0:.*]] = arith.shli %[[R]], %c2_i32 : i32
// BP: rocdl.ds_bpermute %[[A0]], %[[W0]] : (i32, i32) -> i32
// BP: %[[A1:.*]] = arith.addi %[[A0]], %c64_i32 : i32
// BP: rocdl.ds_bpermute %[[A1]], %[[W0]] : (i32, i32) -> i32
// BP-NOT: rocdl.permlanex16
// BP: %[[F:.*]] = vector.from_elements {{.*}} : vector<8xi32>
// BP: %[[E:.*]] = vector.bitcast %[[F]] : vector<8xi32> to vector<16xf16>
// BP: return %[[E]]
func.func @expand_a(%v: vector<8xf16>) -> vector<16xf16> {
  %e = wmma.expand a #atom %v : vector<8xf16> -> vector<16xf16>
  return %e : vector<16xf16>
}

// -----

// Count the cross-lane instructions of the same expansion (B operand).
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: func.func @expand_b_count
// X16-COUNT-4: rocdl.permlanex16
// X16-NOT: rocdl.permlanex16
// X16-NOT: rocdl.ds_bpermute
// BP-NOT: rocdl.permlanex16
// BP-COUNT-8: rocdl.ds_bpermute
// BP-NOT: rocdl.ds_bpermute
// BP-NOT: rocdl.permlanex16
// CHECK: return
func.func @expand_b_count(%v: vector<8xf16>) -> vector<16xf16> {
  %e = wmma.expand b #atom %v : vector<8xf16> -> vector<16xf16>
  return %e : vector<16xf16>
}

// -----

// iu8 expansion: 2 dwords per half.
#atom = #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_a>
// CHECK-LABEL: func.func @expand_i8
// CHECK: vector.bitcast %{{.*}} : vector<8xi8> to vector<2xi32>
// X16-COUNT-2: rocdl.permlanex16
// X16-NOT: rocdl.permlanex16
// X16: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<16xi8>
// BP-COUNT-4: rocdl.ds_bpermute
// BP-NOT: rocdl.ds_bpermute
func.func @expand_i8(%v: vector<8xi8>) -> vector<16xi8> {
  %e = wmma.expand a #atom %v : vector<8xi8> -> vector<16xi8>
  return %e : vector<16xi8>
}

// -----

// RDNA4 chaining: the transposed accumulator (lane l holds D[r][8h+v]) is
// already an A fragment in the contiguous-K convention: only f32 -> f16.
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: func.func @chain_rdna4
// CHECK-SAME: (%[[D:.*]]: vector<8xf32>)
// CHECK-NEXT: %[[A:.*]] = arith.truncf %[[D]] : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: return %[[A]] : vector<8xf16>
// CHECK-NOT: rocdl.permlanex16
// CHECK-NOT: rocdl.ds_bpermute
// CHECK-NOT: vector.shuffle
func.func @chain_rdna4(%d: vector<8xf32>) -> vector<8xf16> {
  %a = wmma.relayout #wmma.frag<d, hw, transposed, #atom> to #wmma.frag<a, kcontig, #atom> %d : vector<8xf32> -> vector<8xf16>
  return %a : vector<8xf16>
}

// -----

// RDNA3 chaining: the transposed accumulator holds D[r][2v+h] (even columns
// in the low half, odd in the high half); the replicated A operand needs all
// 16 columns in both halves: 4 dwords exchanged with lane^16, interleaved.
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: func.func @chain_rdna3
// CHECK-SAME: (%[[D:.*]]: vector<8xf32>)
// CHECK: %[[H:.*]] = arith.truncf %[[D]] : vector<8xf32> to vector<8xf16>
// CHECK: vector.bitcast %[[H]] : vector<8xf16> to vector<4xi32>
// X16-COUNT-4: rocdl.permlanex16
// X16-NOT: rocdl.permlanex16
// X16-NOT: rocdl.ds_bpermute
// X16: %[[F:.*]] = vector.bitcast %{{.*}} : vector<4xi32> to vector<8xf16>
// X16: %[[LO:.*]] = vector.shuffle %[[H]], %[[F]] [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15]
// X16: %[[HI:.*]] = vector.shuffle %[[H]], %[[F]] [8, 0, 9, 1, 10, 2, 11, 3, 12, 4, 13, 5, 14, 6, 15, 7]
// X16: arith.select %{{.*}}, %[[LO]], %[[HI]] : vector<16xf16>
// BP-NOT: rocdl.permlanex16
// BP: rocdl.ds_bpermute
func.func @chain_rdna3(%d: vector<8xf32>) -> vector<16xf16> {
  %a = wmma.relayout #wmma.frag<d, hw, transposed, #atom> to #wmma.frag<a, hw, #atom> %d : vector<8xf32> -> vector<16xf16>
  return %a : vector<16xf16>
}

// -----

// RDNA4 16-bit A: hw order -> contiguous K swaps dwords 2,3 of the low half
// with dwords 0,1 of the high half.
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: func.func @hw_to_kcontig
// X16-COUNT-4: rocdl.permlanex16
// X16: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 12, 13, 14, 15]
// X16: vector.shuffle %{{.*}}, %{{.*}} [8, 9, 10, 11, 4, 5, 6, 7]
// X16: arith.select
func.func @hw_to_kcontig(%a: vector<8xf16>) -> vector<8xf16> {
  %k = wmma.relayout #wmma.frag<a, hw, #atom> to #wmma.frag<a, kcontig, #atom> %a : vector<8xf16> -> vector<8xf16>
  return %k : vector<8xf16>
}

// -----

// Identity relayouts fold away.
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
#atom3 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%[[D:.*]]: vector<8xf32>, %[[A:.*]]: vector<16xf16>)
// CHECK-NEXT: return %[[D]], %[[A]] : vector<8xf32>, vector<16xf16>
func.func @identity(%d: vector<8xf32>, %a: vector<16xf16>) -> (vector<8xf32>, vector<16xf16>) {
  %r = wmma.relayout #wmma.frag<d, hw, #atom> to #wmma.frag<d, hw, #atom> %d : vector<8xf32> -> vector<8xf32>
  %s = wmma.relayout #wmma.frag<a, hw, #atom3> to #wmma.frag<a, kcontig, #atom3> %a : vector<16xf16> -> vector<16xf16>
  return %r, %s : vector<8xf32>, vector<16xf16>
}
