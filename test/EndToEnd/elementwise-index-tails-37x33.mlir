// Elementwise template: linalg.index of the column at odd sizes (a run of 8
// straddles the last column of every row; the run's indices are its first
// column + 0..7).  (Stores past a row's end land where the next row's own
// thread writes later, so the masked tail store is asserted by FileCheck in
// test/FrontEnd/elementwise.mlir, not here.)
// RUN: wmma-run %s --chip gfx1100 --seed 21 | FileCheck %s
// RUN: wmma-run %s --chip gfx1201 --seed 22 | FileCheck %s
// CHECK: output Y [37x33 f16]: {{.*}}, 0 of 1221 outside the bound -> PASS
// CHECK: {{^}}PASS

func.func @index_tails(%A: memref<37x33xf16>, %Y: memref<37x33xf16>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<37x33xf16>) outs(%Y : memref<37x33xf16>) {
  ^bb0(%a: f16, %o: f16):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f16
    %r = arith.addf %a, %jf : f16
    linalg.yield %r : f16
  }
  return
}
