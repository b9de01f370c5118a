// Gathers (torch-mlir's aten.embedding / aten.index_select): a body that
// reads another buffer at indices it computes becomes a plain elementwise
// kernel with the table as an argument.  A run of the output's innermost
// dimension that reads consecutive elements of one table row (an
// embedding: W[id[s], j]) is one vector load of the row, its row index
// clamped into the table; other gathers read one clamped scalar per
// element.  The ids are masked into the table (the CPU reference reads out
// of bounds otherwise; an out-of-range id reads the clamped row, see
// python/tests/test_gather.py).
// RUN: timeout 60 wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: timeout 60 wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s
// RUN: timeout 120 wmma-run %s --func embedding_f32 --chip gfx1201 --seed 1 | FileCheck %s --check-prefix=NUM
// RUN: timeout 120 wmma-run %s --func embedding_f32 --chip gfx1100 --seed 2 | FileCheck %s --check-prefix=NUM
// RUN: timeout 120 wmma-run %s --func embedding_f16 --chip gfx1201 --seed 3 | FileCheck %s --check-prefix=NUM
// RUN: timeout 120 wmma-run %s --func embedding_f16 --chip gfx1100 --seed 4 | FileCheck %s --check-prefix=NUM
// RUN: timeout 120 wmma-run %s --func embedding_matmul --chip gfx1201 --seed 5 | FileCheck %s --check-prefix=MM
// RUN: timeout 120 wmma-run %s --func embedding_matmul --chip gfx1100 --seed 6 | FileCheck %s --check-prefix=MM
// RUN: timeout 120 wmma-run %s --func embedding_batched --chip gfx1201 --seed 7 | FileCheck %s --check-prefix=NUM3
// RUN: timeout 120 wmma-run %s --func embedding_batched --chip gfx1100 --seed 8 | FileCheck %s --check-prefix=NUM3
// RUN: timeout 120 wmma-run %s --func mm_gather_bias --chip gfx1201 --seed 9 | FileCheck %s --check-prefix=NUM4
// RUN: timeout 120 wmma-run %s --func mm_gather_bias --chip gfx1100 --seed 10 | FileCheck %s --check-prefix=NUM4
// RUN: timeout 120 wmma-run %s --func embedding_reversed --chip gfx1201 --seed 11 | FileCheck %s --check-prefix=NUM
// RUN: timeout 120 wmma-run %s --func embedding_reversed --chip gfx1100 --seed 12 | FileCheck %s --check-prefix=NUM

// CHECK-LABEL: gpu.func @embedding_f32(
// CHECK-SAME: memref<1000x64xf32>, %{{.*}}: memref<37xi32>, %{{.*}}: memref<37x64xf32>) kernel
// CHECK-SAME: template = "elementwise"
// CHECK: %[[ID:.*]] = vector.extract
// CHECK: %[[LO:.*]] = arith.maxsi %[[ID]]
// CHECK: %[[HI:.*]] = arith.minsi %[[LO]]
// CHECK: vector.load %{{.*}}[%[[HI]], %{{.*}}] : memref<1000x64xf32, {{.*}}>, vector<4xf32>
// CHECK-NOT: memref.load %{{.*}} : memref<1000x64xf32
// NUM: output {{o|result0}} [37x64 {{f16|f32}}]: {{.*}}, 0 of 2368 outside the bound -> PASS
// NUM: {{^}}PASS
func.func @embedding_f32(%w: memref<1000x64xf32>, %ids: memref<37xi32>, %o: memref<37x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(s, e) -> (s)>, affine_map<(s, e) -> (s, e)>], iterator_types = ["parallel", "parallel"]} ins(%ids : memref<37xi32>) outs(%o : memref<37x64xf32>) {
  ^bb0(%id: i32, %out: f32):
    %m = arith.constant 511 : i32
    %k = arith.andi %id, %m : i32
    %i = arith.index_cast %k : i32 to index
    %j = linalg.index 1 : index
    %v = memref.load %w[%i, %j] : memref<1000x64xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

// On tensors, as torch-mlir writes it before bufferization: tensor.extract.
// CHECK-LABEL: gpu.func @embedding_f16(
// CHECK-SAME: memref<1000x64xf16>
// CHECK-SAME: template = "elementwise"
// CHECK: vector.load %{{.*}} : memref<1000x64xf16, {{.*}}>, vector<8xf16>
func.func @embedding_f16(%w: tensor<1000x64xf16>, %ids: tensor<37xi32>) -> tensor<37x64xf16> {
  %e = tensor.empty() : tensor<37x64xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(s, e) -> (s)>, affine_map<(s, e) -> (s, e)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<37xi32>) outs(%e : tensor<37x64xf16>) {
  ^bb0(%id: i32, %out: f16):
    %m = arith.constant 511 : i32
    %k = arith.andi %id, %m : i32
    %i = arith.index_cast %k : i32 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %w[%i, %j] : tensor<1000x64xf16>
    linalg.yield %v : f16
  } -> tensor<37x64xf16>
  return %r : tensor<37x64xf16>
}

// -----

// The embedding, then a matmul of its rows: two kernels.
// CHECK-LABEL: gpu.func @embedding_matmul_k0(
// CHECK-SAME: template = "elementwise"
// CHECK: vector.load %{{.*}} : memref<1000x64xf16, {{.*}}>, vector<8xf16>
// CHECK-LABEL: gpu.func @embedding_matmul_k1(
// CHECK-SAME: template = "gemm"
// CHECK-NOT: memref<1000x64xf16
// CHECK: wmma.mma
// MM: program embedding_matmul on {{.*}}: 2 launches
// MM: output result0 [37x48 f32]: {{.*}}, 0 of 1776 outside the bound -> PASS
// MM: {{^}}PASS
func.func @embedding_matmul(%w: tensor<1000x64xf16>, %ids: tensor<37xi32>, %b: tensor<64x48xf16>) -> tensor<37x48xf32> {
  %e = tensor.empty() : tensor<37x64xf16>
  %x = linalg.generic {indexing_maps = [affine_map<(s, e) -> (s)>, affine_map<(s, e) -> (s, e)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<37xi32>) outs(%e : tensor<37x64xf16>) {
  ^bb0(%id: i32, %out: f16):
    %m = arith.constant 511 : i32
    %k = arith.andi %id, %m : i32
    %i = arith.index_cast %k : i32 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %w[%i, %j] : tensor<1000x64xf16>
    linalg.yield %v : f16
  } -> tensor<37x64xf16>
  %z = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<37x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e2 : tensor<37x48xf32>) -> tensor<37x48xf32>
  %r = linalg.matmul ins(%x, %b : tensor<37x64xf16>, tensor<64x48xf16>) outs(%f : tensor<37x48xf32>) -> tensor<37x48xf32>
  return %r : tensor<37x48xf32>
}

// -----

// A table computed in the function: its kernel writes it first, the
// gather reads it as an argument of the next kernel.
// CHECK-LABEL: gpu.func @gather_of_computed_k0(
// CHECK-LABEL: gpu.func @gather_of_computed_k1(
// CHECK-SAME: template = "elementwise"
// CHECK: arith.minsi
// CHECK: vector.load %{{.*}} : memref<50x16xf32, {{.*}}>, vector<4xf32>
func.func @gather_of_computed(%w: memref<50x16xf32>, %ids: memref<7xi64>, %o: memref<7x16xf32>) {
  %t = memref.alloc() : memref<50x16xf32>
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]} ins(%w : memref<50x16xf32>) outs(%t : memref<50x16xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(s, e) -> (s)>, affine_map<(s, e) -> (s, e)>], iterator_types = ["parallel", "parallel"]} ins(%ids : memref<7xi64>) outs(%o : memref<7x16xf32>) {
  ^bb0(%id: i64, %out: f32):
    %i = arith.index_cast %id : i64 to index
    %j = linalg.index 1 : index
    %v = memref.load %t[%i, %j] : memref<50x16xf32>
    linalg.yield %v : f32
  }
  return
}


// -----

// torch-mlir's embedding of a batch of sequences (ids 2 x 7): the kernel
// may collapse the id loops, the table keeps its shape.
// CHECK-LABEL: gpu.func @embedding_batched(
// CHECK-SAME: template = "elementwise"
// CHECK: vector.load %{{.*}} : memref<50x16xf32, {{.*}}>, vector<4xf32>
// NUM3: output o [2x7x16 f32]: {{.*}}, 0 of 224 outside the bound -> PASS
func.func @embedding_batched(%w: memref<50x16xf32>, %ids: memref<2x7xi32>, %o: memref<2x7x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, s, e) -> (b, s)>, affine_map<(b, s, e) -> (b, s, e)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ids : memref<2x7xi32>) outs(%o : memref<2x7x16xf32>) {
  ^bb0(%id: i32, %out: f32):
    %m = arith.constant 31 : i32
    %k = arith.andi %id, %m : i32
    %i = arith.index_cast %k : i32 to index
    %j = linalg.index 2 : index
    %v = memref.load %w[%i, %j] : memref<50x16xf32>
    linalg.yield %v : f32
  }
  return
}

// -----

// A gathered row added in a matmul's epilogue: one GEMM kernel, the table
// an argument of it.
// CHECK-LABEL: gpu.func @mm_gather_bias(
// CHECK-SAME: memref<100x48xf32>
// CHECK-SAME: template = "gemm"
// CHECK: wmma.mma
// CHECK: arith.minsi
// CHECK: memref.load %{{.*}} : memref<100x48xf32
// NUM4: output result0 [37x48 f32]: {{.*}}, 0 of 1776 outside the bound -> PASS
func.func @mm_gather_bias(%a: tensor<37x64xf16>, %b: tensor<64x48xf16>, %w: tensor<100x48xf32>, %ids: tensor<37xi32>) -> tensor<37x48xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<37x48xf32>) -> tensor<37x48xf32>
  %m = linalg.matmul ins(%a, %b : tensor<37x64xf16>, tensor<64x48xf16>) outs(%f : tensor<37x48xf32>) -> tensor<37x48xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(s, e) -> (s)>, affine_map<(s, e) -> (s, e)>, affine_map<(s, e) -> (s, e)>], iterator_types = ["parallel", "parallel"]} ins(%ids, %m : tensor<37xi32>, tensor<37x48xf32>) outs(%e : tensor<37x48xf32>) {
  ^bb0(%id: i32, %x: f32, %out: f32):
    %c = arith.constant 63 : i32
    %k = arith.andi %id, %c : i32
    %i = arith.index_cast %k : i32 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %w[%i, %j] : tensor<100x48xf32>
    %s = arith.addf %v, %x : f32
    linalg.yield %s : f32
  } -> tensor<37x48xf32>
  return %r : tensor<37x48xf32>
}

// -----

// A row read backwards (W[id, 63 - j]): the run's elements are not
// consecutive in the row, so each is read by itself (clamped).
// CHECK-LABEL: gpu.func @embedding_reversed(
// CHECK-SAME: template = "elementwise"
// CHECK-NOT: vector.load %{{.*}} : memref<1000x64xf32
// CHECK: memref.load %{{.*}} : memref<1000x64xf32
// CHECK-NOT: vector.load %{{.*}} : memref<1000x64xf32
// CHECK: gpu.return
func.func @embedding_reversed(%w: memref<1000x64xf32>, %ids: memref<37xi32>, %o: memref<37x64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(s, e) -> (s)>, affine_map<(s, e) -> (s, e)>], iterator_types = ["parallel", "parallel"]} ins(%ids : memref<37xi32>) outs(%o : memref<37x64xf32>) {
  ^bb0(%id: i32, %out: f32):
    %m = arith.constant 511 : i32
    %c63 = arith.constant 63 : index
    %k = arith.andi %id, %m : i32
    %i = arith.index_cast %k : i32 to index
    %j = linalg.index 1 : index
    %r = arith.subi %c63, %j : index
    %v = memref.load %w[%i, %r] : memref<1000x64xf32>
    linalg.yield %v : f32
  }
  return
}
