// Selection: which template and configuration the cost rule picks for
// a shape (lib/FrontEnd/Schedule/Select.c documents the rule), what the options
// force, and every template's refusal when none applies.  LDS sizes include the
// rows' padding (32 + 8 f16 per row and buffer, lib/FrontEnd/Kernel/LdsLayout.c).
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefixes=CHECK,R4
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefixes=CHECK,R3
// Forced choices.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=registers})' | FileCheck %s --check-prefix=REGS
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tile-m=64 tile-n=128})' | FileCheck %s --check-prefix=TILE
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tile-m=32 tile-n=32})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTILE
// Options that make no sense are errors, not remarks.
// RUN: not wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 tile-m=64})' 2>&1 | FileCheck %s --check-prefix=HALF
// RUN: not wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=shared})' 2>&1 | FileCheck %s --check-prefix=STAGING
// HALF: tile-m and tile-n must both be positive (or both 0: the cost rule's), got 64x0
// STAGING: staging

// The six single GEMMs (chains ignore the tile options):
// NOTILE-COUNT-6: no configuration has a 32x32 workgroup tile (registers: 16x64, 64x64; LDS: 256x128, 128x128, 128x64, 64x128, 64x64; a depthwise multiplier of <= 16 (32): 128x16 (128x32), 64x16 (64x32), at run-time sizes 32x16 (32x32) and 16x16 (16x32) too)

// One 16x16 tile: one workgroup of one wave row in registers (LDS staging
// would only add a copy); tails = [M, N, K] beyond the workgroup tile.
// CHECK-LABEL: gpu.func @tiny(
// CHECK-SAME: grid = () -> (1, 1, 1), block = [128, 1, 1], lds = 0
// CHECK-SAME: template = "gemm", {{.*}}staging = registers, tile = [16, 64, 16], {{.*}}tails = [false, true, false]
// REGS-LABEL: gpu.func @tiny(
// REGS-SAME: staging = registers
// TILE-LABEL: gpu.func @tiny(
// TILE-SAME: grid = () -> (1, 1, 1), block = [128, 1, 1], lds = 30720
// TILE-SAME: staging = lds, tile = [64, 128, 32]
func.func @tiny(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// Large: LDS tiles read each operand panel once per workgroup.  The
// modelled time (the speed-of-light model, Select.c) decides the tile:
// gfx1201's 32 WGPs take 128x128's 256 workgroups in 8 even rounds; on
// gfx1100's 48 WGPs 256 leave the last round 1/3 full (busiest WGP 6, 89%
// quantisation), 128x64's 512 only 3% idle (11 rounds), so the modelled
// time is 8% lower there.  On gfx1201 256x128 tiles of 4x2 waves (128
// workgroups: 4 even rounds) halve the transposing copy's WMMAs per product
// WMMA and are modelled faster still.
// CHECK-LABEL: gpu.func @big(
// R4-SAME: grid = () -> (16, 8, 1), block = [256, 1, 1], lds = 61440
// R4-SAME: template = "gemm", {{.*}}staging = lds, tile = [256, 128, 32], waves = [4, 2], wave_tile = [4, 4], {{.*}}tails = [false, false, false]
// R3-SAME: grid = () -> (32, 16, 1), block = [128, 1, 1]
// R3-SAME: template = "gemm", {{.*}}staging = lds, tile = [128, 64, 32], waves = [2, 2], wave_tile = [4, 2], {{.*}}tails = [false, false, false]
// REGS-LABEL: gpu.func @big(
// REGS-SAME: lds = 0
// REGS-SAME: staging = registers
// TILE-LABEL: gpu.func @big(
// TILE-SAME: grid = () -> (16, 32, 1)
func.func @big(%A: memref<2048x1024xf16>, %B: memref<1024x2048xf16>, %C: memref<2048x2048xf32>) {
  linalg.matmul ins(%A, %B : memref<2048x1024xf16>, memref<1024x2048xf16>) outs(%C : memref<2048x2048xf32>)
  return
}

// -----

// 512x512: 128x128 tiles would leave CUs idle (16 workgroups); 64x64 tiles
// give 64.
// CHECK-LABEL: gpu.func @mid(
// CHECK-SAME: grid = () -> (8, 8, 1), block = [128, 1, 1], lds = 20480
// CHECK-SAME: tile = [64, 64, 32], {{.*}}wave_tile = [2, 2]
func.func @mid(%A: memref<512x256xf16>, %B: memref<256x512xf16>, %C: memref<512x512xf32>) {
  linalg.matmul ins(%A, %B : memref<512x256xf16>, memref<256x512xf16>) outs(%C : memref<512x512xf32>)
  return
}

// -----

// Skinny (N = 64): a 128-wide tile would be half padding.
// CHECK-LABEL: gpu.func @skinny(
// CHECK-SAME: grid = () -> (1, 128, 1)
// CHECK-SAME: tile = [64, 64, 32]
func.func @skinny(%A: memref<8192x512xf16>, %B: memref<512x64xf16>, %C: memref<8192x64xf32>) {
  linalg.matmul ins(%A, %B : memref<8192x512xf16>, memref<512x64xf16>) outs(%C : memref<8192x64xf32>)
  return
}

// -----

// 1000 in every dimension: tails everywhere; 128x64 on both chips (64-row
// tiles would pay the transposing copy's WMMAs twice per product WMMA).
// CHECK-LABEL: gpu.func @odd(
// R4-SAME: grid = () -> (16, 8, 1), block = [128, 1, 1], lds = 30720
// R4-SAME: template = "gemm", {{.*}}tile = [128, 64, 32], {{.*}}tails = [true, true, true]
// R3-SAME: grid = () -> (16, 8, 1), block = [128, 1, 1], lds = 30720
// R3-SAME: template = "gemm", {{.*}}tile = [128, 64, 32], {{.*}}tails = [true, true, true]
func.func @odd(%A: memref<1000x1000xf16>, %B: memref<1000x1000xf16>, %C: memref<1000x1000xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x1000xf16>, memref<1000x1000xf16>) outs(%C : memref<1000x1000xf32>)
  return
}

// -----

// Dynamic sizes are costed as 1024 each; every tail is possible.
// CHECK-LABEL: gpu.func @dyn(
// CHECK-SAME: staging = lds, {{.*}}tails = [true, true, true]
func.func @dyn(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  return
}

// -----

// A chain whose intermediate strip fits registers, whatever the tile
// options: chain_lds by the modelled time (64 rows: 4 blocks of 16 rows
// against one workgroup of chain_regs; explain-cost-chain-regs.mlir),
// chain_regs with staging=registers.
// CHECK-LABEL: gpu.func @chain(
// CHECK-SAME: template = "chain_lds"
// REGS-LABEL: gpu.func @chain(
// REGS-SAME: template = "chain_regs"
// TILE-LABEL: gpu.func @chain(
// TILE-SAME: template = "chain_lds"
func.func @chain(%A0: memref<64x32xf16>, %B0: memref<32x64xf16>, %B1: memref<64x48xf16>, %D: memref<64x48xf32>) {
  %z = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<64x64xf32>
  %h = memref.alloc() : memref<64x64xf16>
  linalg.fill ins(%z : f32) outs(%t : memref<64x64xf32>)
  linalg.matmul ins(%A0, %B0 : memref<64x32xf16>, memref<32x64xf16>) outs(%t : memref<64x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<64x64xf32>) outs(%h : memref<64x64xf16>) {
  ^bb0(%a: f32, %o: f16):
    %c = arith.truncf %a : f32 to f16
    linalg.yield %c : f16
  }
  linalg.fill ins(%z : f32) outs(%D : memref<64x48xf32>)
  linalg.matmul ins(%h, %B1 : memref<64x64xf16>, memref<64x48xf16>) outs(%D : memref<64x48xf32>)
  return
}

// -----

// A chain too wide for registers (N0 = 1024: a 16 x 1024 strip needs 256
// VGPRs) goes through LDS; with staging=registers no chain template
// applies, and the function becomes a program of two GEMM kernels with the
// intermediate in memory.
// CHECK-LABEL: gpu.func @wide_chain(
// CHECK-SAME: template = "chain_lds"
// REGS-LABEL: gpu.func @wide_chain_k0(
// REGS-SAME: template = "gemm"
// REGS-LABEL: gpu.func @wide_chain_k1(
// REGS-SAME: template = "gemm"
// REGS: func.func @wide_chain(
// REGS-SAME: wmma.program = 2
func.func @wide_chain(%A0: memref<64x32xf16>, %B0: memref<32x1024xf16>, %B1: memref<1024x48xf16>, %D: memref<64x48xf32>) {
  %z = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<64x1024xf32>
  %h = memref.alloc() : memref<64x1024xf16>
  linalg.fill ins(%z : f32) outs(%t : memref<64x1024xf32>)
  linalg.matmul ins(%A0, %B0 : memref<64x32xf16>, memref<32x1024xf16>) outs(%t : memref<64x1024xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<64x1024xf32>) outs(%h : memref<64x1024xf16>) {
  ^bb0(%a: f32, %o: f16):
    %c = arith.truncf %a : f32 to f16
    linalg.yield %c : f16
  }
  linalg.fill ins(%z : f32) outs(%D : memref<64x48xf32>)
  linalg.matmul ins(%h, %B1 : memref<64x1024xf16>, memref<1024x48xf16>) outs(%D : memref<64x48xf32>)
  return
}
