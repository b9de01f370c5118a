// Elementwise template: i8 -> i32 sign extension (exact), runs of 4.
// RUN: wmma-run %s --chip gfx1100 --seed 13 | FileCheck %s
// RUN: wmma-run %s --chip gfx1201 --seed 14 | FileCheck %s
// CHECK: output Y [19x45 i32]: max abs err 0, {{.*}}, 0 of 855 outside the bound -> PASS
// CHECK: {{^}}PASS

func.func @ext(%A: memref<19x45xi8>, %Y: memref<19x45xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<19x45xi8>) outs(%Y : memref<19x45xi32>) {
  ^bb0(%a: i8, %o: i32):
    %e = arith.extsi %a : i8 to i32
    linalg.yield %e : i32
  }
  return
}
