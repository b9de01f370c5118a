// Several M (or K) dimensions adjacent and contiguous in every buffer that
// reads them: one loop (the innermost, of the product of their sizes), the
// others of size 1 at index 0, the buffers read and written through
// memref.reinterpret_cast views (the collapsed dims' innermost spans them,
// the others size 1, stride 0), composed with a batch view when needed.
// RUN: wmma-opt %S/Inputs/collapsed-m.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %S/Inputs/collapsed-k.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefix=K

// IREE's expanded matmul (b, m0, m1, k) x (k, n): M = 2 * 3 * 7 = 42.
// CHECK-LABEL: gpu.func @expanded(
// CHECK-SAME: grid = () -> (1, 3, 1)
// CHECK: %[[A:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1, 42, 40], strides: [0, 0, 40, 1] : memref<2x3x7x40xf16
// CHECK: %[[R:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1, 42, 29], strides: [0, 0, 29, 1] : memref<2x3x7x29xf32
// CHECK: %[[C:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1, 42, 29], strides: [0, 0, 29, 1] : memref<2x3x7x29xf32
// CHECK: wmma.load <{{.*}}> %[[A]][%c0, %c0, %{{.*}}, %{{.*}}]
// CHECK: wmma.mma
// CHECK: %[[R]][%c0, %c0,
// CHECK: vector.store %{{.*}}, %[[C]][%c0, %c0,

// K split in two, (m, k0, k1) x (k0, k1, n): K = 48; A's unit dim then
// moves before the matrix (a transpose of the view).
// K-LABEL: gpu.func @two_k(
// K: %[[A:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [33, 1, 48], strides: [48, 0, 1]
// K: %[[AT:.*]] = memref.transpose %[[A]] (d0, d1, d2) -> (d1, d0, d2)
// K: %[[B:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 48, 21], strides: [0, 21, 1]
// K: scf.for %[[K:.*]] = %c0 to %c48 step %c16
// K: wmma.load <a, {{.*}}> %[[AT]][%c0, %{{.*}}, %[[K]]]
// K: wmma.load <b, {{.*}}> %[[B]][%c0, %[[K]], %{{.*}}]
