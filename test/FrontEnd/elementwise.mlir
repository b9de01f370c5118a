// The elementwise template: functions without products or reductions
// become plain GPU kernels (no WMMA).  Each thread writes a run of V
// contiguous output elements (16 bytes where the rows allow) with vector
// loads and stores; runs that straddle the last column or row are stored
// element by element; transposed inputs go through a padded 32x32 LDS tile.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=registers})' | FileCheck %s --check-prefix=REGS

// Bias + GELU on f16 at odd sizes: runs of 8 f16 (128-bit), the row vector
// bias read as a vector too, tails in both dimensions.
// CHECK-LABEL: gpu.func @bias_gelu
// CHECK-SAME: wmma.launch = #wmma.launch<grid = () -> (1, 2, 1), block = [256, 1, 1], lds = 0
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "elementwise", instruction = "none", staging = registers, tile = [32, 64, 8], waves = [8, 1], wave_tile = [1, 1], stages = 1, tails = [true, true, false], accumulator = f16
// CHECK-NOT: wmma.mma
// A thread whose run starts past the last row or column does nothing.
// CHECK: %[[COLLIVE:.*]] = arith.cmpi ult, %[[COL:.*]], %c33
// CHECK: %[[ROWOK:.*]] = arith.cmpi ult, %[[ROW:.*]], %c37
// CHECK: %[[LIVE:.*]] = arith.andi %[[COLLIVE]], %[[ROWOK]]
// CHECK: scf.if %[[LIVE]] {
// CHECK: %[[X:.*]] = vector.load %{{.*}}[%[[ROW]], %[[COL]]] : memref<37x33xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// CHECK: vector.load %{{.*}}[%[[COL]]] : memref<33xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xf16>
// CHECK: math.erf %{{.*}} : vector<8xf32>
// CHECK: %[[Y:.*]] = arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK: %[[END:.*]] = arith.addi %[[COL]], %c8
// CHECK: %[[COLOK:.*]] = arith.cmpi ule, %[[END]], %c33
// CHECK: %[[IN:.*]] = arith.andi %[[ROWOK]], %[[COLOK]]
// CHECK: scf.if %[[IN]] {
// CHECK-NEXT: vector.store %[[Y]], %{{.*}}[%[[ROW]], %[[COL]]] : memref<37x33xf16, {{.*}}>, vector<8xf16>
// CHECK-NEXT: } else {
// CHECK-COUNT-8: memref.store
// CHECK-NOT: memref.store
// CHECK: }
// CHECK-LABEL: func.func @bias_gelu
// CHECK: gpu.launch_func @bias_gelu_module::@bias_gelu blocks in (%c1, %c2, %c1) threads in (%c256, %c1, %c1)
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

// -----

// A transpose: the input is read along its own rows into a 32 x (32 + 1)
// LDS tile (rows of an odd number of dwords: a column read hits 32 banks),
// a barrier, then each thread reads its run down a column of the tile.
// Without LDS (staging=registers), element by element.
// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: (%{{.*}}: memref<65x33xf32>, %{{.*}}: memref<33x65xf32>) workgroup(%[[TILE:.*]] : memref<32x33xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: lds = 4224
// CHECK-SAME: staging = lds, tile = [32, 32, 4]
// CHECK-SAME: copy = [vec, none]
// CHECK: %[[V:.*]] = vector.load %{{.*}} : memref<65x33xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<4xf32>
// CHECK: vector.store %[[V]], %[[TILE]][%{{.*}}, %{{.*}}] : memref<32x33xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: amdgpu.lds_barrier
// CHECK-COUNT-4: memref.load %[[TILE]]
// CHECK: vector.from_elements
// CHECK: scf.if
// CHECK: vector.store %{{.*}} : memref<33x65xf32, {{.*}}>, vector<4xf32>
// REGS-LABEL: gpu.func @transpose
// REGS-NOT: workgroup
// REGS-SAME: staging = registers
// REGS-COUNT-4: memref.load %{{.*}} : memref<65x33xf32
// REGS: vector.from_elements
func.func @transpose(%A: memref<65x33xf32>, %B: memref<33x65xf32>) {
  linalg.transpose ins(%A : memref<65x33xf32>) outs(%B : memref<33x65xf32>) permutation = [1, 0]
  return
}

// -----

// Whole tiles (64 x 64 f32, tiles of 16 rows x 64 columns): no tails, one
// unconditional vector store.
// CHECK-LABEL: gpu.func @copy_full
// CHECK-SAME: grid = () -> (1, 4, 1)
// CHECK-SAME: tile = [16, 64, 4]
// CHECK-SAME: tails = [false, false, false]
// CHECK: %[[V:.*]] = vector.load %{{.*}} : memref<64x64xf32, {{.*}}>, vector<4xf32>
// CHECK-NOT: scf.if
// CHECK: vector.store %[[V]]
// CHECK-NEXT: gpu.return
func.func @copy_full(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  linalg.copy ins(%A : memref<64x64xf32>) outs(%B : memref<64x64xf32>)
  return
}

// -----

// A fill: a splat, no loads.
// CHECK-LABEL: gpu.func @fill
// CHECK-NOT: vector.load
// CHECK: %[[C:.*]] = arith.constant dense<2.500000e+00> : vector<4xf32>
// CHECK: vector.store %[[C]]
func.func @fill(%Y: memref<37x33xf32>) {
  %c = arith.constant 2.5 : f32
  linalg.fill ins(%c : f32) outs(%Y : memref<37x33xf32>)
  return
}

// -----

// On tensors: the result is allocated by the host and returned; f32 -> bf16.
// CHECK-LABEL: gpu.func @to_bf16
// CHECK: vector.load %{{.*}} : memref<31x50xf32, {{.*}}>, vector<8xf32>
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xbf16>
// CHECK-LABEL: func.func @to_bf16
// CHECK: %[[R:.*]] = memref.alloc() : memref<31x50xbf16>
// CHECK: gpu.launch_func
// CHECK: bufferization.to_tensor %[[R]]
func.func @to_bf16(%A: tensor<31x50xf32>) -> tensor<31x50xbf16> {
  %e = tensor.empty() : tensor<31x50xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<31x50xf32>) outs(%e : tensor<31x50xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %t = arith.truncf %a : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<31x50xbf16>
  return %r : tensor<31x50xbf16>
}

// -----

// Dynamic sizes: the grid from the run-time sizes; a row vector read along
// the columns, a column vector (one element per run) loaded once and
// broadcast.
// CHECK-LABEL: gpu.func @broadcast_dynamic
// CHECK-SAME: grid = ()[s0, s1] -> (s1 ceildiv 1024, s0, 1)
// CHECK-SAME: tile = [1, 1024, 4]
// CHECK: vector.load %{{.*}} : memref<?x?xf32, {{.*}}>, vector<4xf32>
// CHECK: vector.load %{{.*}} : memref<?xf32, {{.*}}>, vector<4xf32>
// CHECK: %[[S:.*]] = memref.load %{{.*}} : memref<?xf32, {{.*}}>
// CHECK: vector.broadcast %[[S]] : f32 to vector<4xf32>
// CHECK: scf.if
// CHECK-LABEL: func.func @broadcast_dynamic
// CHECK: %[[W:.*]] = memref.dim %{{.*}}, %c1 : memref<?x?xf32>
// CHECK: arith.ceildivui %[[W]], %c1024
func.func @broadcast_dynamic(%A: memref<?x?xf32>, %r: memref<?xf32>, %c: memref<?xf32>, %Y: memref<?x?xf32>) {
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

// -----

// Rank 1 with linalg.index: the run's indices are the first column plus
// 0..V-1.
// CHECK-LABEL: gpu.func @rank1_index
// CHECK-SAME: grid = () -> (1, 1, 1), block = [128, 1, 1]
// CHECK-SAME: tile = [1, 1024, 8]
// CHECK: %[[B:.*]] = vector.broadcast %{{.*}} : index to vector<8xindex>
// CHECK: arith.addi %[[B]], %{{.*}} : vector<8xindex>
// CHECK: arith.index_cast %{{.*}} : vector<8xindex> to vector<8xi32>
func.func @rank1_index(%A: memref<1001xf16>, %Y: memref<1001xf16>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]}
      ins(%A : memref<1001xf16>) outs(%Y : memref<1001xf16>) {
  ^bb0(%a: f16, %o: f16):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f16
    %r = arith.addf %a, %f : f16
    linalg.yield %r : f16
  }
  return
}

// -----

// Batched transpose (rank 3): batches over grid z; i8 -> i32 on the way.
// CHECK-LABEL: gpu.func @batched_transpose
// CHECK-SAME: workgroup(%{{.*}} : memref<32x36xi8, #gpu.address_space<workgroup>>)
// CHECK-SAME: grid = () -> (3, 2, 3)
// CHECK: %[[Z:.*]] = gpu.block_id  z
// CHECK: vector.load %{{.*}}[%[[Z]], %{{.*}}, %{{.*}}] : memref<3x70x45xi8, {{.*}}>, vector<4xi8>
// CHECK: arith.extsi %{{.*}} : vector<4xi8> to vector<4xi32>
func.func @batched_transpose(%A: memref<3x70x45xi8>, %Y: memref<3x45x70xi32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, j, i)>, affine_map<(b, i, j) -> (b, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%A : memref<3x70x45xi8>) outs(%Y : memref<3x45x70xi32>) {
  ^bb0(%a: i8, %o: i32):
    %t = arith.extsi %a : i8 to i32
    linalg.yield %t : i32
  }
  return
}

// -----

// A pinned elementwise schedule is built as given and kept on the kernel.
// CHECK-LABEL: gpu.func @pinned
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "elementwise", instruction = "none", staging = registers, tile = [8, 32, 4], waves = [2, 1]
// CHECK-LABEL: func.func @pinned
// CHECK-NOT: wmma.schedule
func.func @pinned(%A: memref<64x64xf32>, %B: memref<64x64xf32>) attributes {wmma.schedule = #wmma.schedule<template = "elementwise", instruction = "none", staging = registers, tile = [8, 32, 4], waves = [2, 1], wave_tile = [1, 1], stages = 1, tails = [false, false, false], accumulator = f32, acc_pack = 1, form = acc, copy = [none, none], causal = false>} {
  linalg.copy ins(%A : memref<64x64xf32>) outs(%B : memref<64x64xf32>)
  return
}

// -----

// 16-bit math functions are computed in f32 and rounded once.
// CHECK-LABEL: gpu.func @half_exp
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// CHECK: %[[E:.*]] = math.exp %[[W]] : vector<8xf32>
// CHECK: arith.truncf %[[E]] : vector<8xf32> to vector<8xf16>
func.func @half_exp(%A: memref<16x64xf16>, %Y: memref<16x64xf16>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<16x64xf16>) outs(%Y : memref<16x64xf16>) {
  ^bb0(%a: f16, %o: f16):
    %e = math.exp %a : f16
    linalg.yield %e : f16
  }
  return
}
