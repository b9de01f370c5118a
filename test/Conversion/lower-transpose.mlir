// wmma-lower-transpose on RDNA4 and RDNA3: identity = one wmma.mma against
// an identity built from lane-id compares + relayouts chosen by the planner
// (free ones are skipped); shuffle = one relayout from the fragment read
// with the transposed flag flipped.  convert-wmma-to-rocdl runs it first.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-lower-transpose)' | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(convert-wmma-to-rocdl)' | FileCheck %s --check-prefix=LOWERED

// LOWERED-NOT: {{[ ]wmma\.}}
// LOWERED: rocdl.wmma.f32.16x16x16.f16
// LOWERED-NOT: {{[ ]wmma\.}}

#atom4 = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
#atom3 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
gpu.module @r4 [#rocdl.target<chip = "gfx1201">] {
  // CHECK-LABEL: func.func @id4(
  // CHECK-SAME: %[[X:.*]]: vector<8xf16>
  // CHECK-NOT: wmma.relayout
  // CHECK: %[[LANE:.*]] = rocdl.mbcnt.lo
  // CHECK-COUNT-8: arith.cmpi eq
  // CHECK: %[[I:.*]] = vector.from_elements {{.*}} : vector<8xf16>
  // CHECK: %[[D:.*]] = wmma.mma #atom %[[X]], %[[I]], %{{.*}} : vector<8xf16>, vector<8xf16> -> vector<8xf32>
  // CHECK: %[[T:.*]] = wmma.relayout <d, hw, transposed, #atom> to <a, kcontig, #atom> %[[D]] : vector<8xf32> -> vector<8xf16>
  // CHECK: return %[[T]]
  func.func @id4(%x: vector<8xf16>) -> vector<8xf16> {
    %t = wmma.transpose identity #wmma.frag<a, kcontig, #atom4> %x : vector<8xf16> -> vector<8xf16>
    return %t : vector<8xf16>
  }
  // A B fragment: X read as the transposed A operand (free), D = X^T lands
  // column per lane, which is the B layout again.
  // CHECK-LABEL: func.func @idb4(
  // CHECK: %[[P:.*]] = wmma.relayout <b, kcontig, #atom> to <a, kcontig, transposed, #atom>
  // CHECK: %[[D:.*]] = wmma.mma #atom %[[P]],
  // CHECK: wmma.relayout <d, hw, #atom> to <b, kcontig, #atom> %[[D]]
  func.func @idb4(%x: vector<8xf16>) -> vector<8xf16> {
    %t = wmma.transpose identity #wmma.frag<b, kcontig, #atom4> %x : vector<8xf16> -> vector<8xf16>
    return %t : vector<8xf16>
  }
  // CHECK-LABEL: func.func @sh4(
  // CHECK-NOT: wmma.mma
  // CHECK: wmma.relayout <a, kcontig, transposed, #atom> to <a, kcontig, #atom>
  func.func @sh4(%x: vector<8xf16>) -> vector<8xf16> {
    %t = wmma.transpose shuffle #wmma.frag<a, kcontig, #atom4> %x : vector<8xf16> -> vector<8xf16>
    return %t : vector<8xf16>
  }
}
gpu.module @r3 [#rocdl.target<chip = "gfx1100">] {
  // CHECK-LABEL: func.func @id3(
  // CHECK-SAME: %[[X:.*]]: vector<16xf16>
  // CHECK-NOT: wmma.relayout
  // CHECK-COUNT-16: arith.cmpi eq
  // CHECK: %[[I:.*]] = vector.from_elements {{.*}} : vector<16xf16>
  // CHECK: %[[D:.*]] = wmma.mma #atom1 %[[X]], %[[I]], %{{.*}} : vector<16xf16>, vector<16xf16> -> vector<8xf32>
  // CHECK: wmma.relayout <d, hw, transposed, #atom1> to <a, hw, #atom1> %[[D]] : vector<8xf32> -> vector<16xf16>
  func.func @id3(%x: vector<16xf16>) -> vector<16xf16> {
    %t = wmma.transpose identity #wmma.frag<a, hw, #atom3> %x : vector<16xf16> -> vector<16xf16>
    return %t : vector<16xf16>
  }
  // CHECK-LABEL: func.func @sh3(
  // CHECK-NOT: wmma.mma
  // CHECK: wmma.relayout <d, hw, transposed, #atom1> to <d, hw, #atom1> %{{.*}} : vector<8xf32> -> vector<8xf32>
  func.func @sh3(%x: vector<8xf32>) -> vector<8xf32> {
    %t = wmma.transpose shuffle #wmma.frag<d, hw, #atom3> %x : vector<8xf32> -> vector<8xf32>
    return %t : vector<8xf32>
  }
}
