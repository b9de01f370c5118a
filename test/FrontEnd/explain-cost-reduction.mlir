// wmma-linalg-to-kernels{explain-cost}: the reduction template's row form
// chooses its lanes per row (32..256; rows per workgroup 256 / lanes,
// fewer when there are fewer rows) by the modelled time
// (Schedule/PlainCost.c); within 5% the old rule's (the fewest lanes
// whose 16-byte loads cover a quarter of the row) stays.
//
// 4 rows of 2000 f32: the old rule's 128 lanes make 2 workgroups of 2
// rows; 256 lanes make 4 of one row, each wave's loop a quarter as long.
// The emulator's counters (wmma-run --stats, boost): gfx1100 0.167 ->
// 0.15 us, gfx1201 0.141 -> 0.127 us (the model: 0.1592 -> 0.1512,
// 0.134 -> 0.1273).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R3
// R3: remark: reduction candidate: rows per workgroup = 2, lanes per row = 128, elements per access = 4: modelled 0.1592 us, the old rule's
// R3: remark: reduction candidate: rows per workgroup = 4, lanes per row = 32, elements per access = 4: modelled {{[0-9.]+}} us
// R3: remark: reduction candidate: rows per workgroup = 4, lanes per row = 64, elements per access = 4: modelled {{[0-9.]+}} us
// R3: remark: reduction candidate: rows per workgroup = 1, lanes per row = 256, elements per access = 4: modelled 0.1512 us
// R3: remark: reduction chosen: rows per workgroup = 1, lanes per row = 256, elements per access = 4: modelled 0.1512 us
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=R4
// R4: remark: reduction candidate: rows per workgroup = 2, lanes per row = 128, elements per access = 4: modelled 0.134 us, the old rule's
// R4: remark: reduction chosen: rows per workgroup = 1, lanes per row = 256, elements per access = 4: modelled 0.1273 us
// The schedule carries the choice (tile = [rows, lanes, elements]).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefix=IR
// IR: template = "reduction", {{.*}} tile = [1, 256, 4]
// Numerics of the new choice against the CPU reference.
// RUN: wmma-run %s --chip gfx1100 --stats 2>&1 | FileCheck %s --check-prefix=NUM
// RUN: wmma-run %s --chip gfx1201 --stats 2>&1 | FileCheck %s --check-prefix=NUM
// NUM: speed of light:
// NUM: PASS
func.func @rowsum(%x: memref<4x2000xf32>, %o: memref<4xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%o : memref<4xf32>)
  linalg.reduce ins(%x : memref<4x2000xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return
}
