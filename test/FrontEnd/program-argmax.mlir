// A value and its position reduced together: torch-mlir's aten.max.dim /
// min.dim (and aten.argmax, which keeps only the positions), TOSA's argmax.
// The two-output linalg.generic becomes single-output reductions
// (Recognize/ArgReductions.c) that the reduction template runs in one
// kernel: the first NaN's position (once the running value is NaN, the
// strict compare never selects again), the best value before it, the first
// position holding it.  The values, when read, are a second reduction
// kernel; when unread (argmax) no kernel computes them.
// RUN: timeout 60 wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: timeout 60 wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s
// Exact against MLIR's CPU lowering of the program (the select form's values
// start at the lowest f32, whose magnitude makes the bound vacuous: a
// tolerance of 1e-30 asks for the same numbers instead):
// RUN: timeout 120 wmma-run %s --func max_dim --chip gfx1201 --seed 1 | FileCheck %s --check-prefix=TWO
// RUN: timeout 120 wmma-run %s --func max_dim --chip gfx1100 --seed 2 | FileCheck %s --check-prefix=TWO
// RUN: timeout 120 wmma-run %s --func argmax_keepdim --chip gfx1201 --size x=37x1000 --seed 3 | FileCheck %s --check-prefix=ONE
// RUN: timeout 120 wmma-run %s --func argmax_keepdim --chip gfx1100 --size x=5x1000 --seed 4 | FileCheck %s --check-prefix=ONE
// RUN: timeout 120 wmma-run %s --func min_dim_f16 --chip gfx1201 --seed 5 | FileCheck %s --check-prefix=TWO
// RUN: timeout 120 wmma-run %s --func min_dim_f16 --chip gfx1100 --seed 6 | FileCheck %s --check-prefix=TWO
// RUN: timeout 120 wmma-run %s --func tosa_argmax --chip gfx1201 --seed 7 | FileCheck %s --check-prefix=ONE
// RUN: timeout 120 wmma-run %s --func tosa_argmax --chip gfx1100 --seed 8 | FileCheck %s --check-prefix=ONE
// RUN: timeout 120 wmma-run %s --func select_max_and_argmax --chip gfx1201 --seed 9 --atol 1e-30 | FileCheck %s --check-prefix=TWO
// RUN: timeout 120 wmma-run %s --func select_max_and_argmax --chip gfx1100 --seed 10 --atol 1e-30 | FileCheck %s --check-prefix=TWO
// RUN: timeout 120 wmma-run %s --func max_dim_i32 --chip gfx1201 --seed 11 | FileCheck %s --check-prefix=TWO
// RUN: timeout 120 wmma-run %s --func max_dim_i32 --chip gfx1100 --seed 12 | FileCheck %s --check-prefix=TWO

// ONE: output result0 {{.*}} 0 of {{[0-9]+}} outside the bound -> PASS
// ONE-NOT: result1
// ONE: {{^}}PASS
// TWO: output result0 {{.*}} max abs err 0, {{.*}} 0 of {{[0-9]+}} outside the bound -> PASS
// TWO: output result1 {{.*}} max abs err 0, {{.*}} 0 of {{[0-9]+}} outside the bound -> PASS
// TWO: {{^}}PASS

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#keep = affine_map<(i, j) -> (i, 0)>
#id3 = affine_map<(b, i, j) -> (b, i, j)>
#col = affine_map<(b, i, j) -> (b, j)>

// aten.max.dim(x, 1) as TorchToLinalg writes it: values from -inf with
// maximumf, positions from 0 selected by `ogt`.  Two launches after the
// fills: the positions' reduction kernel and the values' max.
// CHECK-LABEL: gpu.module @max_dim_module
// CHECK: gpu.func @max_dim_k2(%{{.*}}: memref<100x77xf32>, %{{.*}}: memref<100xf32>, %{{.*}}: memref<100xi64>)
// CHECK-SAME: template = "reduction"
// The first NaN (a min of positions), the best value before it, the first
// position holding it, the position widened to i64 and stored.
// CHECK: arith.cmpf uno
// CHECK: arith.minsi
// CHECK: arith.maximumf
// CHECK: arith.cmpf oeq
// CHECK: arith.minsi
// CHECK: arith.extsi {{.*}} : vector<1xi32> to vector<1xi64>
// CHECK: memref.store {{.*}} : memref<100xi64
// CHECK: gpu.func @max_dim_k3(%{{.*}}: memref<100x77xf32>, %{{.*}}: memref<100xf32>)
// CHECK-SAME: template = "reduction"
// CHECK-LABEL: func.func @max_dim(
// CHECK-SAME: wmma.program = 4
// CHECK-COUNT-4: gpu.launch_func
// CHECK-NOT: gpu.launch_func
// CHECK: return
func.func @max_dim(%x: tensor<100x77xf32>) -> (tensor<100xf32>, tensor<100xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i64
  %ei = tensor.empty() : tensor<100xi64>
  %ef = tensor.empty() : tensor<100xf32>
  %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<100xi64>) -> tensor<100xi64>
  %fv = linalg.fill ins(%ninf : f32) outs(%ef : tensor<100xf32>) -> tensor<100xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<100x77xf32>) outs(%fv, %fi : tensor<100xf32>, tensor<100xi64>) {
  ^bb0(%a: f32, %v: f32, %i: i64):
    %j = linalg.index 1 : index
    %jc = arith.index_cast %j : index to i64
    %m = arith.maximumf %a, %v : f32
    %p = arith.cmpf ogt, %a, %v : f32
    %si = arith.select %p, %jc, %i : i64
    linalg.yield %m, %si : f32, i64
  } -> (tensor<100xf32>, tensor<100xi64>)
  return %r#0, %r#1 : tensor<100xf32>, tensor<100xi64>
}

// aten.argmax(x, 1, keepdim=True) with a run-time row count: max.dim whose
// values nobody reads -- no kernel computes them.
// CHECK-LABEL: gpu.module @argmax_keepdim_module
// CHECK: gpu.func @argmax_keepdim_k2(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?x1000xf32>, %{{.*}}: memref<?xi64>)
// CHECK-SAME: template = "reduction"
// CHECK-NOT: gpu.func
// CHECK-LABEL: func.func @argmax_keepdim(
// CHECK-SAME: wmma.program = 3
// CHECK-COUNT-3: gpu.launch_func
// CHECK-NOT: gpu.launch_func
func.func @argmax_keepdim(%x: tensor<?x1000xf32>) -> tensor<?x1xi64> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x1000xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i64
  %ei = tensor.empty(%n) : tensor<?x1xi64>
  %ef = tensor.empty(%n) : tensor<?x1xf32>
  %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<?x1xi64>) -> tensor<?x1xi64>
  %fv = linalg.fill ins(%ninf : f32) outs(%ef : tensor<?x1xf32>) -> tensor<?x1xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #keep, #keep], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x1000xf32>) outs(%fv, %fi : tensor<?x1xf32>, tensor<?x1xi64>) {
  ^bb0(%a: f32, %v: f32, %i: i64):
    %j = linalg.index 1 : index
    %jc = arith.index_cast %j : index to i64
    %m = arith.maximumf %a, %v : f32
    %p = arith.cmpf ogt, %a, %v : f32
    %si = arith.select %p, %jc, %i : i64
    linalg.yield %m, %si : f32, i64
  } -> (tensor<?x1xf32>, tensor<?x1xi64>)
  return %r#1 : tensor<?x1xi64>
}

// aten.min.dim(x, 1) in f16 over the middle dimension of a 3-D tensor
// (+inf start, minimumf, `olt`).
// CHECK-LABEL: gpu.module @min_dim_f16_module
// CHECK: arith.minimumf
// CHECK: arith.cmpf olt
// CHECK-LABEL: func.func @min_dim_f16(
func.func @min_dim_f16(%x: tensor<4x300x24xf16>) -> (tensor<4x24xf16>, tensor<4x24xi64>) {
  %inf = arith.constant 0x7C00 : f16
  %z = arith.constant 0 : i64
  %ei = tensor.empty() : tensor<4x24xi64>
  %ef = tensor.empty() : tensor<4x24xf16>
  %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<4x24xi64>) -> tensor<4x24xi64>
  %fv = linalg.fill ins(%inf : f16) outs(%ef : tensor<4x24xf16>) -> tensor<4x24xf16>
  %r:2 = linalg.generic {indexing_maps = [#id3, #col, #col], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<4x300x24xf16>) outs(%fv, %fi : tensor<4x24xf16>, tensor<4x24xi64>) {
  ^bb0(%a: f16, %v: f16, %i: i64):
    %j = linalg.index 1 : index
    %jc = arith.index_cast %j : index to i64
    %m = arith.minimumf %a, %v : f16
    %p = arith.cmpf olt, %a, %v : f16
    %si = arith.select %p, %jc, %i : i64
    linalg.yield %m, %si : f16, i64
  } -> (tensor<4x24xf16>, tensor<4x24xi64>)
  return %r#0, %r#1 : tensor<4x24xf16>, tensor<4x24xi64>
}

// tosa.argmax as TosaToLinalg writes it: positions first (i32), values
// chosen by the same select (NaN never chosen), from the lowest f32.  The
// constant starts fold into the one kernel.
// CHECK-LABEL: gpu.module @tosa_argmax_module
// CHECK: gpu.func @tosa_argmax(%{{.*}}: memref<64x500xf32>, %{{.*}}: memref<64xi32>)
// CHECK-SAME: template = "reduction"
// CHECK: arith.cmpf ord
// CHECK-NOT: arith.cmpf uno
// CHECK-NOT: gpu.func
// CHECK-LABEL: func.func @tosa_argmax(
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
func.func @tosa_argmax(%x: tensor<64x500xf32>) -> tensor<64xi32> {
  %lowest = arith.constant -3.40282347E+38 : f32
  %z = arith.constant 0 : i32
  %ei = tensor.empty() : tensor<64xi32>
  %ef = tensor.empty() : tensor<64xf32>
  %fi = linalg.fill ins(%z : i32) outs(%ei : tensor<64xi32>) -> tensor<64xi32>
  %fv = linalg.fill ins(%lowest : f32) outs(%ef : tensor<64xf32>) -> tensor<64xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x500xf32>) outs(%fi, %fv : tensor<64xi32>, tensor<64xf32>) {
  ^bb0(%a: f32, %i: i32, %v: f32):
    %j = linalg.index 1 : index
    %jc = arith.index_cast %j : index to i32
    %p = arith.cmpf ogt, %a, %v : f32
    %m = arith.select %p, %a, %v : f32
    %si = arith.select %p, %jc, %i : i32
    linalg.yield %si, %m : i32, f32
  } -> (tensor<64xi32>, tensor<64xf32>)
  return %r#0 : tensor<64xi32>
}

// The select form with its values read: the value is the element at the
// chosen position (a zero keeps its sign).  The best value is read by three
// kernels here, so it is a buffer of its own: 6 launches.
// CHECK-LABEL: func.func @select_max_and_argmax(
// CHECK-SAME: wmma.program = 6
func.func @select_max_and_argmax(%x: tensor<64x500xf32>) -> (tensor<64xi32>, tensor<64xf32>) {
  %lowest = arith.constant -3.40282347E+38 : f32
  %z = arith.constant 0 : i32
  %ei = tensor.empty() : tensor<64xi32>
  %ef = tensor.empty() : tensor<64xf32>
  %fi = linalg.fill ins(%z : i32) outs(%ei : tensor<64xi32>) -> tensor<64xi32>
  %fv = linalg.fill ins(%lowest : f32) outs(%ef : tensor<64xf32>) -> tensor<64xf32>
  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x500xf32>) outs(%fi, %fv : tensor<64xi32>, tensor<64xf32>) {
  ^bb0(%a: f32, %i: i32, %v: f32):
    %j = linalg.index 1 : index
    %jc = arith.index_cast %j : index to i32
    %p = arith.cmpf ogt, %a, %v : f32
    %m = arith.select %p, %a, %v : f32
    %si = arith.select %p, %jc, %i : i32
    linalg.yield %si, %m : i32, f32
  } -> (tensor<64xi32>, tensor<64xf32>)
  return %r#0, %r#1 : tensor<64xi32>, tensor<64xf32>
}

// aten.max.dim on i32 (maxsi, `sgt`, from the smallest i32): no NaN step.
// CHECK-LABEL: gpu.module @max_dim_i32_module
// CHECK-NOT: arith.cmpf
// CHECK: arith.maxsi
// CHECK-LABEL: func.func @max_dim_i32(
func.func @max_dim_i32(%x: tensor<50x129xi32>) -> (tensor<50xi32>, tensor<50xi64>) {
  %lo = arith.constant -2147483648 : i32
  %z = arith.constant 0 : i64
  %ei = tensor.empty() : tensor<50xi64>
  %ef = tensor.empty() : tensor<50xi32>
  %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<50xi64>) -> tensor<50xi64>
  %fv = linalg.fill ins(%lo : i32) outs(%ef : tensor<50xi32>) -> tensor<50xi32>
  %r:2 = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<50x129xi32>) outs(%fv, %fi : tensor<50xi32>, tensor<50xi64>) {
  ^bb0(%a: i32, %v: i32, %i: i64):
    %j = linalg.index 1 : index
    %jc = arith.index_cast %j : index to i64
    %m = arith.maxsi %a, %v : i32
    %p = arith.cmpi sgt, %a, %v : i32
    %si = arith.select %p, %jc, %i : i64
    linalg.yield %m, %si : i32, i64
  } -> (tensor<50xi32>, tensor<50xi64>)
  return %r#0, %r#1 : tensor<50xi32>, tensor<50xi64>
}
