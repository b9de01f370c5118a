// Shared sub-expressions: 64 epilogue ops, each reading the previous value
// twice (%x1 = x0 + x0, ..., 2^64 paths from the result to the product).
// The graph is hash-consed, so every walk over it keeps a visited set
// (fe_graph_visit): compiling this takes well under a second, where the
// walkers without one took 0.7 s at 24 ops, 20 s at 28 and did not finish
// 40 within two minutes.  The timeout makes a regression fail, not hang.
// Doubling is exact and 2^64 times the product stays finite in f32, so the
// numbers are checked against the CPU reference too.
// RUN: timeout 60 wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: timeout 60 wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s
// RUN: timeout 120 wmma-run %s --chip gfx1201 --seed 5 | FileCheck %s --check-prefix=NUM
// RUN: timeout 120 wmma-run %s --chip gfx1100 --seed 6 | FileCheck %s --check-prefix=NUM

// CHECK: gpu.func @shared(
// CHECK: wmma.mma
// CHECK: %[[X1:.*]] = arith.addf %[[X0:.*]], %[[X0]] : vector<8xf32>
// CHECK-NEXT: %[[X2:.*]] = arith.addf %[[X1]], %[[X1]] : vector<8xf32>
// CHECK-COUNT-62: arith.addf
// CHECK-NOT: arith.addf
// CHECK: return

// NUM: output Y [32x32 f32]: {{.*}}, 0 of 1024 outside the bound -> PASS
// NUM: {{^}}PASS

func.func @shared(%A: memref<32x32xf16>, %B: memref<32x32xf16>,
                   %Y: memref<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%t : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<32x32xf32>) outs(%Y : memref<32x32xf32>) {
  ^bb0(%x0: f32, %o: f32):
    %x1 = arith.addf %x0, %x0 : f32
    %x2 = arith.addf %x1, %x1 : f32
    %x3 = arith.addf %x2, %x2 : f32
    %x4 = arith.addf %x3, %x3 : f32
    %x5 = arith.addf %x4, %x4 : f32
    %x6 = arith.addf %x5, %x5 : f32
    %x7 = arith.addf %x6, %x6 : f32
    %x8 = arith.addf %x7, %x7 : f32
    %x9 = arith.addf %x8, %x8 : f32
    %x10 = arith.addf %x9, %x9 : f32
    %x11 = arith.addf %x10, %x10 : f32
    %x12 = arith.addf %x11, %x11 : f32
    %x13 = arith.addf %x12, %x12 : f32
    %x14 = arith.addf %x13, %x13 : f32
    %x15 = arith.addf %x14, %x14 : f32
    %x16 = arith.addf %x15, %x15 : f32
    %x17 = arith.addf %x16, %x16 : f32
    %x18 = arith.addf %x17, %x17 : f32
    %x19 = arith.addf %x18, %x18 : f32
    %x20 = arith.addf %x19, %x19 : f32
    %x21 = arith.addf %x20, %x20 : f32
    %x22 = arith.addf %x21, %x21 : f32
    %x23 = arith.addf %x22, %x22 : f32
    %x24 = arith.addf %x23, %x23 : f32
    %x25 = arith.addf %x24, %x24 : f32
    %x26 = arith.addf %x25, %x25 : f32
    %x27 = arith.addf %x26, %x26 : f32
    %x28 = arith.addf %x27, %x27 : f32
    %x29 = arith.addf %x28, %x28 : f32
    %x30 = arith.addf %x29, %x29 : f32
    %x31 = arith.addf %x30, %x30 : f32
    %x32 = arith.addf %x31, %x31 : f32
    %x33 = arith.addf %x32, %x32 : f32
    %x34 = arith.addf %x33, %x33 : f32
    %x35 = arith.addf %x34, %x34 : f32
    %x36 = arith.addf %x35, %x35 : f32
    %x37 = arith.addf %x36, %x36 : f32
    %x38 = arith.addf %x37, %x37 : f32
    %x39 = arith.addf %x38, %x38 : f32
    %x40 = arith.addf %x39, %x39 : f32
    %x41 = arith.addf %x40, %x40 : f32
    %x42 = arith.addf %x41, %x41 : f32
    %x43 = arith.addf %x42, %x42 : f32
    %x44 = arith.addf %x43, %x43 : f32
    %x45 = arith.addf %x44, %x44 : f32
    %x46 = arith.addf %x45, %x45 : f32
    %x47 = arith.addf %x46, %x46 : f32
    %x48 = arith.addf %x47, %x47 : f32
    %x49 = arith.addf %x48, %x48 : f32
    %x50 = arith.addf %x49, %x49 : f32
    %x51 = arith.addf %x50, %x50 : f32
    %x52 = arith.addf %x51, %x51 : f32
    %x53 = arith.addf %x52, %x52 : f32
    %x54 = arith.addf %x53, %x53 : f32
    %x55 = arith.addf %x54, %x54 : f32
    %x56 = arith.addf %x55, %x55 : f32
    %x57 = arith.addf %x56, %x56 : f32
    %x58 = arith.addf %x57, %x57 : f32
    %x59 = arith.addf %x58, %x58 : f32
    %x60 = arith.addf %x59, %x59 : f32
    %x61 = arith.addf %x60, %x60 : f32
    %x62 = arith.addf %x61, %x61 : f32
    %x63 = arith.addf %x62, %x62 : f32
    %x64 = arith.addf %x63, %x63 : f32
    linalg.yield %x64 : f32
  }
  return
}
