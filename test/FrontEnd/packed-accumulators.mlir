// Native f16 accumulation on RDNA3: an f16 accumulator fills one half of
// each of 8 VGPRs, so two tiles of a row share one set (OPSEL 0: low
// halves, the even elements; OPSEL 1: high halves, the odd ones).  64x64
// LDS tiles give each wave 2x2 tiles: two packed values instead of four.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 accumulate=native staging=lds tile-m=64 tile-n=64})' | FileCheck %s
// Op by op after the lowering: the second tile's products carry opsel.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 accumulate=native staging=lds tile-m=64 tile-n=64},convert-wmma-to-rocdl)' | FileCheck %s --check-prefix=ROCDL
// In the ISA, the same VGPRs are written by both halves; the saving in VGPRs
// against pack-accumulators=false.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 accumulate=native staging=lds tile-m=64 tile-n=64},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 accumulate=native staging=lds tile-m=64 tile-n=64 pack-accumulators=false})' | FileCheck %s --check-prefix=UNPACKED
// RDNA4 packs 16-bit accumulators densely itself (vector<8xf16>): no OPSEL.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 accumulate=native staging=lds tile-m=64 tile-n=64})' | FileCheck %s --check-prefix=R4

// CHECK: #atom = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16>
// CHECK: #atom1 = #wmma.atom<rdna3, 16x16x16, f16 * f16 -> f16, opsel = 1>
// CHECK-LABEL: gpu.func @h(
// CHECK-SAME: accumulator = f16
// CHECK-SAME: acc_pack = 2
// The product is computed swapped (row segments: lane holds 8 consecutive
// columns of a row), so the initial C tiles are 8-element row loads,
// packed in pairs.
// CHECK: %[[C0:.*]] = vector.load %{{.*}} : memref<64x64xf16{{.*}}>, vector<8xf16>
// CHECK: %[[C1:.*]] = vector.load %{{.*}} : memref<64x64xf16{{.*}}>, vector<8xf16>
// CHECK: %[[P:.*]] = vector.shuffle %[[C0]], %[[C1]] [0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15] : vector<8xf16>, vector<8xf16>
// The K loop carries two packed values.
// CHECK: scf.for {{.*}} iter_args({{[^)]*}}) -> (vector<16xf16>, vector<16xf16>)
// CHECK: %[[D0:.*]] = wmma.mma #atom %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf16>, vector<16xf16> -> vector<16xf16>
// CHECK: wmma.mma #atom1 %{{.*}}, %{{.*}}, %[[D0]] : vector<16xf16>, vector<16xf16> -> vector<16xf16>
// The epilogue unpacks each tile: even elements, then odd ones.
// CHECK: scf.yield
// CHECK: %[[E0:.*]] = vector.shuffle %[[Q:.*]], %[[Q]] [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xf16>, vector<16xf16>
// CHECK: vector.store %[[E0]], {{.*}} : memref<64x64xf16{{.*}}>, vector<8xf16>
// CHECK: %[[E1:.*]] = vector.shuffle %[[Q]], %[[Q]] [1, 3, 5, 7, 9, 11, 13, 15] : vector<16xf16>, vector<16xf16>
// CHECK: vector.store %[[E1]], {{.*}} : memref<64x64xf16{{.*}}>, vector<8xf16>

// ROCDL: rocdl.wmma.f16.16x16x16.f16 %{{.*}}, %{{.*}}, %[[LO:.*]] : (vector<16xf16>, vector<16xf16>, vector<16xf16>) -> vector<16xf16>
// ROCDL: rocdl.wmma.f16.16x16x16.f16 %{{.*}}, %{{.*}}, %{{.*}} {opsel = true} : (vector<16xf16>, vector<16xf16>, vector<16xf16>) -> vector<16xf16>

// ISA: v_wmma_f16_16x16x16_f16 v{{\[}}[[R:[0-9]+]]:[[E:[0-9]+]]{{\]}}, {{.*}}, v{{\[}}[[R]]:[[E]]{{\]}}{{$}}
// ISA: v_wmma_f16_16x16x16_f16 v{{\[}}[[R]]:[[E]]{{\]}}, {{.*}}, v{{\[}}[[R]]:[[E]]{{\]}} op_sel:[0,0,1]

// UNPACKED: acc_pack = 1
// UNPACKED: scf.for {{.*}} -> (vector<16xf16>, vector<16xf16>, vector<16xf16>, vector<16xf16>)
// UNPACKED-NOT: opsel = 1

// R4: #atom = #wmma.atom<rdna4, 16x16x16, f16 * f16 -> f16>
// R4-NOT: opsel
// R4: scf.for {{.*}} -> (vector<8xf16>, vector<8xf16>, vector<8xf16>, vector<8xf16>)
func.func @h(%A: memref<64x96xf16>, %B: memref<96x64xf16>, %C: memref<64x64xf16>) {
  linalg.matmul ins(%A, %B : memref<64x96xf16>, memref<96x64xf16>) outs(%C : memref<64x64xf16>)
  return
}
