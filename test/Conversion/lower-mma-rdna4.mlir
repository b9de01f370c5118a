// Every RDNA4 (gfx12) WMMA atom (11) lowers to exactly one rocdl.wmma.* with
// the operand types LLVM accepts for wave32 gfx12: 8-element 16-bit A/B, bf16
// as i16, iu8/fp8/bf8 as vector<2xi32>, iu4 as i32 (K=16) or vector<2xi32>
// (K=32), packed 8-element 16-bit accumulators.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-lower-mma)' | FileCheck %s

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: func.func @f32_f16
// CHECK-SAME: (%[[A:.*]]: vector<8xf16>, %[[B:.*]]: vector<8xf16>, %[[C:.*]]: vector<8xf32>)
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f32.16x16x16.f16 %[[A]], %[[B]], %[[C]] : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: return %[[D]]
func.func @f32_f16(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = wmma.mma #atom %a, %b, %c : vector<8xf16>, vector<8xf16> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> f32>
// CHECK-LABEL: func.func @f32_bf16
// CHECK-SAME: (%[[A:.*]]: vector<8xbf16>, %[[B:.*]]: vector<8xbf16>, %[[C:.*]]: vector<8xf32>)
// CHECK-NEXT: %[[AI:.*]] = vector.bitcast %[[A]] : vector<8xbf16> to vector<8xi16>
// CHECK-NEXT: %[[BI:.*]] = vector.bitcast %[[B]] : vector<8xbf16> to vector<8xi16>
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f32.16x16x16.bf16 %[[AI]], %[[BI]], %[[C]] : (vector<8xi16>, vector<8xi16>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: return %[[D]]
func.func @f32_bf16(%a: vector<8xbf16>, %b: vector<8xbf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = wmma.mma #atom %a, %b, %c : vector<8xbf16>, vector<8xbf16> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16>
// CHECK-LABEL: func.func @f16_f16
// CHECK-SAME: (%[[A:.*]]: vector<8xf16>, %[[B:.*]]: vector<8xf16>, %[[C:.*]]: vector<8xf16>)
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f16.16x16x16.f16 %[[A]], %[[B]], %[[C]] : (vector<8xf16>, vector<8xf16>, vector<8xf16>) -> vector<8xf16>
// CHECK-NEXT: return %[[D]]
func.func @f16_f16(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf16>) -> vector<8xf16> {
  %d = wmma.mma #atom %a, %b, %c : vector<8xf16>, vector<8xf16> -> vector<8xf16>
  return %d : vector<8xf16>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, bf16 * bf16 -> bf16>
// CHECK-LABEL: func.func @bf16_bf16
// CHECK-SAME: (%[[A:.*]]: vector<8xbf16>, %[[B:.*]]: vector<8xbf16>, %[[C:.*]]: vector<8xbf16>)
// CHECK-NEXT: %[[AI:.*]] = vector.bitcast %[[A]] : vector<8xbf16> to vector<8xi16>
// CHECK-NEXT: %[[BI:.*]] = vector.bitcast %[[B]] : vector<8xbf16> to vector<8xi16>
// CHECK-NEXT: %[[CI:.*]] = vector.bitcast %[[C]] : vector<8xbf16> to vector<8xi16>
// CHECK-NEXT: %[[DI:.*]] = rocdl.wmma.bf16.16x16x16.bf16 %[[AI]], %[[BI]], %[[CI]] : (vector<8xi16>, vector<8xi16>, vector<8xi16>) -> vector<8xi16>
// CHECK-NEXT: %[[D:.*]] = vector.bitcast %[[DI]] : vector<8xi16> to vector<8xbf16>
// CHECK-NEXT: return %[[D]]
func.func @bf16_bf16(%a: vector<8xbf16>, %b: vector<8xbf16>, %c: vector<8xbf16>) -> vector<8xbf16> {
  %d = wmma.mma #atom %a, %b, %c : vector<8xbf16>, vector<8xbf16> -> vector<8xbf16>
  return %d : vector<8xbf16>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32, signed_a, signed_b>
// CHECK-LABEL: func.func @iu8
// CHECK-SAME: (%[[A:.*]]: vector<8xi8>, %[[B:.*]]: vector<8xi8>, %[[C:.*]]: vector<8xi32>)
// CHECK-NEXT: %[[AI:.*]] = vector.bitcast %[[A]] : vector<8xi8> to vector<2xi32>
// CHECK-NEXT: %[[BI:.*]] = vector.bitcast %[[B]] : vector<8xi8> to vector<2xi32>
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.i32.16x16x16.iu8 %[[AI]], %[[BI]], %[[C]] {signA = true, signB = true} : (vector<2xi32>, vector<2xi32>, vector<8xi32>) -> vector<8xi32>
// CHECK-NEXT: return %[[D]]
func.func @iu8(%a: vector<8xi8>, %b: vector<8xi8>, %c: vector<8xi32>) -> vector<8xi32> {
  %d = wmma.mma #atom %a, %b, %c : vector<8xi8>, vector<8xi8> -> vector<8xi32>
  return %d : vector<8xi32>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32, clamp>
// CHECK-LABEL: func.func @iu4_k16
// CHECK-SAME: (%[[A:.*]]: vector<8xi4>, %[[B:.*]]: vector<8xi4>, %[[C:.*]]: vector<8xi32>)
// i4 operands are packed on their bytes (lower-mma-rdna3.mlir says how):
// the word is (t0 & 0xff | t0 >> 8 & 0xff00) | (same of t1) << 16.
// CHECK: %[[AB:.*]] = arith.extui %[[A]] : vector<8xi4> to vector<8xi8>
// CHECK-NEXT: %[[AW:.*]] = vector.bitcast %[[AB]] : vector<8xi8> to vector<2xi32>
// CHECK-NEXT: %[[AS:.*]] = arith.shrui %[[AW]], %{{.*}} : vector<2xi32>
// CHECK-NEXT: %[[AT:.*]] = arith.ori %[[AW]], %[[AS]] : vector<2xi32>
// CHECK-NEXT: %[[T0:.*]] = vector.extract %[[AT]][0] : i32 from vector<2xi32>
// CHECK: %[[T1:.*]] = vector.extract %[[AT]][1] : i32 from vector<2xi32>
// CHECK: %[[HI:.*]] = arith.shli %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[AI:.*]] = arith.ori %{{.*}}, %[[HI]] : i32
// CHECK-NEXT: arith.extui %[[B]] : vector<8xi4> to vector<8xi8>
// CHECK-NOT: vector.bitcast {{.*}}xi4
// CHECK: %[[BHI:.*]] = arith.shli %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[BI:.*]] = arith.ori %{{.*}}, %[[BHI]] : i32
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.i32.16x16x16.iu4 %[[AI]], %[[BI]], %[[C]] {clamp = true} : (i32, i32, vector<8xi32>) -> vector<8xi32>
// CHECK-NEXT: return %[[D]]
func.func @iu4_k16(%a: vector<8xi4>, %b: vector<8xi4>, %c: vector<8xi32>) -> vector<8xi32> {
  %d = wmma.mma #atom %a, %b, %c : vector<8xi4>, vector<8xi4> -> vector<8xi32>
  return %d : vector<8xi32>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x32, i4 * i4 -> i32, signed_a>
// CHECK-LABEL: func.func @iu4_k32
// CHECK-SAME: (%[[A:.*]]: vector<16xi4>, %[[B:.*]]: vector<16xi4>, %[[C:.*]]: vector<8xi32>)
// CHECK: arith.extui %[[A]] : vector<16xi4> to vector<16xi8>
// CHECK: %[[AI:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK-NEXT: arith.extui %[[B]] : vector<16xi4> to vector<16xi8>
// CHECK: %[[BI:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.i32.16x16x32.iu4 %[[AI]], %[[BI]], %[[C]] {signA = true} : (vector<2xi32>, vector<2xi32>, vector<8xi32>) -> vector<8xi32>
// CHECK-NEXT: return %[[D]]
func.func @iu4_k32(%a: vector<16xi4>, %b: vector<16xi4>, %c: vector<8xi32>) -> vector<8xi32> {
  %d = wmma.mma #atom %a, %b, %c : vector<16xi4>, vector<16xi4> -> vector<8xi32>
  return %d : vector<8xi32>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E4M3FN -> f32>
// CHECK-LABEL: func.func @fp8_fp8
// CHECK-SAME: (%[[A:.*]]: vector<8xf8E4M3FN>, %[[B:.*]]: vector<8xf8E4M3FN>, %[[C:.*]]: vector<8xf32>)
// CHECK-NEXT: %[[AI:.*]] = vector.bitcast %[[A]] : vector<8xf8E4M3FN> to vector<2xi32>
// CHECK-NEXT: %[[BI:.*]] = vector.bitcast %[[B]] : vector<8xf8E4M3FN> to vector<2xi32>
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f32.16x16x16.fp8_fp8 %[[AI]], %[[BI]], %[[C]] : (vector<2xi32>, vector<2xi32>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: return %[[D]]
func.func @fp8_fp8(%a: vector<8xf8E4M3FN>, %b: vector<8xf8E4M3FN>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = wmma.mma #atom %a, %b, %c : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f8E4M3FN * f8E5M2 -> f32>
// CHECK-LABEL: func.func @fp8_bf8
// CHECK-SAME: (%[[A:.*]]: vector<8xf8E4M3FN>, %[[B:.*]]: vector<8xf8E5M2>, %[[C:.*]]: vector<8xf32>)
// CHECK-NEXT: %[[AI:.*]] = vector.bitcast %[[A]] : vector<8xf8E4M3FN> to vector<2xi32>
// CHECK-NEXT: %[[BI:.*]] = vector.bitcast %[[B]] : vector<8xf8E5M2> to vector<2xi32>
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f32.16x16x16.fp8_bf8 %[[AI]], %[[BI]], %[[C]] : (vector<2xi32>, vector<2xi32>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: return %[[D]]
func.func @fp8_bf8(%a: vector<8xf8E4M3FN>, %b: vector<8xf8E5M2>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = wmma.mma #atom %a, %b, %c : vector<8xf8E4M3FN>, vector<8xf8E5M2> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E4M3FN -> f32>
// CHECK-LABEL: func.func @bf8_fp8
// CHECK-SAME: (%[[A:.*]]: vector<8xf8E5M2>, %[[B:.*]]: vector<8xf8E4M3FN>, %[[C:.*]]: vector<8xf32>)
// CHECK-NEXT: %[[AI:.*]] = vector.bitcast %[[A]] : vector<8xf8E5M2> to vector<2xi32>
// CHECK-NEXT: %[[BI:.*]] = vector.bitcast %[[B]] : vector<8xf8E4M3FN> to vector<2xi32>
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f32.16x16x16.bf8_fp8 %[[AI]], %[[BI]], %[[C]] : (vector<2xi32>, vector<2xi32>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: return %[[D]]
func.func @bf8_fp8(%a: vector<8xf8E5M2>, %b: vector<8xf8E4M3FN>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = wmma.mma #atom %a, %b, %c : vector<8xf8E5M2>, vector<8xf8E4M3FN> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

#atom = #wmma.atom<rdna4, 16x16x16, f8E5M2 * f8E5M2 -> f32>
// CHECK-LABEL: func.func @bf8_bf8
// CHECK-SAME: (%[[A:.*]]: vector<8xf8E5M2>, %[[B:.*]]: vector<8xf8E5M2>, %[[C:.*]]: vector<8xf32>)
// CHECK-NEXT: %[[AI:.*]] = vector.bitcast %[[A]] : vector<8xf8E5M2> to vector<2xi32>
// CHECK-NEXT: %[[BI:.*]] = vector.bitcast %[[B]] : vector<8xf8E5M2> to vector<2xi32>
// CHECK-NEXT: %[[D:.*]] = rocdl.wmma.f32.16x16x16.bf8_bf8 %[[AI]], %[[BI]], %[[C]] : (vector<2xi32>, vector<2xi32>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: return %[[D]]
func.func @bf8_bf8(%a: vector<8xf8E5M2>, %b: vector<8xf8E5M2>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = wmma.mma #atom %a, %b, %c : vector<8xf8E5M2>, vector<8xf8E5M2> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

// Inside a gpu.module targeting gfx1201.
#atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
// CHECK-LABEL: gpu.module @m
// CHECK: rocdl.wmma.f32.16x16x16.f16 %{{.*}}, %{{.*}}, %{{.*}} : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
// CHECK-NOT: wmma.mma
gpu.module @m [#rocdl.target<chip = "gfx1201">] {
  gpu.func @k(%a: vector<8xf16>, %c: vector<8xf32>, %out: memref<8xf32>) kernel {
    %d = wmma.mma #atom %a, %a, %c : vector<8xf16>, vector<8xf16> -> vector<8xf32>
    %c0 = arith.constant 0 : index
    vector.store %d, %out[%c0] : memref<8xf32>, vector<8xf32>
    gpu.return
  }
}
