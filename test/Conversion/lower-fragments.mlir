// wmma.load / wmma.store / wmma.fill -> memref/vector.  Lane id from
// rocdl.mbcnt.lo, r = lane % 16, h = lane / 16; runs of consecutive columns
// become one vector.load / vector.store.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-lower-fragments)' | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-lower-fragments)' | FileCheck %s --check-prefix=NOWMMA
// NOWMMA-NOT: {{[ "]wmma\.}}

#a4 = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>
#a3 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f32>
#h3 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16>
// RDNA4 16-bit A, hw order: k = 8*(v/4) + 4h + v%4: two runs of 4 columns.
// CHECK-LABEL: func.func @a_hw_rdna4
// CHECK-SAME: (%[[A:.*]]: memref<64x64xf16>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[LANE:.*]] = rocdl.mbcnt.lo %[[M1]], %[[Z]] : (i32, i32) -> i32
// CHECK: %[[L:.*]] = arith.index_cast %[[LANE]] : i32 to index
// CHECK: %[[R:.*]] = arith.remui %[[L]], %[[C16]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[I]], %[[R]] : index
// CHECK: %[[H:.*]] = arith.divui %[[L]], %[[C16]] : index
// CHECK: %[[H4:.*]] = arith.muli %[[H]], %[[C4]] : index
// CHECK: %[[COL:.*]] = arith.addi %[[J]], %[[H4]] : index
// CHECK: %[[LO:.*]] = vector.load %[[A]][%[[ROW]], %[[COL]]] : memref<64x64xf16>, vector<4xf16>
// CHECK: %[[COL8:.*]] = arith.addi %[[COL]], %[[C8]] : index
// CHECK: %[[HI:.*]] = vector.load %[[A]][%[[ROW]], %[[COL8]]] : memref<64x64xf16>, vector<4xf16>
// CHECK: %[[V:.*]] = vector.shuffle %[[LO]], %[[HI]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf16>, vector<4xf16>
// CHECK: return %[[V]]
func.func @a_hw_rdna4(%A: memref<64x64xf16>, %i: index, %j: index) -> vector<8xf16> {
  %a = wmma.load #wmma.frag<a, hw, #a4> %A[%i, %j] : memref<64x64xf16> -> vector<8xf16>
  return %a : vector<8xf16>
}
// RDNA4 A, contiguous K: one 8-wide load at [i + r, j + 8h].
// CHECK-LABEL: func.func @a_kcontig_rdna4
// CHECK-SAME: (%[[A:.*]]: memref<64x64xf16>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[ROW:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: %[[H8:.*]] = arith.muli %{{.*}}, %c8 : index
// CHECK: %[[COL:.*]] = arith.addi %[[J]], %[[H8]] : index
// CHECK: %[[V:.*]] = vector.load %[[A]][%[[ROW]], %[[COL]]] : memref<64x64xf16>, vector<8xf16>
// CHECK-NEXT: return %[[V]]
func.func @a_kcontig_rdna4(%A: memref<64x64xf16>, %i: index, %j: index) -> vector<8xf16> {
  %a = wmma.load #wmma.frag<a, kcontig, #a4> %A[%i, %j] : memref<64x64xf16> -> vector<8xf16>
  return %a : vector<8xf16>
}
// B stored N x K (transposed): a lane's 8 K values are contiguous too.
// CHECK-LABEL: func.func @b_transposed_rdna4
// CHECK-SAME: (%[[B:.*]]: memref<64x64xf16>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[ROW:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK: vector.load %[[B]][%[[ROW]], %[[COL]]] : memref<64x64xf16>, vector<8xf16>
// CHECK-NOT: vector.load
func.func @b_transposed_rdna4(%B: memref<64x64xf16>, %i: index, %j: index) -> vector<8xf16> {
  %b = wmma.load #wmma.frag<b, kcontig, transposed, #a4> %B[%i, %j] : memref<64x64xf16> -> vector<8xf16>
  return %b : vector<8xf16>
}
// RDNA4 C f32: value v of lane l is row 8h + v, column r: 8 scalar loads.
// CHECK-LABEL: func.func @c_rdna4
// CHECK-SAME: (%[[C:.*]]: memref<64x64xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[H:.*]] = arith.divui
// CHECK: %[[H8:.*]] = arith.muli %[[H]], %c8 : index
// CHECK: %[[ROW:.*]] = arith.addi %[[I]], %[[H8]] : index
// CHECK: %[[R:.*]] = arith.remui
// CHECK: %[[COL:.*]] = arith.addi %[[J]], %[[R]] : index
// CHECK: %[[E0:.*]] = memref.load %[[C]][%[[ROW]], %[[COL]]] : memref<64x64xf32>
// CHECK: %[[ROW1:.*]] = arith.addi %[[ROW]], %c1 : index
// CHECK: %[[E1:.*]] = memref.load %[[C]][%[[ROW1]], %[[COL]]] : memref<64x64xf32>
// CHECK-COUNT-6: memref.load %[[C]]
// CHECK: %[[V:.*]] = vector.from_elements %[[E0]], %[[E1]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: return %[[V]]
func.func @c_rdna4(%C: memref<64x64xf32>, %i: index, %j: index) -> vector<8xf32> {
  %c = wmma.load #wmma.frag<c, hw, #a4> %C[%i, %j] : memref<64x64xf32> -> vector<8xf32>
  return %c : vector<8xf32>
}
// Transposed RDNA4 D (product computed as B^T A^T): each lane stores 8
// contiguous columns of its row.
// CHECK-LABEL: func.func @d_store_rdna4
// CHECK-SAME: (%[[D:.*]]: vector<8xf32>, %[[C:.*]]: memref<64x64xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[ROW:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK: vector.store %[[D]], %[[C]][%[[ROW]], %[[COL]]] : memref<64x64xf32>, vector<8xf32>
// CHECK-NEXT: return
func.func @d_store_rdna4(%d: vector<8xf32>, %C: memref<64x64xf32>, %i: index, %j: index) {
  wmma.store #wmma.frag<d, hw, transposed, #a4> %d, %C[%i, %j] : vector<8xf32>, memref<64x64xf32>
  return
}
// RDNA3 A: both lane halves hold all 16 K values of row r (replicated).
// CHECK-LABEL: func.func @a_hw_rdna3
// CHECK-SAME: (%[[A:.*]]: memref<64x64xf16>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[R:.*]] = arith.remui
// CHECK: %[[ROW:.*]] = arith.addi %[[I]], %[[R]] : index
// CHECK: %[[V:.*]] = vector.load %[[A]][%[[ROW]], %[[J]]] : memref<64x64xf16>, vector<16xf16>
// CHECK-NEXT: return %[[V]]
func.func @a_hw_rdna3(%A: memref<64x64xf16>, %i: index, %j: index) -> vector<16xf16> {
  %a = wmma.load #wmma.frag<a, hw, #a3> %A[%i, %j] : memref<64x64xf16> -> vector<16xf16>
  return %a : vector<16xf16>
}
// RDNA3 compact A with a batch index (passed through).
// CHECK-LABEL: func.func @a_compact_rdna3
// CHECK-SAME: (%[[A:.*]]: memref<4x64x64xf16>, %[[B:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[ROW:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: %[[H8:.*]] = arith.muli %{{.*}}, %c8 : index
// CHECK: %[[COL:.*]] = arith.addi %[[J]], %[[H8]] : index
// CHECK: %[[V:.*]] = vector.load %[[A]][%[[B]], %[[ROW]], %[[COL]]] : memref<4x64x64xf16>, vector<8xf16>
// CHECK-NEXT: return %[[V]]
func.func @a_compact_rdna3(%A: memref<4x64x64xf16>, %b: index, %i: index, %j: index) -> vector<8xf16> {
  %a = wmma.load #wmma.frag<a, compact, #a3> %A[%b, %i, %j] : memref<4x64x64xf16> -> vector<8xf16>
  return %a : vector<8xf16>
}
// RDNA3 C f32: rows interleaved between lane halves, row 2v + h.
// CHECK-LABEL: func.func @c_rdna3
// CHECK-SAME: (%[[C:.*]]: memref<64x64xf32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[H:.*]] = arith.divui
// CHECK: %[[ROW:.*]] = arith.addi %[[I]], %[[H]] : index
// CHECK: %[[COL:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK: memref.load %[[C]][%[[ROW]], %[[COL]]]
// CHECK: %[[ROW1:.*]] = arith.addi %[[ROW]], %c2 : index
// CHECK: memref.load %[[C]][%[[ROW1]], %[[COL]]]
// CHECK: %[[ROW7:.*]] = arith.addi %[[ROW]], %c14 : index
// CHECK: memref.load %[[C]][%[[ROW7]], %[[COL]]]
// CHECK: vector.from_elements {{.*}} : vector<8xf32>
func.func @c_rdna3(%C: memref<64x64xf32>, %i: index, %j: index) -> vector<8xf32> {
  %c = wmma.load #wmma.frag<c, hw, #a3> %C[%i, %j] : memref<64x64xf32> -> vector<8xf32>
  return %c : vector<8xf32>
}
// RDNA3 f16 accumulator (opsel 0): 16 slots, only the even ones used; the
// others load as zero.
// CHECK-LABEL: func.func @c16_rdna3
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-COUNT-8: memref.load
// CHECK: vector.from_elements %{{.*}}, %[[Z]], %{{.*}}, %[[Z]], %{{.*}}, %[[Z]], %{{.*}}, %[[Z]], %{{.*}}, %[[Z]], %{{.*}}, %[[Z]], %{{.*}}, %[[Z]], %{{.*}}, %[[Z]] : vector<16xf16>
func.func @c16_rdna3(%C: memref<64x64xf16>, %i: index, %j: index) -> vector<16xf16> {
  %c = wmma.load #wmma.frag<c, hw, #h3> %C[%i, %j] : memref<64x64xf16> -> vector<16xf16>
  return %c : vector<16xf16>
}
// ... and only the used slots are stored.
// CHECK-LABEL: func.func @d16_store_rdna3
// CHECK-SAME: (%[[D:.*]]: vector<16xf16>
// CHECK: vector.extract %[[D]][0] : f16 from vector<16xf16>
// CHECK-NEXT: memref.store
// CHECK: vector.extract %[[D]][2] : f16 from vector<16xf16>
// CHECK-NEXT: memref.store
// CHECK-COUNT-6: memref.store
// CHECK-NOT: memref.store
// CHECK: return
func.func @d16_store_rdna3(%d: vector<16xf16>, %C: memref<64x64xf16>, %i: index, %j: index) {
  wmma.store #wmma.frag<d, hw, #h3> %d, %C[%i, %j] : vector<16xf16>, memref<64x64xf16>
  return
}
// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NEXT: %[[V:.*]] = vector.broadcast %[[X]] : f32 to vector<8xf32>
// CHECK-NEXT: return %[[V]]
func.func @fill(%x: f32) -> vector<8xf32> {
  %c = wmma.fill #wmma.frag<c, hw, #a4> %x : f32 -> vector<8xf32>
  return %c : vector<8xf32>
}
// Strided layout with a unit innermost stride (a subview of a wider
// matrix): still one vector load per run.
// CHECK-LABEL: func.func @strided
// CHECK-NOT: memref.load
// CHECK: vector.load %{{.*}} : memref<64x64xf16, strided<[128, 1]>>, vector<8xf16>
// CHECK-NOT: memref.load
func.func @strided(%A: memref<64x64xf16, strided<[128, 1]>>, %i: index, %j: index) -> vector<8xf16> {
  %a = wmma.load #wmma.frag<a, kcontig, #a4> %A[%i, %j] : memref<64x64xf16, strided<[128, 1]>> -> vector<8xf16>
  return %a : vector<8xf16>
}
// Non-unit innermost stride (a transposed view): per-element loads.
// CHECK-LABEL: func.func @column_strided
// CHECK-NOT: vector.load
// CHECK-COUNT-8: memref.load %{{.*}} : memref<64x64xf16, strided<[1, 64]>>
// CHECK: vector.from_elements {{.*}} : vector<8xf16>
func.func @column_strided(%A: memref<64x64xf16, strided<[1, 64]>>, %i: index, %j: index) -> vector<8xf16> {
  %a = wmma.load #wmma.frag<a, kcontig, #a4> %A[%i, %j] : memref<64x64xf16, strided<[1, 64]>> -> vector<8xf16>
  return %a : vector<8xf16>
}
// Sub-byte elements: MLIR addresses memref<..xi4> one element per byte, but
// a vector.load of vector<8xi4> reads 4 bytes of packed nibbles, so iu4
// runs are byte vectors of the same memref seen as i8 (a cast that folds
// once memrefs become descriptors): loaded and truncated, or zero-extended
// (LLVM's representation of an i4 in memory) and stored.
#u4 = #wmma.atom<rdna4, 16x16x16, i4 * i4 -> i32>
// CHECK-LABEL: func.func @iu4_a_kcontig_bytes
// CHECK-SAME: (%[[A:.*]]: memref<64x64xi4>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NOT: memref.load
// CHECK: %[[AB:.*]] = builtin.unrealized_conversion_cast %[[A]] : memref<64x64xi4> to memref<64x64xi8>
// CHECK: %[[V:.*]] = vector.load %[[AB]][%{{.*}}, %{{.*}}] : memref<64x64xi8>, vector<8xi8>
// CHECK: %[[T:.*]] = arith.trunci %[[V]] : vector<8xi8> to vector<8xi4>
// CHECK: return %[[T]]
func.func @iu4_a_kcontig_bytes(%A: memref<64x64xi4>, %i: index, %j: index) -> vector<8xi4> {
  %a = wmma.load #wmma.frag<a, kcontig, #u4> %A[%i, %j] : memref<64x64xi4> -> vector<8xi4>
  return %a : vector<8xi4>
}
// CHECK-LABEL: func.func @iu4_store_bytes
// CHECK-SAME: (%[[A:.*]]: memref<64x64xi4>, %[[V:.*]]: vector<8xi4>
// CHECK: %[[AB:.*]] = builtin.unrealized_conversion_cast %[[A]] : memref<64x64xi4> to memref<64x64xi8>
// CHECK: %[[E:.*]] = arith.extui %[[V]] : vector<8xi4> to vector<8xi8>
// CHECK: vector.store %[[E]], %[[AB]][%{{.*}}, %{{.*}}] : memref<64x64xi8>, vector<8xi8>
// CHECK-NOT: vector.store
// CHECK: return
func.func @iu4_store_bytes(%A: memref<64x64xi4>, %v: vector<8xi4>, %i: index, %j: index) {
  wmma.store #wmma.frag<b, kcontig, transposed, #u4> %v, %A[%i, %j] : vector<8xi4>, memref<64x64xi4>
  return
}
// A strided (column) run stays element by element: memref.load of i4 is a
// byte load.
// CHECK-LABEL: func.func @iu4_b_strided
// CHECK-NOT: vector.load
// CHECK-COUNT-8: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x64xi4>
// CHECK: vector.from_elements
func.func @iu4_b_strided(%B: memref<64x64xi4>, %i: index, %j: index) -> vector<8xi4> {
  %b = wmma.load #wmma.frag<b, kcontig, #u4> %B[%i, %j] : memref<64x64xi4> -> vector<8xi4>
  return %b : vector<8xi4>
}
