// Elementwise template: a fill (outputs start at zero, so every element
// left unwritten would differ from the reference's 2.5).
// RUN: wmma-run %s --chip gfx1100 | FileCheck %s
// RUN: wmma-run %s --chip gfx1201 | FileCheck %s
// CHECK: output Y [37x33 f32]: max abs err 0, {{.*}}, 0 of 1221 outside the bound -> PASS
// CHECK: {{^}}PASS

func.func @fill(%Y: memref<37x33xf32>) {
  %c = arith.constant 2.5 : f32
  linalg.fill ins(%c : f32) outs(%Y : memref<37x33xf32>)
  return
}
