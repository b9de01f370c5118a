// wmma.sparse_mma lowers to one llvm.call_intrinsic of llvm.amdgcn.swmmac.*
// (MLIR 22's ROCDL has no swmmac op) with the operand types LLVM takes:
// bf16 as i16, 8/4-bit packed in i32; the index as i16 (the half index_key
// selects) or, for the 16x16x64 instruction, the whole i32 register; integer
// flags as immediate i1.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-lower-mma)' | FileCheck %s

// CHECK-LABEL: func.func @f32_f16_key1
// CHECK-SAME: (%[[A:.*]]: vector<8xf16>, %[[B:.*]]: vector<16xf16>, %[[C:.*]]: vector<8xf32>, %[[I:.*]]: i32)
// CHECK: %[[S:.*]] = arith.shrui %[[I]], %{{.*}} : i32
// CHECK-NEXT: %[[H:.*]] = arith.trunci %[[S]] : i32 to i16
// CHECK-NEXT: %[[D:.*]] = llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.f16"(%[[A]], %[[B]], %[[C]], %[[H]]) : (vector<8xf16>, vector<16xf16>, vector<8xf32>, i16) -> vector<8xf32>
// CHECK-NEXT: return %[[D]]
func.func @f32_f16_key1(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i32) -> vector<8xf32> {
  %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, f16 * f16 -> f32, sparse> %a, %b, %c, %i {index_key = 1 : i32} : vector<8xf16>, vector<16xf16> -> vector<8xf32>
  return %d : vector<8xf32>
}

// -----

// CHECK-LABEL: func.func @bf16_bf16
// CHECK: %[[AI:.*]] = vector.bitcast %{{.*}} : vector<8xbf16> to vector<8xi16>
// CHECK: %[[BI:.*]] = vector.bitcast %{{.*}} : vector<16xbf16> to vector<16xi16>
// CHECK: %[[CI:.*]] = vector.bitcast %{{.*}} : vector<8xbf16> to vector<8xi16>
// CHECK: %[[H:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK-NOT: arith.shrui
// CHECK: %[[D:.*]] = llvm.call_intrinsic "llvm.amdgcn.swmmac.bf16.16x16x32.bf16"(%[[AI]], %[[BI]], %[[CI]], %[[H]]) : (vector<8xi16>, vector<16xi16>, vector<8xi16>, i16) -> vector<8xi16>
// CHECK: vector.bitcast %[[D]] : vector<8xi16> to vector<8xbf16>
func.func @bf16_bf16(%a: vector<8xbf16>, %b: vector<16xbf16>, %c: vector<8xbf16>, %i: i32) -> vector<8xbf16> {
  %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, bf16 * bf16 -> bf16, sparse> %a, %b, %c, %i : vector<8xbf16>, vector<16xbf16> -> vector<8xbf16>
  return %d : vector<8xbf16>
}

// -----

// CHECK-LABEL: func.func @i32_iu8
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: %[[AI:.*]] = vector.bitcast %{{.*}} : vector<8xi8> to vector<2xi32>
// CHECK: %[[BI:.*]] = vector.bitcast %{{.*}} : vector<16xi8> to vector<4xi32>
// CHECK: %[[H:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK: llvm.call_intrinsic "llvm.amdgcn.swmmac.i32.16x16x32.iu8"(%[[F]], %[[AI]], %[[T]], %[[BI]], %{{.*}}, %[[H]], %[[T]]) : (i1, vector<2xi32>, i1, vector<4xi32>, vector<8xi32>, i16, i1) -> vector<8xi32>
func.func @i32_iu8(%a: vector<8xi8>, %b: vector<16xi8>, %c: vector<8xi32>, %i: i32) -> vector<8xi32> {
  %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x32, i8 * i8 -> i32, signed_b, clamp, sparse> %a, %b, %c, %i : vector<8xi8>, vector<16xi8> -> vector<8xi32>
  return %d : vector<8xi32>
}

// -----

// The 16x16x64 instruction reads all 32 index bits.
// CHECK-LABEL: func.func @i32_iu4_k64
// CHECK-SAME: %[[I:[^:]*]]: i32)
// CHECK-NOT: arith.trunci
// CHECK: llvm.call_intrinsic "llvm.amdgcn.swmmac.i32.16x16x64.iu4"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[I]], %{{.*}}) : (i1, vector<2xi32>, i1, vector<4xi32>, vector<8xi32>, i32, i1) -> vector<8xi32>
func.func @i32_iu4_k64(%a: vector<16xi4>, %b: vector<32xi4>, %c: vector<8xi32>, %i: i32) -> vector<8xi32> {
  %d = wmma.sparse_mma #wmma.atom<rdna4, 16x16x64, i4 * i4 -> i32, sparse> %a, %b, %c, %i : vector<16xi4>, vector<32xi4> -> vector<8xi32>
  return %d : vector<8xi32>
}
