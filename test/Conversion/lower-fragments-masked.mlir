// Masked wmma.load / wmma.store (tiles that overhang the buffer).  On fat
// raw buffers (RDNA buffer resources) nothing branches: a row outside the
// buffer is redirected past its last valid dword (num_records), where
// loads return 0 and stores are dropped by the hardware; columns past the
// end inside a vector run are zeroed with a select.  On other memrefs each
// element's indices are clamped to 0 and the value selected.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-lower-fragments)' | FileCheck %s
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-lower-fragments)' | FileCheck %s --check-prefix=NOBRANCH
// NOBRANCH-NOT: scf.if
// NOBRANCH-NOT: cf.cond_br

#a4 = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f32>

// A 20x30 buffer: rows >= 20 go to row 24 (four rows past the end, well
// beyond the dword of slack the buffer view allows), the 8-column run
// keeps columns < 30.
// CHECK-LABEL: func.func @a_masked_fat(
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8xf16>
// CHECK-DAG: %[[NCOL:.*]] = arith.constant dense<30> : vector<8xindex>
// CHECK-DAG: %[[IOTA:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xindex>
// CHECK-DAG: %[[PAST:.*]] = arith.constant 24 : index
// CHECK-DAG: %[[NROW:.*]] = arith.constant 20 : index
// CHECK: %[[ROW:.*]] = arith.addi %arg1, %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.addi %arg2, %{{.*}} : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[ROW]], %[[NROW]] : index
// CHECK: %[[R:.*]] = arith.select %[[IN]], %[[ROW]], %[[PAST]] : index
// CHECK: %[[V:.*]] = vector.load %arg0[%[[R]], %[[COL]]] : memref<20x30xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// CHECK: %[[B:.*]] = vector.broadcast %[[COL]] : index to vector<8xindex>
// CHECK: %[[COLS:.*]] = arith.addi %[[B]], %[[IOTA]] : vector<8xindex>
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[COLS]], %[[NCOL]] : vector<8xindex>
// CHECK: %[[OUT:.*]] = arith.select %[[OK]], %[[V]], %[[ZERO]] : vector<8xi1>, vector<8xf16>
// CHECK: return %[[OUT]]
func.func @a_masked_fat(%A: memref<20x30xf16, #amdgpu.address_space<fat_raw_buffer>>, %i: index, %j: index) -> vector<8xf16> {
  %v = wmma.load <a, kcontig, #a4> %A[%i, %j] masked : memref<20x30xf16, #amdgpu.address_space<fat_raw_buffer>> -> vector<8xf16>
  return %v : vector<8xf16>
}

// An RDNA4 D fragment (8 rows of one column per lane): each element's
// store goes past the end unless both its row and column are inside.
// CHECK-LABEL: func.func @d_store_masked_fat(
// CHECK: %[[OK:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: %[[R:.*]] = arith.select %[[OK]], %{{.*}}, %c24 : index
// CHECK-NEXT: memref.store %{{.*}}, %arg1[%[[R]], %{{.*}}] : memref<20x30xf32, #amdgpu.address_space<fat_raw_buffer>>
// CHECK-COUNT-7: memref.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] : memref<20x30xf32, #amdgpu.address_space<fat_raw_buffer>>
// CHECK-NOT: memref.store
// CHECK: return
func.func @d_store_masked_fat(%v: vector<8xf32>, %D: memref<20x30xf32, #amdgpu.address_space<fat_raw_buffer>>, %i: index, %j: index) {
  wmma.store <d, hw, #a4> %v, %D[%i, %j] masked : vector<8xf32>, memref<20x30xf32, #amdgpu.address_space<fat_raw_buffer>>
  return
}

// A plain memref: each element's indices clamped to (0, 0) when outside,
// the loaded value replaced by zero.
// CHECK-LABEL: func.func @a_masked_plain(
// CHECK-COUNT-8: memref.load
// CHECK-NOT: vector.load
// CHECK: return
// CHECK-LABEL: func.func @a_masked_plain_first(
// CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[OK:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: %[[R:.*]] = arith.select %[[OK]], %{{.*}}, %[[C0]] : index
// CHECK: %[[C:.*]] = arith.select %[[OK]], %{{.*}}, %[[C0]] : index
// CHECK: %[[X:.*]] = memref.load %arg0[%[[R]], %[[C]]] : memref<20x30xf16>
// CHECK: arith.select %[[OK]], %[[X]], %[[Z]] : f16
func.func @a_masked_plain(%A: memref<20x30xf16>, %i: index, %j: index) -> vector<8xf16> {
  %v = wmma.load <a, kcontig, #a4> %A[%i, %j] masked : memref<20x30xf16> -> vector<8xf16>
  return %v : vector<8xf16>
}
func.func @a_masked_plain_first(%A: memref<20x30xf16>, %i: index, %j: index) -> vector<8xf16> {
  %v = wmma.load <a, kcontig, #a4> %A[%i, %j] masked : memref<20x30xf16> -> vector<8xf16>
  return %v : vector<8xf16>
}

// Unmasked stays one vector load per run.
// CHECK-LABEL: func.func @a_unmasked_fat(
// CHECK-NOT: arith.select
// CHECK: vector.load
// CHECK-NOT: arith.select
// CHECK: return
func.func @a_unmasked_fat(%A: memref<20x30xf16, #amdgpu.address_space<fat_raw_buffer>>, %i: index, %j: index) -> vector<8xf16> {
  %v = wmma.load <a, kcontig, #a4> %A[%i, %j] : memref<20x30xf16, #amdgpu.address_space<fat_raw_buffer>> -> vector<8xf16>
  return %v : vector<8xf16>
}

// A view with run-time strides (a depthwise convolution's output at
// run-time sizes, its channel dim before the matrix): the memref's type
// cannot tell which dim is outermost; outer_dim (set by the front end)
// names it, and rows outside move that index past its end.
// CHECK-LABEL: func.func @d_store_masked_outer_dim(
// CHECK: %[[N:.*]] = memref.dim %arg1, %c0 :
// CHECK: %[[PAST:.*]] = arith.addi %[[N]], %c4 : index
// CHECK: %[[R:.*]] = arith.select %{{.*}}, %arg2, %[[PAST]] : index
// CHECK-NEXT: memref.store %{{.*}}, %arg1[%[[R]], %c0, %{{.*}}, %{{.*}}] : memref<?x8x?x3xf32, strided<[?, 3, 24, 1]>, #amdgpu.address_space<fat_raw_buffer>>
func.func @d_store_masked_outer_dim(%v: vector<8xf32>, %D: memref<?x8x?x3xf32, strided<[?, 3, 24, 1]>, #amdgpu.address_space<fat_raw_buffer>>, %b: index, %i: index, %j: index) {
  %c0 = arith.constant 0 : index
  wmma.store <d, hw, #a4> %v, %D[%b, %c0, %i, %j] masked {outer_dim = 0 : i64} : vector<8xf32>, memref<?x8x?x3xf32, strided<[?, 3, 24, 1]>, #amdgpu.address_space<fat_raw_buffer>>
  return
}
