// Index-typed scalar arguments: passed to the kernel as they are, with the
// index arithmetic done on them outside the linalg ops (%len + 1) replayed
// where they are used -- here a length mask against linalg.index, and an
// index constant compared inside the body.
// RUN: wmma-opt %S/Inputs/index-argument.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 whole-functions=1})' | FileCheck %s --check-prefix=MEM

// CHECK-LABEL: gpu.func @masked(
// CHECK-SAME: %arg2: index
// CHECK: wmma.mma
// CHECK: %[[LEN:.*]] = vector.broadcast %arg2 : index to vector<8xindex>
// CHECK: %[[END:.*]] = arith.addi %[[LEN]], %{{.*}} : vector<8xindex>
// CHECK: arith.cmpi ult, %{{.*}}, %[[END]] : vector<8xindex>
// CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : vector<8xindex>
// CHECK: arith.select
// CHECK-LABEL: func.func @masked(
// CHECK: gpu.launch_func @masked_module::@masked {{.*}} args({{.*}}, %arg2 : index,

// Memrefs: an index offset and an index_cast of it to f32 scaling the result.
// MEM-LABEL: gpu.func @shifted(
// MEM-SAME: %arg3: index
// MEM: arith.index_cast %{{.*}} : vector<8xindex> to vector<8xi32>
// MEM: arith.sitofp
// MEM: arith.mulf
func.func @shifted(%A: memref<20x32xf16>, %B: memref<32x24xf16>, %C: memref<20x24xf32>, %n: index) {
  %c2 = arith.constant 2 : index
  %m = arith.muli %n, %c2 : index
  %z = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<20x24xf32>
  linalg.fill ins(%z : f32) outs(%p : memref<20x24xf32>)
  linalg.matmul ins(%A, %B : memref<20x32xf16>, memref<32x24xf16>) outs(%p : memref<20x24xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<20x24xf32>) outs(%C : memref<20x24xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = arith.index_cast %m : index to i32
    %f = arith.sitofp %i : i32 to f32
    %y = arith.mulf %x, %f : f32
    linalg.yield %y : f32
  }
  return
}

// -----

// A scalar computed from a size (memref.dim) is not one the kernel has;
// the body using it is skipped, not refused again.
func.func @from_dim(%A: memref<?x32xf16>, %B: memref<32x24xf16>, %C: memref<?x24xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %A, %c0 : memref<?x32xf16>
  // expected-remark @+1 {{not converted to a wmma kernel: arith.subi: a size (memref.dim) used as a scalar value is not supported; pass it as an index argument}}
  %e = arith.subi %d, %c1 : index
  linalg.matmul ins(%A, %B : memref<?x32xf16>, memref<32x24xf16>) outs(%C : memref<?x24xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%C : memref<?x24xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %k = arith.cmpi ult, %i, %e : index
    %z = arith.constant 0.0 : f32
    %y = arith.select %k, %o, %z : f32
    linalg.yield %y : f32
  }
  return
}
