// Dynamic sizes: one compiled kernel (sizes read at run time, grid from the
// launch record) runs at several sizes per chip, tails in every dimension,
// registers and LDS staging.
// RUN: wmma-run %s --chip gfx1100 --sizes A=77x45,B=45x39,C=77x39 --sizes A=1x1,B=1x1,C=1x1 --sizes A=129x257,B=257x17,C=129x17 | FileCheck %s
// RUN: wmma-run %s --chip gfx1201 --sizes A=77x45,B=45x39,C=77x39 --sizes A=1x1,B=1x1,C=1x1 --sizes A=129x257,B=257x17,C=129x17 | FileCheck %s
// RUN: wmma-run %s --chip gfx1100 --staging lds --strategy bpermute --sizes A=77x45,B=45x39,C=77x39 --sizes A=1x1,B=1x1,C=1x1 --sizes A=129x257,B=257x17,C=129x17 | FileCheck %s --check-prefixes=CHECK,LDS
// RUN: wmma-run %s --chip gfx1201 --staging registers --sizes A=77x45,B=45x39,C=77x39 --sizes A=1x1,B=1x1,C=1x1 --sizes A=129x257,B=257x17,C=129x17 | FileCheck %s --check-prefixes=CHECK,R
// Sizes that disagree with each other are refused before launching.
// RUN: %expect_exit 1 wmma-run %s --chip gfx1201 --sizes A=8x8,B=9x8,C=8x8 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: %expect_exit 1 wmma-run %s --chip gfx1201 2>&1 | FileCheck %s --check-prefix=MISSING
// R: block [128, 1, 1], LDS 0 bytes
// LDS: LDS {{[1-9][0-9]*}} bytes
// CHECK: output C [77x39 f32]: {{.*}}, 0 of 3003 outside the bound -> PASS
// CHECK: {{^}}PASS
// CHECK: output C [1x1 f32]: {{.*}}, 0 of 1 outside the bound -> PASS
// CHECK: {{^}}PASS
// CHECK: output C [129x17 f32]: {{.*}}, 0 of 2193 outside the bound -> PASS
// CHECK: {{^}}PASS
// MISMATCH: argument 'B' dimension 0 is 9, but the program needs it equal to another argument's size 8
// MISSING: argument 'A' has run-time sizes: give them with --size A=?x?

func.func @gemm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  return
}
