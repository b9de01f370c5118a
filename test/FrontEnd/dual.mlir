// Horizontal fusion (Problem/ProblemDual.c): the kernel takes both B
// operands, loads A once per K step for both, and its epilogue reads both
// accumulators; products that do not share A are separate kernels.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// CHECK-LABEL: gpu.func @sum
// CHECK-SAME: (%[[X:.*]]: memref<64x32xf16>, %[[W1:.*]]: memref<32x48xf16>, %[[W2:.*]]: memref<32x48xf16>, %{{.*}}: memref<64x48xf32>) kernel
// CHECK: scf.for {{.*}} iter_args(%[[ACC1:.*]] = %{{.*}}, %[[ACC2:.*]] = %{{.*}}) -> (vector<8xf32>, vector<8xf32>)
// CHECK-NEXT: %[[A:.*]] = wmma.load <a, {{.*}}> %{{.*}}[
// CHECK-NEXT: %[[B2:.*]] = wmma.load <b, {{.*}}> %{{.*}}[
// CHECK-NEXT: %[[D2:.*]] = wmma.mma #atom %[[A]], %[[B2]], %[[ACC2]]
// CHECK-NEXT: %[[B1:.*]] = wmma.load <b, {{.*}}> %{{.*}}[
// CHECK-NEXT: %[[D1:.*]] = wmma.mma #atom %[[A]], %[[B1]], %[[ACC1]]
// CHECK-NEXT: scf.yield %[[D1]], %[[D2]]
// CHECK-LABEL: func.func @sum
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func
func.func @sum(%x: memref<64x32xf16>, %w1: memref<32x48xf16>, %w2: memref<32x48xf16>, %y: memref<64x48xf32>) {
  %zf = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<64x48xf32>
  %b = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zf : f32) outs(%a : memref<64x48xf32>)
  linalg.matmul ins(%x, %w1 : memref<64x32xf16>, memref<32x48xf16>) outs(%a : memref<64x48xf32>)
  linalg.fill ins(%zf : f32) outs(%b : memref<64x48xf32>)
  linalg.matmul ins(%x, %w2 : memref<64x32xf16>, memref<32x48xf16>) outs(%b : memref<64x48xf32>)
  linalg.add ins(%a, %b : memref<64x48xf32>, memref<64x48xf32>) outs(%y : memref<64x48xf32>)
  memref.dealloc %a : memref<64x48xf32>
  memref.dealloc %b : memref<64x48xf32>
  return
}

// -----

// Two A operands: not one kernel, and as a program each product is its
// own kernel with the sum as the second's epilogue.
// CHECK-LABEL: func.func @two_a
// CHECK-SAME: wmma.program = 2
func.func @two_a(%x: memref<64x32xf16>, %x2: memref<64x32xf16>, %w1: memref<32x48xf16>, %w2: memref<32x48xf16>, %y: memref<64x48xf32>) {
  %zf = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<64x48xf32>
  %b = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zf : f32) outs(%a : memref<64x48xf32>)
  linalg.matmul ins(%x, %w1 : memref<64x32xf16>, memref<32x48xf16>) outs(%a : memref<64x48xf32>)
  linalg.fill ins(%zf : f32) outs(%b : memref<64x48xf32>)
  linalg.matmul ins(%x2, %w2 : memref<64x32xf16>, memref<32x48xf16>) outs(%b : memref<64x48xf32>)
  linalg.add ins(%a, %b : memref<64x48xf32>, memref<64x48xf32>) outs(%y : memref<64x48xf32>)
  memref.dealloc %a : memref<64x48xf32>
  memref.dealloc %b : memref<64x48xf32>
  return
}
