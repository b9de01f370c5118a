// Register staging's waves whose origin lies past M or N skip the loop
// (fe_gemm_wave_active), so the model charges only the waves with work.
// A hand-made case with a known answer: 1024x16x1024 i8 on gfx1100 (RX
// 7900 XTX: 48 WGPs, 2500 MHz boost).  The 16x64 register tile has 64
// workgroups of 4 waves, of which only wave 0 (columns 0-15) has work: 64
// waves, one per workgroup, so the busiest SIMD runs 1 wave (2 workgroups
// on 16 of the WGPs, their two working waves on two SIMDs).  That wave
// issues 64 WMMAs (K / 16) of 32 cycles and gathers B (K x N, not
// K-contiguous) at 16 VALU per fragment: 64 x (32 + 16) = 3072 cycles,
// plus one global latency (320): 3392 / 2500 MHz = 1.357 us, the latency
// bound (DRAM: 1.11 MB / 960 GB/s = 1.18 us).  Charging all 256 waves
// the wave's work put 2 waves on the busiest SIMD: 6144 cycles, 2.458 us.
// The 64x64 register tile's waves are 32x32: 2 of 4 per workgroup have
// work (one column of waves), 16 workgroups: one wave per SIMD either way.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: gemm candidate: staging = registers, tile = [16, 64, 16], waves = [1, 4]: modelled 1.357 us
// CHECK: remark: gemm candidate: staging = registers, tile = [64, 64, 16], waves = [2, 2]: modelled 4.224 us
// CHECK: remark: gemm chosen: staging = registers, tile = [16, 64, 16], waves = [1, 4]: modelled 1.357 us
func.func @tall(%A: memref<1024x1024xi8>, %B: memref<1024x16xi8>, %C: memref<1024x16xi32>) {
  linalg.matmul ins(%A, %B : memref<1024x1024xi8>, memref<1024x16xi8>) outs(%C : memref<1024x16xi32>)
  return
}
