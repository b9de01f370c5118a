// i4 through LDS.  MLIR addresses memref<..xi4> one element per byte, and
// so do the kernels in global memory: every vector access to an i4 buffer
// goes through the same memref seen as bytes (an unrealized cast that
// folds once memrefs become descriptors), loaded bytes are truncated to
// i4 and stored ones zero-extended.  A matrix given K x N is transposed
// into LDS by the identity WMMA on its bytes (iu8), exactly as for i8.
// In LDS, i4 that a prologue converts (@w4, int4 weights) stays a byte
// per element; i4 that the WMMA multiplies (@w4a4) is packed two per byte
// by the copy, and the product reads its fragments as bytes.
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds})' | FileCheck %s --check-prefixes=CHECK,R4
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds})' | FileCheck %s --check-prefixes=CHECK,R3
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds},convert-wmma-to-rocdl)' | FileCheck %s --check-prefix=LOWER
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA4
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 staging=lds},wmma-to-hsaco{format=isa})' | %extract_bin - - | FileCheck %s --check-prefix=ISA3

// R4: #[[COPY:.*]] = #wmma.atom<rdna4, 16x16x16, i8 * i8 -> i32>
// R3: #[[COPY:.*]] = #wmma.atom<rdna3, 16x16x16, i8 * i8 -> i32>
// CHECK-LABEL: gpu.func @w4(
// CHECK-SAME: %[[W:.*]]: memref<128x160xi4>
// CHECK-SAME: workgroup(%{{.*}} : memref<{{.*}}xf16, #gpu.address_space<workgroup>>, %[[L:.*]] : memref<{{.*}}xi4, #gpu.address_space<workgroup>>)
// CHECK-SAME: staging = lds
// Global reads of W: bytes, truncated.
// CHECK: %[[WB:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<128x160xi4, #amdgpu.address_space<fat_raw_buffer>> to memref<128x160xi8, #amdgpu.address_space<fat_raw_buffer>>
// CHECK: %[[V:.*]] = vector.load %[[WB]][{{.*}}] : memref<128x160xi8, #amdgpu.address_space<fat_raw_buffer>>, vector<{{8|16}}xi8>
// CHECK: %[[Q:.*]] = arith.trunci %[[V]] : vector<{{8|16}}xi8> to vector<{{8|16}}xi4>
// The transposing copy multiplies the bytes by the identity (exact in i32).
// CHECK: %[[E:.*]] = arith.extui %[[Q]] : vector<{{8|16}}xi4> to vector<{{8|16}}xi8>
// CHECK: wmma.mma #[[COPY]]
// CHECK: %[[LB:.*]] = builtin.unrealized_conversion_cast %[[L]] : memref<{{.*}}xi4, #gpu.address_space<workgroup>> to memref<{{.*}}xi8, #gpu.address_space<workgroup>>
// CHECK: vector.store %{{.*}}, %[[LB]][{{.*}}] : memref<{{.*}}xi8, #gpu.address_space<workgroup>>, vector<8xi8>
// The product reads i4 fragments from LDS and dequantises them.
// CHECK: %[[F:.*]] = wmma.load <{{a|b}}, {{.*}}> %[[L]][{{.*}}] : memref<{{.*}}xi4, #gpu.address_space<workgroup>> -> vector<{{8|16}}xi4>
// CHECK: arith.sitofp %[[F]] : vector<{{8|16}}xi4> to vector<{{8|16}}xf16>

// LOWER-LABEL: gpu.func @w4(
// LOWER-NOT: vector.load {{.*}}xi4
// LOWER-NOT: vector.store {{.*}}xi4
// LOWER: gpu.return
// The packed fragments' bytes are the WMMA's operand words.
// LOWER-LABEL: gpu.func @w4a4(
// LOWER-NOT: vector.load {{.*}}xi4
// LOWER-NOT: vector.store {{.*}}xi4
// LOWER: vector.load %{{.*}} : memref<2x64x24xi8, #gpu.address_space<workgroup>>, vector<4xi8>
// LOWER-NOT: xi4
// LOWER: %[[W:.*]] = vector.bitcast %{{.*}} : vector<4xi8> to vector<1xi32>
// LOWER-NEXT: %[[WI:.*]] = vector.extract %[[W]][0] : i32 from vector<1xi32>
// LOWER-NOT: xi4
// LOWER: rocdl.wmma.i32.16x16x16.iu4 %[[WI]]
// LOWER: gpu.return

// ISA4-LABEL: w4:
// ISA4-DAG: buffer_load_b64
// ISA4-DAG: v_wmma_i32_16x16x16_iu8
// ISA4-DAG: ds_store_{{.*}}b64
// ISA4-DAG: ds_load_{{.*}}b64
// ISA4-DAG: v_wmma_f32_16x16x16_f16
// ISA4: .group_segment_fixed_size
// RDNA3 loads the replicated rows of the weights' blocks whole (16 bytes,
// no v_permlanex16).
// ISA3-LABEL: w4:
// ISA3-NOT: v_permlanex16
// ISA3-DAG: buffer_load_b128
// ISA3-DAG: v_wmma_i32_16x16x16_iu8
// ISA3-DAG: ds_store_{{.*}}b64
// ISA3-DAG: ds_load_b128
// ISA3-DAG: v_wmma_f32_16x16x16_f16
// ISA3: .group_segment_fixed_size
func.func @w4(%x: memref<96x128xf16>, %w: memref<128x160xi4>, %s: memref<160xf16>, %y: memref<96x160xf32>) {
  %z = arith.constant 0.0 : f32
  %wd = memref.alloc() : memref<128x160xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s : memref<128x160xi4>, memref<160xf16>) outs(%wd : memref<128x160xf16>) {
  ^bb0(%q: i4, %sc: f16, %o: f16):
    %f = arith.sitofp %q : i4 to f16
    %m = arith.mulf %f, %sc : f16
    linalg.yield %m : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<96x160xf32>)
  linalg.matmul ins(%x, %wd : memref<96x128xf16>, memref<128x160xf16>) outs(%y : memref<96x160xf32>)
  return
}

// CHECK-LABEL: gpu.func @w4a4(
// CHECK-SAME: workgroup(%[[PA:.*]] : memref<2x64x24xi8, #gpu.address_space<workgroup>>, %[[PB:.*]] : memref<2x64x24xi8, #gpu.address_space<workgroup>>)
// A (K contiguous): 8 (RDNA4) or 16 (RDNA3) values per chunk, packed into
// half as many bytes.
// CHECK: arith.trunci %{{.*}} : vector<{{8|16}}xi8> to vector<{{8|16}}xi4>
// B (given K x N): transposed on its bytes, then packed; stored before A
// (GemmLds.c's b_first).
// CHECK: wmma.mma #[[COPY]]
// CHECK: vector.store %{{.*}}, %[[PB]][{{.*}}] : memref<2x64x24xi8, #gpu.address_space<workgroup>>, vector<4xi8>
// CHECK: vector.store %{{.*}}, %[[PA]][{{.*}}] : memref<2x64x24xi8, #gpu.address_space<workgroup>>, vector<{{4|8}}xi8>
// The product's fragments: bytes from LDS seen as i4.
// R4: %[[FA:.*]] = vector.load %{{.*}}[{{.*}}] : memref<2x64x24xi8, #gpu.address_space<workgroup>>, vector<4xi8>
// R4: vector.bitcast %[[FA]] : vector<4xi8> to vector<8xi4>
// R3: %[[FA:.*]] = vector.load %{{.*}}[{{.*}}] : memref<2x64x24xi8, #gpu.address_space<workgroup>>, vector<8xi8>
// R3: vector.bitcast %[[FA]] : vector<8xi8> to vector<16xi4>
// CHECK: wmma.mma #{{.*}} : vector<{{8|16}}xi4>, vector<{{8|16}}xi4> -> vector<8xi32>
// ISA4-LABEL: w4a4:
// ISA4-DAG: ds_store_{{.*}}b32
// ISA4-DAG: ds_load_{{.*}}b32
// ISA4-DAG: v_wmma_i32_16x16x16_iu4
// ISA4: .group_segment_fixed_size
// ISA3-LABEL: w4a4:
// ISA3-DAG: ds_load_{{.*}}b64
// ISA3-DAG: v_wmma_i32_16x16x16_iu4
// ISA3: .group_segment_fixed_size
func.func @w4a4(%A: memref<96x128xi4>, %B: memref<128x160xi4>, %C: memref<96x160xi32>) attributes {wmma.schedule = #wmma.schedule<template = "gemm", instruction = "v_wmma_i32_16x16x16_iu4", staging = lds, tile = [64, 64, 32], waves = [2, 2], wave_tile = [2, 2], stages = 2, tails = [true, true, false], accumulator = i32, acc_pack = 1, form = rowseg, copy = [vec, wmma], causal = false>} {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%C : memref<96x160xi32>)
  linalg.matmul ins(%A, %B : memref<96x128xi4>, memref<128x160xi4>) outs(%C : memref<96x160xi32>)
  return
}
