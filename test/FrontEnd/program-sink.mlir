// Data movement is moved next to its reader (Partition/Sink.c): a
// transpose written right after its producer joins the product that reads
// it later, through the product's indexing maps, so no kernel only copies.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s

// The transpose of x is read by the second product, after an unrelated
// one: two launches, no copy.
// CHECK-LABEL: func.func @sunk
// CHECK-SAME: attributes {wmma.program = 2 : i64}
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT: gpu.launch_func
func.func @sunk(%x: memref<64x32xf16>, %w: memref<32x48xf16>, %v: memref<64x40xf16>, %y: memref<64x48xf32>, %z: memref<32x40xf32>) {
  %zf = arith.constant 0.0 : f32
  %xt = memref.alloc() : memref<32x64xf16>
  linalg.transpose ins(%x : memref<64x32xf16>) outs(%xt : memref<32x64xf16>) permutation = [1, 0]
  linalg.fill ins(%zf : f32) outs(%y : memref<64x48xf32>)
  linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x48xf16>) outs(%y : memref<64x48xf32>)
  linalg.fill ins(%zf : f32) outs(%z : memref<32x40xf32>)
  linalg.matmul ins(%xt, %v : memref<32x64xf16>, memref<64x40xf16>) outs(%z : memref<32x40xf32>)
  memref.dealloc %xt : memref<32x64xf16>
  return
}

// -----

// The transpose's source is overwritten before the reader: it stays where
// it is, a kernel of its own launched before the overwrite.
// CHECK-LABEL: func.func @blocked
// CHECK-SAME: attributes {wmma.program = 3 : i64}
// CHECK: gpu.launch_func @blocked_module::@blocked_k0 {{.*}} args(%{{.*}} : memref<64x32xf16>, %[[XT:.*]] : memref<32x64xf16>)
// CHECK: gpu.launch_func @blocked_module::@blocked_k1 {{.*}} args(%{{.*}} : memref<64x32xf16>, %{{.*}} : memref<64x32xf16>)
// CHECK: gpu.launch_func @blocked_module::@blocked_k2 {{.*}} args(%{{.*}} : memref<32x40xf32>, %[[XT]] : memref<32x64xf16>
func.func @blocked(%x: memref<64x32xf16>, %x2: memref<64x32xf16>, %v: memref<64x40xf16>, %z: memref<32x40xf32>) {
  %zf = arith.constant 0.0 : f32
  %xt = memref.alloc() : memref<32x64xf16>
  linalg.transpose ins(%x : memref<64x32xf16>) outs(%xt : memref<32x64xf16>) permutation = [1, 0]
  linalg.copy ins(%x2 : memref<64x32xf16>) outs(%x : memref<64x32xf16>)
  linalg.fill ins(%zf : f32) outs(%z : memref<32x40xf32>)
  linalg.matmul ins(%xt, %v : memref<32x64xf16>, memref<64x40xf16>) outs(%z : memref<32x40xf32>)
  memref.dealloc %xt : memref<32x64xf16>
  return
}
