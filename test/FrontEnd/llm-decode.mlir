// LLM inference forms (README "LLM inference"): int4 weights packed two per
// i8 along K unpacked by the B operand's prologue, and decode shapes (M <= 32,
// long K, many columns) through the decode template's split K.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s --check-prefix=DEC
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' 2>&1 | FileCheck %s --check-prefix=R3
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' 2>&1 | FileCheck %s --check-prefix=SMALL

// A W4A16 decode layer (M = 1, 4096 x 4096, group 128) on RDNA4: the decode
// template, K split 32 ways, each wave 16 column tiles wide (8 waves per CU
// of the 64-CU part); the packed bytes are read with wide loads (the wave's
// 16 column tiles interleaved: each lane reads 16 consecutive bytes of a
// weight row, one byte per tile, DecodeWide.c; the scales once per
// 128-deep iteration, each lane half loading 8 of the wave's run of 16 and
// taking the other 8 by v_permlanex16: each scale read once per wave),
// unpacked by the linalg's own shift/mask/xor-sub, no
// f16 copy of the weights.  At M = 1 the 16 tiles share 2 accumulators
// (tile j's product in row j % 8 of accumulator j / 8: the activations
// broadcast by DPP row_share:0 and kept in that row), which leaves the
// VGPRs for the 128-bit rows; the slices' shared accumulators meet in LDS
// and wave 0 puts the sums in column order.
// DEC: remark: decode GEMM (template decode): WMMA with M = 1 padded to 16 rows
// DEC-SAME: K split 32 ways across the waves of a workgroup, partial sums added in order through LDS: 512 waves, 8.0 per CU of the largest gfx1201 part (64 CUs)
// DEC-LABEL: gpu.func @w4a16
// DEC-SAME: memref<2048x4096xi8>
// DEC-SAME: workgroup(%{{.*}} : memref<1024x8xf32, #gpu.address_space<workgroup>>)
// DEC-SAME: wmma.schedule = #wmma.schedule<template = "decode", instruction = "v_wmma_f32_16x16x16_f16", staging = registers, tile = [16, 256, 128], waves = [32, 1], wave_tile = [1, 16]
// DEC-NOT: xf16> = memref.alloc
// DEC: scf.for
// DEC: vector.load %{{.*}} : memref<32x4096xf16, {{.*}}>, vector<8xf16>
// DEC-COUNT-4: rocdl.permlanex16
// DEC-NOT: memref.load %{{.*}} : memref<32x4096xf16
// DEC: rocdl.update.dpp %{{.*}}, %{{.*}} with 336, 15, 15, true : i32
// DEC: vector.load %{{.*}} : memref<2048x4096xi8, {{.*}}>, vector<16xi8>
// DEC-NOT: memref.load %{{.*}} : memref<2048x4096xi8
// DEC-NOT: memref.load %{{.*}} : memref<32x4096xf16
// DEC: arith.shrui %{{.*}} : vector<8xi8>
// DEC: arith.sitofp %{{.*}} : vector<8xi8> to vector<8xf16>
// DEC: wmma.mma
// DEC: amdgpu.lds_barrier
// DEC: vector.load %{{.*}} : memref<1024x8xf32, #gpu.address_space<workgroup>>, vector<8xf32>
func.func @w4a16(%x: memref<1x4096xf16>, %w: memref<2048x4096xi8>,
                 %s: memref<32x4096xf16>, %y: memref<1x4096xf32>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4096x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>,
                                   affine_map<(k, n) -> (k floordiv 128, n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<2048x4096xi8>, memref<32x4096xf16>)
      outs(%wd : memref<4096x4096xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %k = linalg.index 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %odd = arith.remui %k, %c2 : index
    %sh = arith.muli %odd, %c4 : index
    %sh8 = arith.index_cast %sh : index to i8
    %v = arith.shrui %b, %sh8 : i8
    %m = arith.constant 15 : i8
    %e = arith.constant 8 : i8
    %lo = arith.andi %v, %m : i8
    %xx = arith.xori %lo, %e : i8
    %q = arith.subi %xx, %e : i8
    %f = arith.sitofp %q : i8 to f16
    %r = arith.mulf %f, %sc : f16
    linalg.yield %r : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<1x4096xf32>)
  linalg.matmul ins(%x, %wd : memref<1x4096xf16>, memref<4096x4096xf16>)
                outs(%y : memref<1x4096xf32>)
  memref.dealloc %wd : memref<4096x4096xf16>
  return
}

// -----

// The same layer at M = 4 on RDNA3: 96 CUs need 768 waves; 1024 (10.7 per CU).
// R3: remark: decode GEMM (template decode): WMMA with M = 4 padded to 16 rows
// R3-SAME: 1024 waves, 10.7 per CU of the largest gfx1100 part (96 CUs)
// R3: wmma.schedule = #wmma.schedule<template = "decode"
func.func @w4a16_m4(%x: memref<4x4096xf16>, %w: memref<2048x4096xi8>,
                 %s: memref<32x4096xf16>, %y: memref<4x4096xf32>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4096x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k floordiv 2, n)>,
                                   affine_map<(k, n) -> (k floordiv 128, n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<2048x4096xi8>, memref<32x4096xf16>)
      outs(%wd : memref<4096x4096xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %k = linalg.index 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %odd = arith.remui %k, %c2 : index
    %sh = arith.muli %odd, %c4 : index
    %sh8 = arith.index_cast %sh : index to i8
    %v = arith.shrui %b, %sh8 : i8
    %m = arith.constant 15 : i8
    %e = arith.constant 8 : i8
    %lo = arith.andi %v, %m : i8
    %xx = arith.xori %lo, %e : i8
    %q = arith.subi %xx, %e : i8
    %f = arith.sitofp %q : i8 to f16
    %r = arith.mulf %f, %sc : f16
    linalg.yield %r : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<4x4096xf32>)
  linalg.matmul ins(%x, %wd : memref<4x4096xf16>, memref<4096x4096xf16>)
                outs(%y : memref<4x4096xf32>)
  memref.dealloc %wd : memref<4096x4096xf16>
  return
}

// -----

// Weights [N, K/2] (K innermost): each lane's 8 nibbles of a B tile are one
// 32-bit load; a small product stays with the gemm template.
// SMALL-LABEL: gpu.func @kcontig
// SMALL-SAME: wmma.schedule = #wmma.schedule<template = "gemm"
// SMALL: vector.load %{{.*}} : memref<40x128xi8, #amdgpu.address_space<fat_raw_buffer>>, vector<4xi8>
// SMALL: wmma.mma
func.func @kcontig(%x: memref<7x256xf16>, %w: memref<40x128xi8>, %s: memref<4x40xf16>, %y: memref<7x40xf32>) {
  %z0 = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<256x40xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (n, k floordiv 2)>, affine_map<(k, n) -> (k floordiv 64, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<40x128xi8>, memref<4x40xf16>) outs(%wd : memref<256x40xf16>) {
  ^bb0(%b: i8, %sc: f16, %o: f16):
    %k = linalg.index 0 : index
    %cP = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %r = arith.remui %k, %cP : index
    %sh = arith.muli %r, %c4 : index
    %shi = arith.index_cast %sh : index to i8
    %v = arith.shrui %b, %shi : i8
    %m = arith.constant 15 : i8
    %lo = arith.andi %v, %m : i8
    %e = arith.constant 8 : i8
    %xx = arith.xori %lo, %e : i8
    %q = arith.subi %xx, %e : i8
    %f = arith.sitofp %q : i8 to f16
    %o2 = arith.mulf %f, %sc : f16
    linalg.yield %o2 : f16
  }
  linalg.fill ins(%z0 : f32) outs(%y : memref<7x40xf32>)
  linalg.matmul ins(%x, %wd : memref<7x256xf16>, memref<256x40xf16>) outs(%y : memref<7x40xf32>)
  memref.dealloc %wd : memref<256x40xf16>
  return
}

// -----

// memref<..xi4> weights as users write them: MLIR addresses them a byte per
// value, and MLIR 22's narrow-type emulation converts no linalg op (and
// flattens the buffer), so nothing packs them: the kernel reads the bytes
// and the remark costs the stream at a byte per weight (twice the packed
// i8 form's 38928 cycles) and says how to halve it.
// DEC: remark: decode GEMM (template decode): WMMA with M = 1 padded to 16 rows (cost max(issue, weight stream) = 77857 cycles: 16384 issue, 77857 stream
// DEC-SAME: the i4 weights take a byte each in memory (memref<..xi4> as MLIR addresses it; MLIR 22's narrow-type emulation rewrites no linalg op): store them two per i8 and unpack them in the linalg to halve the stream
// DEC-LABEL: gpu.func @w4_xi4
// DEC: wmma.load <b, {{.*}} : memref<4096x4096xi4, #amdgpu.address_space<fat_raw_buffer>> -> vector<8xi4>
// DEC: arith.sitofp %{{.*}} : vector<8xi4> to vector<8xf16>
func.func @w4_xi4(%x: memref<1x4096xf16>, %w: memref<4096x4096xi4>,
                  %s: memref<32x4096xf16>, %y: memref<1x4096xf32>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<4096x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>,
                                   affine_map<(k, n) -> (k floordiv 128, n)>,
                                   affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<4096x4096xi4>, memref<32x4096xf16>)
      outs(%wd : memref<4096x4096xf16>) {
  ^bb0(%b: i4, %sc: f16, %o: f16):
    %f = arith.sitofp %b : i4 to f16
    %r = arith.mulf %f, %sc : f16
    linalg.yield %r : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<1x4096xf32>)
  linalg.matmul ins(%x, %wd : memref<1x4096xf16>, memref<4096x4096xf16>)
                outs(%y : memref<1x4096xf32>)
  memref.dealloc %wd : memref<4096x4096xf16>
  return
}
