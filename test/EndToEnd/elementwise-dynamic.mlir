// Elementwise template, dynamic sizes: one compiled kernel (grid from the
// launch record) at several sizes; a row vector added and a column vector
// (one scalar load per run, broadcast) multiplied; then a dynamic transpose
// through the LDS tile.
// RUN: wmma-run %s --func bcast --chip gfx1100 --sizes A=37x33,r=33,c=37,Y=37x33 --sizes A=1x1,r=1,c=1,Y=1x1 --sizes A=5x1030,r=1030,c=5,Y=5x1030 | FileCheck %s --check-prefix=BCAST
// RUN: wmma-run %s --func bcast --chip gfx1201 --sizes A=37x33,r=33,c=37,Y=37x33 --sizes A=1x1,r=1,c=1,Y=1x1 --sizes A=5x1030,r=1030,c=5,Y=5x1030 | FileCheck %s --check-prefix=BCAST
// RUN: wmma-run %s --func transpose --chip gfx1100 --sizes T=70x45,U=45x70 --sizes T=1x3,U=3x1 | FileCheck %s --check-prefix=TRANS
// RUN: wmma-run %s --func transpose --chip gfx1201 --sizes T=70x45,U=45x70 --sizes T=1x3,U=3x1 | FileCheck %s --check-prefix=TRANS
// BCAST: output Y [37x33 f32]: {{.*}}, 0 of 1221 outside the bound -> PASS
// BCAST: output Y [1x1 f32]: {{.*}}, 0 of 1 outside the bound -> PASS
// BCAST: grid [2, 5, 1]
// BCAST: output Y [5x1030 f32]: {{.*}}, 0 of 5150 outside the bound -> PASS
// TRANS: grid [3, 2, 1], block [256, 1, 1], LDS 4224 bytes
// TRANS: output U [45x70 f32]: max abs err 0, {{.*}}, 0 of 3150 outside the bound -> PASS
// TRANS: output U [3x1 f32]: max abs err 0, {{.*}}, 0 of 3 outside the bound -> PASS

func.func @bcast(%A: memref<?x?xf32>, %r: memref<?xf32>, %c: memref<?xf32>, %Y: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A, %r, %c : memref<?x?xf32>, memref<?xf32>, memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %s: f32, %o: f32):
    %t = arith.addf %a, %b : f32
    %u = arith.mulf %t, %s : f32
    linalg.yield %u : f32
  }
  return
}

func.func @transpose(%T: memref<?x?xf32>, %U: memref<?x?xf32>) {
  linalg.transpose ins(%T : memref<?x?xf32>) outs(%U : memref<?x?xf32>) permutation = [1, 0]
  return
}
