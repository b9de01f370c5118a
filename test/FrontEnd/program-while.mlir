// scf.while around linalg: the host keeps the loop, its condition region
// (index arithmetic on the values it carries) and the yields, and the
// body's linalg becomes launches inside it, run once per iteration
// (numbers: test/tools/wmma-run/program-while.test).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=true})' | FileCheck %s

// CHECK-LABEL: func.func @while_two(
// CHECK-SAME: %[[N:arg2]]: index
// CHECK-SAME: attributes {wmma.program = 2
// CHECK: gpu.launch_func @while_two_module::@while_two_k0 {{.*}} args(%arg3 : memref<32x32xf32>)
// CHECK: %{{.*}}:2 = scf.while (%[[I:.*]] = %c0, %[[K:.*]] = %c1) : (index, index) -> (index, index) {
// CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %[[K]], %[[N]]
// CHECK-NEXT: scf.condition(%[[C]]) %[[I]], %[[K]]
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[I2:.*]]: index, %[[K2:.*]]: index):
// CHECK: gpu.launch_func @while_two_module::@while_two_k1 {{.*}} args(%arg0 : memref<32x32xf16>, %arg1 : memref<32x32xf16>, %arg3 : memref<32x32xf32>, %[[I2]] : index)
// CHECK-NEXT: %[[I3:.*]] = arith.addi %[[I2]], %c1
// CHECK-NEXT: %[[K3:.*]] = arith.muli %[[K2]], %c2
// CHECK-NEXT: scf.yield %[[I3]], %[[K3]]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @while_two(%x: memref<32x32xf16>, %w: memref<32x32xf16>, %n: index, %y: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<32x32xf32>)
  %r:2 = scf.while (%i = %c0, %k = %c1) : (index, index) -> (index, index) {
    %c = arith.cmpi slt, %k, %n : index
    scf.condition(%c) %i, %k : index, index
  } do {
  ^bb0(%i: index, %k: index):
    linalg.matmul ins(%x, %w : memref<32x32xf16>, memref<32x32xf16>) outs(%y : memref<32x32xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%y : memref<32x32xf32>) {
    ^bb0(%o: f32):
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %h = arith.mulf %o, %half : f32
      %t = arith.addf %h, %fi : f32
      linalg.yield %t : f32
    }
    %i1 = arith.addi %i, %c1 : index
    %k2 = arith.muli %k, %c2 : index
    scf.yield %i1, %k2 : index, index
  }
  return
}
