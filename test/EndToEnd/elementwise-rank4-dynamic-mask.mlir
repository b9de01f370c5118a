// Elementwise template, rank 4 with dynamic sizes: the last two dims of a
// 4-D input transposed (through the LDS tile, batches over grid z as
// row-major (a, b)), masked by a broadcast i1 matrix (arith.select).
// RUN: wmma-run %s --chip gfx1100 --sizes A=2x3x40x35,m=35x40,Y=2x3x35x40 --sizes A=1x2x1x3,m=3x1,Y=1x2x3x1 | FileCheck %s
// RUN: wmma-run %s --chip gfx1201 --sizes A=2x3x40x35,m=35x40,Y=2x3x35x40 --sizes A=1x2x1x3,m=3x1,Y=1x2x3x1 | FileCheck %s
// CHECK: grid [2, 2, 6], block [256, 1, 1], LDS 4224 bytes
// CHECK: output Y [2x3x35x40 f32]: max abs err 0, {{.*}}, 0 of 8400 outside the bound -> PASS
// CHECK: grid [1, 1, 2]
// CHECK: output Y [1x2x3x1 f32]: max abs err 0, {{.*}}, 0 of 6 outside the bound -> PASS

func.func @r4d(%A: memref<?x?x?x?xf32>, %m: memref<?x?xi1>, %Y: memref<?x?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, d, c)>, affine_map<(a, b, c, d) -> (c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%A, %m : memref<?x?x?x?xf32>, memref<?x?xi1>) outs(%Y : memref<?x?x?x?xf32>) {
  ^bb0(%x: f32, %k: i1, %o: f32):
    %z = arith.constant 0.0 : f32
    %r = arith.select %k, %x, %z : f32
    linalg.yield %r : f32
  }
  return
}
