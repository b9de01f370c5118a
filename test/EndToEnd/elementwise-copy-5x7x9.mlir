// Elementwise template: copies -- linalg.copy of a rank-3 bf16 buffer
// (batches over grid z) and memref.copy of an f16 matrix.
// RUN: wmma-run %s --func copy --chip gfx1100 --seed 11 | FileCheck %s --check-prefix=COPY
// RUN: wmma-run %s --func copy --chip gfx1201 --seed 12 | FileCheck %s --check-prefix=COPY
// RUN: wmma-run %s --func mcopy --chip gfx1100 --seed 13 | FileCheck %s --check-prefix=MCOPY
// RUN: wmma-run %s --func mcopy --chip gfx1201 --seed 14 | FileCheck %s --check-prefix=MCOPY
// COPY: grid [1, 1, 5]
// COPY: output Y [5x7x9 bf16]: max abs err 0, {{.*}}, 0 of 315 outside the bound -> PASS
// COPY: {{^}}PASS
// MCOPY: output D [3x17 f16]: max abs err 0, {{.*}}, 0 of 51 outside the bound -> PASS
// MCOPY: {{^}}PASS

func.func @copy(%A: memref<5x7x9xbf16>, %Y: memref<5x7x9xbf16>) {
  linalg.copy ins(%A : memref<5x7x9xbf16>) outs(%Y : memref<5x7x9xbf16>)
  return
}

func.func @mcopy(%C: memref<3x17xf16>, %D: memref<3x17xf16>) {
  memref.copy %C, %D : memref<3x17xf16> to memref<3x17xf16>
  return
}
