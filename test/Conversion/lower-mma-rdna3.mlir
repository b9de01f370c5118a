// Every RDNA3 (gfx11) WMMA atom lowers to exactly one rocdl.wmma.* with the
// operand types LLVM accepts for wave32 gfx11 (16-element A/B, bf16 as i16,
// iu8/iu4 packed in i32, 16-bit accumulators as 16 values + opsel).
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-lower-mma)' | FileCheck %s

#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: func.func @f32_f16
// CHECK-SAME: (%[[A:.*]]: vector<16xf16>, %[[B:.*]]: vector<16xf16>, %[[C:.*]]: vector<8xf32>)
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f32.16x16x16.f16 %[[A]], %[[B]], %[[C]] : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: return %[[D]]
func.func @f32_f16(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = wmma.mma #atom %a, %b, %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> f32>
// CHECK-LABEL: func.func @f32_bf16
// CHECK-SAME: (%[[A:.*]]: vector<16xbf16>, %[[B:.*]]: vector<16xbf16>, %[[C:.*]]: vector<8xf32>)
// CHECK-NEXT: %[[AI:.*]] = vector.bitcast %[[A]] : vector<16xbf16> to vector<16xi16>
// CHECK-NEXT: %[[BI:.*]] = vector.bitcast %[[B]] : vector<16xbf16> to vector<16xi16>
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f32.16x16x16.bf16 %[[AI]], %[[BI]], %[[C]] : (vector<16xi16>, vector<16xi16>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: return %[[D]]
func.func @f32_bf16(%a: vector<16xbf16>, %b: vector<16xbf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = wmma.mma #atom %a, %b, %c : vector<16xbf16>, vector<16xbf16> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16>
// CHECK-LABEL: func.func @f16_f16_opsel0
// CHECK-SAME: (%[[A:.*]]: vector<16xf16>, %[[B:.*]]: vector<16xf16>, %[[C:.*]]: vector<16xf16>)
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f16.16x16x16.f16 %[[A]], %[[B]], %[[C]] : (vector<16xf16>, vector<16xf16>, vector<16xf16>) -> vector<16xf16>
// CHECK-NOT: opsel
// CHECK-NEXT: return %[[D]]
func.func @f16_f16_opsel0(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<16xf16>) -> vector<16xf16> {
  %d = wmma.mma #atom %a, %b, %c : vector<16xf16>, vector<16xf16> -> vector<16xf16>
  return %d : vector<16xf16>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 1>
// CHECK-LABEL: func.func @f16_f16_opsel1
// CHECK-SAME: (%[[A:.*]]: vector<16xf16>, %[[B:.*]]: vector<16xf16>, %[[C:.*]]: vector<16xf16>)
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f16.16x16x16.f16 %[[A]], %[[B]], %[[C]] {opsel = true} : (vector<16xf16>, vector<16xf16>, vector<16xf16>) -> vector<16xf16>
// CHECK-NEXT: return %[[D]]
func.func @f16_f16_opsel1(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<16xf16>) -> vector<16xf16> {
  %d = wmma.mma #atom %a, %b, %c : vector<16xf16>, vector<16xf16> -> vector<16xf16>
  return %d : vector<16xf16>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16>
// CHECK-LABEL: func.func @bf16_bf16_opsel0
// CHECK-SAME: (%[[A:.*]]: vector<16xbf16>, %[[B:.*]]: vector<16xbf16>, %[[C:.*]]: vector<16xbf16>)
// CHECK-NEXT: %[[AI:.*]] = vector.bitcast %[[A]] : vector<16xbf16> to vector<16xi16>
// CHECK-NEXT: %[[BI:.*]] = vector.bitcast %[[B]] : vector<16xbf16> to vector<16xi16>
// CHECK-NEXT: %[[CI:.*]] = vector.bitcast %[[C]] : vector<16xbf16> to vector<16xi16>
// CHECK-NEXT: %[[DI:.*]] = rocdl.wmma.bf16.16x16x16.bf16 %[[AI]], %[[BI]], %[[CI]] : (vector<16xi16>, vector<16xi16>, vector<16xi16>) -> vector<16xi16>
// CHECK-NEXT: %[[D:.*]] = vector.bitcast %[[DI]] : vector<16xi16> to vector<16xbf16>
// CHECK-NEXT: return %[[D]]
func.func @bf16_bf16_opsel0(%a: vector<16xbf16>, %b: vector<16xbf16>, %c: vector<16xbf16>) -> vector<16xbf16> {
  %d = wmma.mma #atom %a, %b, %c : vector<16xbf16>, vector<16xbf16> -> vector<16xbf16>
  return %d : vector<16xbf16>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, bf16 * bf16 -> bf16, opsel = 1>
// CHECK-LABEL: func.func @bf16_bf16_opsel1
// CHECK: %[[DI:.*]] = rocdl.wmma.bf16.16x16x16.bf16 %{{.*}}, %{{.*}}, %{{.*}} {opsel = true} : (vector<16xi16>, vector<16xi16>, vector<16xi16>) -> vector<16xi16>
// CHECK-NEXT: %[[D:.*]] = vector.bitcast %[[DI]] : vector<16xi16> to vector<16xbf16>
// CHECK-NEXT: return %[[D]]
func.func @bf16_bf16_opsel1(%a: vector<16xbf16>, %b: vector<16xbf16>, %c: vector<16xbf16>) -> vector<16xbf16> {
  %d = wmma.mma #atom %a, %b, %c : vector<16xbf16>, vector<16xbf16> -> vector<16xbf16>
  return %d : vector<16xbf16>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32, signed_a, signed_b, clamp>
// CHECK-LABEL: func.func @iu8_signed_clamp
// CHECK-SAME: (%[[A:.*]]: vector<16xi8>, %[[B:.*]]: vector<16xi8>, %[[C:.*]]: vector<8xi32>)
// CHECK-NEXT: %[[AI:.*]] = vector.bitcast %[[A]] : vector<16xi8> to vector<4xi32>
// CHECK-NEXT: %[[BI:.*]] = vector.bitcast %[[B]] : vector<16xi8> to vector<4xi32>
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.i32.16x16x16.iu8 %[[AI]], %[[BI]], %[[C]] {clamp = true, signA = true, signB = true} : (vector<4xi32>, vector<4xi32>, vector<8xi32>) -> vector<8xi32>
// CHECK-NEXT: return %[[D]]
func.func @iu8_signed_clamp(%a: vector<16xi8>, %b: vector<16xi8>, %c: vector<8xi32>) -> vector<8xi32> {
  %d = wmma.mma #atom %a, %b, %c : vector<16xi8>, vector<16xi8> -> vector<8xi32>
  return %d : vector<8xi32>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32>
// CHECK-LABEL: func.func @iu8_unsigned
// CHECK: %[[D:.*]] = rocdl.wmma.i32.16x16x16.iu8 %{{.*}}, %{{.*}}, %{{.*}} : (vector<4xi32>, vector<4xi32>, vector<8xi32>) -> vector<8xi32>
// CHECK-NOT: sign
// CHECK-NEXT: return %[[D]]
func.func @iu8_unsigned(%a: vector<16xi8>, %b: vector<16xi8>, %c: vector<8xi32>) -> vector<8xi32> {
  %d = wmma.mma #atom %a, %b, %c : vector<16xi8>, vector<16xi8> -> vector<8xi32>
  return %d : vector<8xi32>
}

// -----

#atom = #wmma.atom<rdna3, 16x16x16, i4 * i4 -> i32, signed_b>
// CHECK-LABEL: func.func @iu4_signed_b
// CHECK-SAME: (%[[A:.*]]: vector<16xi4>, %[[B:.*]]: vector<16xi4>, %[[C:.*]]: vector<8xi32>)
// i4 operands are packed on their bytes, not bitcast (the backend would
// bitcast a sub-byte vector through a stack slot): byte j of a dword d
// holds element j, d | d >> 4 holds elements (0, 1) and (2, 3) in bytes 0
// and 2, and each word gathers the even bytes of two such dwords.
// CHECK: %[[AB:.*]] = arith.extui %[[A]] : vector<16xi4> to vector<16xi8>
// CHECK-NEXT: %[[AW:.*]] = vector.bitcast %[[AB]] : vector<16xi8> to vector<4xi32>
// CHECK-NEXT: %[[AS:.*]] = arith.shrui %[[AW]], %{{.*}} : vector<4xi32>
// CHECK-NEXT: arith.ori %[[AW]], %[[AS]] : vector<4xi32>
// CHECK-NOT: vector.bitcast {{.*}}xi4
// CHECK: %[[AI:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK-NEXT: arith.extui %[[B]] : vector<16xi4> to vector<16xi8>
// CHECK: %[[BI:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.i32.16x16x16.iu4 %[[AI]], %[[BI]], %[[C]] {signB = true} : (vector<2xi32>, vector<2xi32>, vector<8xi32>) -> vector<8xi32>
// CHECK-NEXT: return %[[D]]
func.func @iu4_signed_b(%a: vector<16xi4>, %b: vector<16xi4>, %c: vector<8xi32>) -> vector<8xi32> {
  %d = wmma.mma #atom %a, %b, %c : vector<16xi4>, vector<16xi4> -> vector<8xi32>
  return %d : vector<8xi32>
}

// -----

// Inside a gpu.module targeting gfx1100.
#atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: gpu.module @m
// CHECK: rocdl.wmma.f32.16x16x16.f16 %{{.*}}, %{{.*}}, %{{.*}} : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
// CHECK-NOT: wmma.mma
gpu.module @m [#rocdl.target<chip = "gfx1100">] {
  gpu.func @k(%a: vector<16xf16>, %c: vector<8xf32>, %out: memref<8xf32>) kernel {
    %d = wmma.mma #atom %a, %a, %c : vector<16xf16>, vector<16xf16> -> vector<8xf32>
    %c0 = arith.constant 0 : index
    vector.store %d, %out[%c0] : memref<8xf32>, vector<8xf32>
    gpu.return
  }
}
