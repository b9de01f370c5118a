// The reduction template: functions whose result reads reductions but no
// product.  One group of lanes per row (several rows per workgroup when
// rows are short), lanes striding along the row with vector loads, partial
// results combined across the lanes of a wave by DPP row_xmask (1, 2, 4,
// 8) and v_permlanex16, across waves through LDS; the output written by
// the same lanes.  Column reductions: lanes own columns, the rows split
// between lane groups combined through LDS.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s
// The machine code has the DPP and permlanex16 steps, LDS for the waves' partials,
// no spills.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA --implicit-check-not=scratch_
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA --implicit-check-not=scratch_

// linalg.softmax on tensors: 100 rows of 1000, 64 lanes (2 waves) per row,
// 4 rows per workgroup (25 workgroups), 4 f32 per load.  The row is held
// in registers: each lane loads its 4 chunks of 4 (vectors l, l + 64,
// l + 128, l + 192 of the row's 250) once, for the max, the sum and the
// output; chunks past the row's end add nothing and store nothing.
// CHECK-LABEL: gpu.func @softmax(
// CHECK-SAME: workgroup(%[[LDS:.*]] : memref<4x2xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: wmma.launch = #wmma.launch<grid = () -> (25, 1, 1), block = [256, 1, 1], lds = 32
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "reduction", instruction = "none", staging = registers, tile = [4, 64, 4], waves = [8, 1]
// The row: lane % 64 along it, row tid / 64 of the workgroup's 4.
// CHECK: %[[ROW:.*]] = arith.divui %thread_id_x, %c64
// CHECK: %[[LANE:.*]] = arith.remui %thread_id_x, %c64
// CHECK: %[[R:.*]] = arith.addi %{{.*}}, %[[ROW]]
// The max over the lane's chunks (no loop).
// CHECK-NOT: scf.for
// CHECK: %[[OK0:.*]] = arith.cmpi ult, %[[LANE]], %c250
// CHECK: %[[X0:.*]] = vector.load %{{.*}}[%[[R]], %{{.*}}] : memref<100x1000xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<4xf32>
// CHECK: arith.select %[[OK0]], %[[X0]], %{{.*}} : vector<4xf32>
// CHECK-COUNT-3: vector.load %{{.*}}[%[[R]], %{{.*}}] : memref<100x1000xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<4xf32>
// CHECK: arith.maxnumf %{{.*}} : vector<4xf32>
// Across the wave: lanes l ^ 1, 2, 4, 8 (DPP row_xmask: 0x161 ...) and
// l ^ 16 (v_permlanex16).
// CHECK: rocdl.update.dpp {{.*}} with 353, 15, 15, true : i32
// CHECK: rocdl.update.dpp {{.*}} with 354, 15, 15, true : i32
// CHECK: rocdl.update.dpp {{.*}} with 356, 15, 15, true : i32
// CHECK: rocdl.update.dpp {{.*}} with 360, 15, 15, true : i32
// CHECK: rocdl.permlanex16
// Across the row's two waves: each wave's first lane writes its partial,
// every lane reads both.
// CHECK: scf.if
// CHECK-NEXT: memref.store %{{.*}}, %[[LDS]][%[[ROW]], %{{.*}}]
// CHECK: amdgpu.lds_barrier
// CHECK: memref.load %[[LDS]][%[[ROW]], %c0]
// CHECK: memref.load %[[LDS]][%[[ROW]], %c1]
// CHECK: amdgpu.lds_barrier
// Then the sum of exp(x - max) from the same registers, and the output.
// CHECK-NOT: vector.load
// CHECK: arith.subf %[[X0]], %{{.*}} : vector<4xf32>
// CHECK: math.exp %{{.*}} : vector<4xf32>
// CHECK: rocdl.permlanex16
// CHECK: amdgpu.lds_barrier
// CHECK-NOT: vector.load
// CHECK: arith.divf %{{.*}} : vector<4xf32>
// CHECK: scf.if %[[OK0]] {
// CHECK-NEXT: vector.store %{{.*}}[%[[R]], %{{.*}}] : memref<100x1000xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<4xf32>
// CHECK: gpu.launch_func @softmax_module::@softmax blocks in (%c25, %c1, %c1) threads in (%c256, %c1, %c1)
// ISA-LABEL: softmax:
// ISA: row_xmask:1
// ISA: row_xmask:2
// ISA: row_xmask:4
// ISA: row_xmask:8
// ISA: v_permlanex16_b32
// ISA: ds_store_b32
// ISA: s_barrier
// ISA: ds_load_b64
func.func @softmax(%x: tensor<100x1000xf32>) -> tensor<100x1000xf32> {
  %e = tensor.empty() : tensor<100x1000xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<100x1000xf32>) outs(%e : tensor<100x1000xf32>) -> tensor<100x1000xf32>
  return %r : tensor<100x1000xf32>
}

// -----

// A row sum over 33 columns of a run-time number of rows (memrefs): one
// wave per row, 8 rows per workgroup, no LDS; rows past the end visit no
// element and store nothing; one lane per row stores the sum.
// CHECK-LABEL: gpu.func @rowsum(
// CHECK-SAME: memref<?xf32>) kernel attributes
// CHECK-SAME: grid = ()[s0] -> (s0 ceildiv 8, 1, 1), block = [256, 1, 1], lds = 0
// CHECK-SAME: template = "reduction", instruction = "none", staging = registers, tile = [8, 32, 4], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [true, true, false], accumulator = f32
// CHECK: %[[LANE:.*]] = arith.remui %thread_id_x, %c32
// CHECK: %[[R:.*]] = arith.addi
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[R]], %dim
// CHECK: %[[LEN:.*]] = arith.select %[[OK]], %c33, %c0
// CHECK: scf.for %{{.*}} = %[[LANE]] to %{{.*}} step %c32 {{.*}} -> (vector<4xf32>)
// CHECK: scf.for %{{.*}} to %[[LEN]] step %c32 {{.*}} -> (f32)
// CHECK: rocdl.permlanex16
// CHECK-NOT: amdgpu.lds_barrier
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK: %[[W:.*]] = arith.andi %[[OK]], %[[FIRST]]
// CHECK: scf.if %[[W]] {
// CHECK: memref.store %{{.*}}[%[[R]]] : memref<?xf32, #amdgpu.address_space<fat_raw_buffer>>
// CHECK: gpu.return
func.func @rowsum(%x: memref<?x33xf32>, %o: memref<?xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%o : memref<?xf32>)
  linalg.reduce ins(%x : memref<?x33xf32>) outs(%o : memref<?xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A column sum (the reduced dimension outermost): lanes own 32 consecutive
// columns (coalesced), 8 lane groups split the 1000 rows (the modelled
// time's choice over the old rule's 64 x 16, explain-cost-reduction-
// column.test); partials through LDS, no cross-lane ops.
// CHECK-LABEL: gpu.func @colsum(
// CHECK-SAME: workgroup(%[[LDS:.*]] : memref<8x32xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: grid = () -> (3, 1, 1), block = [256, 1, 1], lds = 1024
// CHECK-SAME: tile = [32, 8, 1]
// CHECK: %[[COL:.*]] = arith.remui %thread_id_x, %c32
// CHECK: %[[SPLIT:.*]] = arith.divui %thread_id_x, %c32
// CHECK: %[[C:.*]] = arith.addi %{{.*}}, %[[COL]]
// CHECK: scf.for %[[I:.*]] = %[[SPLIT]] to %{{.*}} step %c8
// CHECK: memref.load %{{.*}}[%[[I]], %[[C]]] : memref<1000x77xf32
// CHECK-NOT: rocdl.update.dpp
// CHECK: memref.store %{{.*}}, %[[LDS]][%[[SPLIT]], %[[COL]]]
// CHECK: amdgpu.lds_barrier
// CHECK-COUNT-8: memref.load %[[LDS]][%c{{[0-9]+}}, %[[COL]]]
// CHECK: gpu.return
func.func @colsum(%x: memref<1000x77xf32>, %o: memref<77xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%o : memref<77xf32>)
  linalg.reduce ins(%x : memref<1000x77xf32>) outs(%o : memref<77xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A full reduction to rank 0: one workgroup of 256 lanes along the
// flattened 123 x 45 elements, 8 waves' partials through LDS.
// CHECK-LABEL: gpu.func @fullsum(
// CHECK-SAME: memref<f32>) workgroup(%{{.*}} : memref<1x8xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: grid = () -> (1, 1, 1), block = [256, 1, 1]
// CHECK: scf.for %[[F:.*]] = %{{.*}} to %c5535 step %c256
// CHECK: arith.remui %[[F]], %c45
// CHECK: arith.divui %[[F]], %c45
// CHECK: rocdl.permlanex16
// CHECK: amdgpu.lds_barrier
// CHECK: scf.if
// CHECK: memref.store %{{.*}}[] : memref<f32, #amdgpu.address_space<fat_raw_buffer>>
func.func @fullsum(%x: tensor<123x45xf32>) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%x : tensor<123x45xf32>) outs(%i : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}

// -----

// RMSNorm: the sum of squares (out + x * x, which the recogniser reads as
// a contraction with no M or N loop) is a sum of the elementwise product.
// CHECK-LABEL: gpu.func @rmsnorm(
// CHECK-SAME: template = "reduction"
// CHECK: %[[X:.*]] = vector.load {{.*}} vector<4xf32>
// CHECK: arith.mulf %[[X]], %[[X]] : vector<4xf32>
// CHECK: rocdl.permlanex16
// CHECK: math.rsqrt %{{.*}} : vector<4xf32>
// CHECK: vector.store
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
func.func @rmsnorm(%x: tensor<37x512xf32>, %w: tensor<512xf32>) -> tensor<37x512xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 512.0 : f32
  %eps = arith.constant 1.0e-6 : f32
  %e1 = tensor.empty() : tensor<37xf32>
  %e2 = tensor.empty() : tensor<37x512xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<37xf32>) -> tensor<37xf32>
  %ss = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<37x512xf32>) outs(%z : tensor<37xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %r = arith.addf %acc, %sq : f32
    linalg.yield %r : f32
  } -> tensor<37xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %ss, %w : tensor<37x512xf32>, tensor<37xf32>, tensor<512xf32>) outs(%e2 : tensor<37x512xf32>) {
  ^bb0(%a: f32, %s: f32, %wv: f32, %o: f32):
    %ms = arith.divf %s, %n : f32
    %me = arith.addf %ms, %eps : f32
    %rs = math.rsqrt %me : f32
    %nrm = arith.mulf %a, %rs : f32
    %r = arith.mulf %nrm, %wv : f32
    linalg.yield %r : f32
  } -> tensor<37x512xf32>
  return %y : tensor<37x512xf32>
}

// -----

// LayerNorm, f16 in and out, f32 statistics: 8 f16 per load (16 bytes),
// one wave per row of 768 (3 chunks of 8 per lane, held in registers), 8
// rows per workgroup; the mean's sum, then the variance's (reading the
// mean), then the output.
// CHECK-LABEL: gpu.func @layernorm(
// CHECK-SAME: grid = () -> (13, 1, 1), block = [256, 1, 1], lds = 0
// CHECK-SAME: tile = [8, 32, 8], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [true, false, false], accumulator = f32
// CHECK-COUNT-3: vector.load {{.*}} : memref<100x768xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// CHECK: arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// CHECK: rocdl.permlanex16
// CHECK-NOT: memref<100x768xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// CHECK: %[[MEAN:.*]] = arith.divf %{{.*}} : vector<8xf32>
// CHECK: %[[D:.*]] = arith.subf %{{.*}}, %[[MEAN]] : vector<8xf32>
// CHECK: arith.mulf %[[D]], %[[D]] : vector<8xf32>
// CHECK: rocdl.permlanex16
// CHECK: math.rsqrt %{{.*}} : vector<8xf32>
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK: vector.store %{{.*}} : memref<100x768xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// CHECK-NOT: scf.for
// CHECK: gpu.return
#lid = affine_map<(i, j) -> (i, j)>
#lrow = affine_map<(i, j) -> (i)>
#lcol = affine_map<(i, j) -> (j)>
func.func @layernorm(%x: memref<100x768xf16>, %w: memref<768xf16>, %b: memref<768xf16>, %y: memref<100x768xf16>) {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 768.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %sum = memref.alloc() : memref<100xf32>
  %var = memref.alloc() : memref<100xf32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<100xf32>)
  linalg.generic {indexing_maps = [#lid, #lrow], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<100x768xf16>) outs(%sum : memref<100xf32>) {
  ^bb0(%a: f16, %acc: f32):
    %e = arith.extf %a : f16 to f32
    %r = arith.addf %e, %acc : f32
    linalg.yield %r : f32
  }
  linalg.fill ins(%zero : f32) outs(%var : memref<100xf32>)
  linalg.generic {indexing_maps = [#lid, #lrow, #lrow], iterator_types = ["parallel", "reduction"]}
      ins(%x, %sum : memref<100x768xf16>, memref<100xf32>) outs(%var : memref<100xf32>) {
  ^bb0(%a: f16, %s: f32, %acc: f32):
    %e = arith.extf %a : f16 to f32
    %mean = arith.divf %s, %n : f32
    %d = arith.subf %e, %mean : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#lid, #lrow, #lrow, #lcol, #lcol, #lid], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum, %var, %w, %b : memref<100x768xf16>, memref<100xf32>, memref<100xf32>, memref<768xf16>, memref<768xf16>) outs(%y : memref<100x768xf16>) {
  ^bb0(%a: f16, %s: f32, %v: f32, %wv: f16, %bv: f16, %o: f16):
    %e = arith.extf %a : f16 to f32
    %mean = arith.divf %s, %n : f32
    %d = arith.subf %e, %mean : f32
    %vm = arith.divf %v, %n : f32
    %ve = arith.addf %vm, %eps : f32
    %rs = math.rsqrt %ve : f32
    %nrm = arith.mulf %d, %rs : f32
    %w32 = arith.extf %wv : f16 to f32
    %b32 = arith.extf %bv : f16 to f32
    %sc = arith.mulf %nrm, %w32 : f32
    %r = arith.addf %sc, %b32 : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  }
  memref.dealloc %sum : memref<100xf32>
  memref.dealloc %var : memref<100xf32>
  return
}
