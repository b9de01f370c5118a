// Elementwise template: a 2-D transpose at odd sizes through the padded
// 32x33 LDS tile (4224 bytes), and without it (element by element).
// RUN: wmma-run %s --chip gfx1100 --seed 3 | FileCheck %s --check-prefixes=CHECK,LDS
// RUN: wmma-run %s --chip gfx1201 --seed 4 | FileCheck %s --check-prefixes=CHECK,LDS
// RUN: wmma-run %s --chip gfx1201 --staging registers | FileCheck %s --check-prefixes=CHECK,REGS
// LDS: grid [3, 2, 1], block [256, 1, 1], LDS 4224 bytes
// REGS: LDS 0 bytes
// CHECK: output B [33x65 f32]: max abs err 0, {{.*}}, 0 of 2145 outside the bound -> PASS
// CHECK: {{^}}PASS

func.func @transpose(%A: memref<65x33xf32>, %B: memref<33x65xf32>) {
  linalg.transpose ins(%A : memref<65x33xf32>) outs(%B : memref<33x65xf32>) permutation = [1, 0]
  return
}
