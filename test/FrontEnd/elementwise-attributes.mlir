// Elementwise ops keep their attributes (include/wmma/Support/
// ElementwiseOps.def): fastmath flags, integer overflow flags and `exact`
// are copied into the kernel's ops, and two ops that differ only in their
// attributes stay two ops (the graph's hash-consing includes them).
// Attributes the kernels would not honour are refused:
// elementwise-attributes-invalid.mlir.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s

// CHECK-LABEL: gpu.func @float_flags(
// CHECK: wmma.mma
// CHECK: %[[F:.*]] = arith.mulf %[[X:.*]], %[[C:.*]] fastmath<fast> : vector<8xf32>
// CHECK: %[[E:.*]] = math.exp %[[F]] fastmath<afn> : vector<8xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[C]] : vector<8xf32>
// CHECK: %[[S:.*]] = arith.addf %[[E]], %[[P]] fastmath<nnan,ninf> : vector<8xf32>
// CHECK: %[[K:.*]] = arith.cmpf ogt, %[[S]], %{{.*}} fastmath<nnan> : vector<8xf32>
// CHECK: %[[M:.*]] = arith.select %[[K]], %[[S]], %{{.*}} : vector<8xi1>, vector<8xf32>
// CHECK: arith.truncf %[[M]] fastmath<contract> : vector<8xf32> to vector<8xf16>
func.func @float_flags(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %Y: memref<32x32xf16>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%t : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<32x32xf32>) outs(%Y : memref<32x32xf16>) {
  ^bb0(%x: f32, %o: f16):
    %c = arith.constant 0.125 : f32
    %lo = arith.constant -4.0 : f32
    // The same product twice, once with flags: two nodes, two ops.
    %f = arith.mulf %x, %c fastmath<fast> : f32
    %p = arith.mulf %x, %c : f32
    %e = math.exp %f fastmath<afn> : f32
    %s = arith.addf %e, %p fastmath<nnan,ninf> : f32
    %k = arith.cmpf ogt, %s, %lo fastmath<nnan> : f32
    %m = arith.select %k, %s, %lo : f32
    // to_nearest_even is the default: nothing to keep.
    %y = arith.truncf %m to_nearest_even fastmath<contract> : f32 to f16
    linalg.yield %y : f16
  }
  return
}

// -----

// CHECK-LABEL: gpu.func @integer_flags(
// CHECK: wmma.mma
// CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nsw> : vector<8xi32>
// CHECK: arith.shrsi %{{.*}}, %{{.*}} exact : vector<8xi32>
// CHECK: arith.trunci %{{.*}} overflow<nsw, nuw> : vector<8xi32> to vector<8xi8>
func.func @integer_flags(%A: memref<32x32xi8>, %B: memref<32x32xi8>, %Y: memref<32x32xi8>) {
  %zero = arith.constant 0 : i32
  %t = memref.alloc() : memref<32x32xi32>
  linalg.fill ins(%zero : i32) outs(%t : memref<32x32xi32>)
  linalg.matmul ins(%A, %B : memref<32x32xi8>, memref<32x32xi8>) outs(%t : memref<32x32xi32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<32x32xi32>) outs(%Y : memref<32x32xi8>) {
  ^bb0(%x: i32, %o: i8):
    %c = arith.constant 64 : i32
    %sh = arith.constant 8 : i32
    %a = arith.addi %x, %c overflow<nsw> : i32
    %s = arith.shrsi %a, %sh exact : i32
    %y = arith.trunci %s overflow<nsw, nuw> : i32 to i8
    linalg.yield %y : i8
  }
  return
}
