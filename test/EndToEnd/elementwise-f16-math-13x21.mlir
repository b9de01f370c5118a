// Elementwise template: math on f16 and bf16 values (exp, tanh), computed
// in f32 and rounded once (the backend would call the ROCm device library
// for most 16-bit math functions).
// RUN: wmma-run %s --func half --chip gfx1100 --seed 31 | FileCheck %s --check-prefix=HALF
// RUN: wmma-run %s --func half --chip gfx1201 --seed 32 | FileCheck %s --check-prefix=HALF
// RUN: wmma-run %s --func brain --chip gfx1100 --seed 33 | FileCheck %s --check-prefix=BRAIN
// RUN: wmma-run %s --func brain --chip gfx1201 --seed 34 | FileCheck %s --check-prefix=BRAIN
// HALF: output Y [13x21 f16]: {{.*}}, 0 of 273 outside the bound -> PASS
// HALF: {{^}}PASS
// BRAIN: output Z [13x21 bf16]: {{.*}}, 0 of 273 outside the bound -> PASS
// BRAIN: {{^}}PASS

func.func @half(%A: memref<13x21xf16>, %B: memref<13x21xf16>, %Y: memref<13x21xf16>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A, %B : memref<13x21xf16>, memref<13x21xf16>) outs(%Y : memref<13x21xf16>) {
  ^bb0(%a: f16, %b: f16, %o: f16):
    %e = math.exp %a : f16
    %t = math.tanh %b : f16
    %r = arith.mulf %e, %t : f16
    linalg.yield %r : f16
  }
  return
}

func.func @brain(%C: memref<13x21xbf16>, %Z: memref<13x21xbf16>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<13x21xbf16>) outs(%Z : memref<13x21xbf16>) {
  ^bb0(%c: bf16, %o: bf16):
    %t = math.tanh %c : bf16
    %e = math.exp %t : bf16
    linalg.yield %e : bf16
  }
  return
}
