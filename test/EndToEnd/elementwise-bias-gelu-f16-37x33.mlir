// Elementwise template (no product): bias + GELU (erf) on f16 at odd sizes,
// computed in f32; runs of 8 f16 with vector loads, tails in both dims.
// RUN: wmma-run %s --chip gfx1100 --seed 7 | FileCheck %s
// RUN: wmma-run %s --chip gfx1201 --seed 8 | FileCheck %s
// CHECK: block [256, 1, 1], LDS 0 bytes
// CHECK: output Y [37x33 f16]: {{.*}}, 0 of 1221 outside the bound -> PASS
// CHECK: {{^}}PASS

func.func @bias_gelu(%X: memref<37x33xf16>, %b: memref<33xf16>, %Y: memref<37x33xf16>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%X, %b : memref<37x33xf16>, memref<33xf16>) outs(%Y : memref<37x33xf16>) {
  ^bb0(%x16: f16, %b16: f16, %o: f16):
    %x0 = arith.extf %x16 : f16 to f32
    %bb = arith.extf %b16 : f16 to f32
    %x = arith.addf %x0, %bb : f32
    %k = arith.constant 0.70710678 : f32
    %t0 = arith.mulf %x, %k : f32
    %e = math.erf %t0 : f32
    %one = arith.constant 1.0 : f32
    %t4 = arith.addf %e, %one : f32
    %h = arith.constant 0.5 : f32
    %t5 = arith.mulf %x, %h : f32
    %r = arith.mulf %t5, %t4 : f32
    %o16 = arith.truncf %r : f32 to f16
    linalg.yield %o16 : f16
  }
  return
}
