// Reductions the reduction template does not take: one remark each, the
// function left alone -- unless the function is several kernels' work,
// which it then becomes (a program).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// A row and a column reduction in one result: two kernels' work (the
// second also divides), a program in whole-function mode.
// CHECK-LABEL: gpu.module @row_and_column_module
// CHECK-COUNT-2: template = "reduction"
// CHECK: func.func @row_and_column({{.*}}) attributes {wmma.program = 2
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
func.func @row_and_column(%x: memref<64x64xf32>, %y: memref<64x64xf32>) {
  %z = arith.constant 0.0 : f32
  %r = memref.alloc() : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  linalg.fill ins(%z : f32) outs(%r : memref<64xf32>)
  linalg.reduce ins(%x : memref<64x64xf32>) outs(%r : memref<64xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  linalg.fill ins(%z : f32) outs(%c : memref<64xf32>)
  linalg.reduce ins(%x : memref<64x64xf32>) outs(%c : memref<64xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %r, %c : memref<64x64xf32>, memref<64xf32>, memref<64xf32>) outs(%y : memref<64x64xf32>) {
  ^bb0(%a: f32, %rs: f32, %cs: f32, %o: f32):
    %t = arith.addf %rs, %cs : f32
    %d = arith.divf %a, %t : f32
    linalg.yield %d : f32
  }
  return
}

// -----

// A row statistic broadcast over a dimension it does not reduce: the sum
// and the product are two kernels (a program).
// CHECK-LABEL: gpu.module @broadcast_module
// CHECK: template = "reduction"
// CHECK: template = "elementwise"
// CHECK: func.func @broadcast({{.*}}) attributes {wmma.program = 2
#id3 = affine_map<(b, i, j) -> (b, i, j)>
#b = affine_map<(b, i, j) -> (b)>
func.func @broadcast(%x: memref<4x64xf32>, %u: memref<4x8x64xf32>, %y: memref<4x8x64xf32>) {
  %z = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<4xf32>
  linalg.fill ins(%z : f32) outs(%s : memref<4xf32>)
  linalg.reduce ins(%x : memref<4x64xf32>) outs(%s : memref<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %t = arith.addf %in, %init : f32
      linalg.yield %t : f32
    }
  linalg.generic {indexing_maps = [#id3, #b, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%u, %s : memref<4x8x64xf32>, memref<4xf32>) outs(%y : memref<4x8x64xf32>) {
  ^bb0(%a: f32, %v: f32, %o: f32):
    %d = arith.mulf %a, %v : f32
    linalg.yield %d : f32
  }
  return
}

// -----

// f64 statistics: the cross-lane steps move 32-bit values.
// CHECK-LABEL: func.func @f64_sum
// CHECK-NOT: gpu.module
func.func @f64_sum(%x: memref<16x100xf64>, %o: memref<16xf64>) {
  %z = arith.constant 0.0 : f64
  linalg.fill ins(%z : f64) outs(%o : memref<16xf64>)
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.reduce: a reduction in a type other than f32, f16, bf16 or i32}}
  linalg.reduce ins(%x : memref<16x100xf64>) outs(%o : memref<16xf64>) dimensions = [1]
    (%in: f64, %init: f64) {
      %s = arith.addf %in, %init : f64
      linalg.yield %s : f64
    }
  return
}
