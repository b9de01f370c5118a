// Horizontal fusion with separate outputs (Problem/ProblemDual.c,
// fe_multi_problem): products of one A operand, each the root of its own
// output with its own per-element epilogue, are one kernel that loads A
// once per K step and stores each accumulator set to its own buffer.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 whole-functions=1})' | FileCheck %s
// Outputs of different A operands: two kernels, with the reason.
// RUN: env WMMA_DEBUG_PARTITION=1 wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' 2>&1 >/dev/null | FileCheck %s --check-prefix=WHY

// CHECK-LABEL: gpu.func @qkv
// CHECK-SAME: (%[[X:[^:]*]]: memref<?x64xf16>, %[[WQ:[^:]*]]: memref<64x64xf16>, %[[WK:[^:]*]]: memref<64x64xf16>, %[[WV:[^:]*]]: memref<64x64xf16>, %[[Q:[^:]*]]: memref<?x64xf16>, %[[K:[^:]*]]: memref<?x64xf16>, %[[V:[^:]*]]: memref<?x64xf16>) kernel
// CHECK-DAG: %[[QB:.*]] = amdgpu.fat_raw_buffer_cast %[[Q]]
// CHECK-DAG: %[[KB:.*]] = amdgpu.fat_raw_buffer_cast %[[K]]
// CHECK-DAG: %[[VB:.*]] = amdgpu.fat_raw_buffer_cast %[[V]]
// CHECK: %[[R:.*]]:3 = scf.for {{.*}} iter_args(%[[AQ:[^ ]*]] = %{{.*}}, %[[AK:[^ ]*]] = %{{.*}}, %[[AV:[^ ]*]] = %{{.*}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK-NEXT: %[[A:.*]] = wmma.load <a, {{.*}}> %{{.*}}[
// CHECK-NEXT: %[[BV:.*]] = wmma.load <b, {{.*}}> %{{.*}}[
// CHECK-NEXT: %[[DV:.*]] = wmma.mma #atom %[[A]], %[[BV]], %[[AV]]
// CHECK-NEXT: %[[BK:.*]] = wmma.load <b, {{.*}}> %{{.*}}[
// CHECK-NEXT: %[[DK:.*]] = wmma.mma #atom %[[A]], %[[BK]], %[[AK]]
// CHECK-NEXT: %[[BQ:.*]] = wmma.load <b, {{.*}}> %{{.*}}[
// CHECK-NEXT: %[[DQ:.*]] = wmma.mma #atom %[[A]], %[[BQ]], %[[AQ]]
// CHECK-NEXT: scf.yield %[[DQ]], %[[DK]], %[[DV]]
// Q's epilogue scales, K's and V's only round.
// CHECK: %[[SQ:.*]] = arith.mulf %[[R]]#0, %{{.*}} : vector<8xf32>
// CHECK: arith.truncf %[[SQ]]
// CHECK: wmma.store <d, {{.*}}> %{{.*}}, %[[QB]][
// CHECK: arith.truncf %[[R]]#1
// CHECK: wmma.store <d, {{.*}}> %{{.*}}, %[[KB]][
// CHECK: arith.truncf %[[R]]#2
// CHECK: wmma.store <d, {{.*}}> %{{.*}}, %[[VB]][
// Blocks reaching past the rows (Gemm.c: one uniform branch) store masked.
// CHECK: } else {
// CHECK: wmma.store <d, {{.*}}> %{{.*}}, %[[QB]][{{.*}}] masked
// CHECK: wmma.store <d, {{.*}}> %{{.*}}, %[[KB]][{{.*}}] masked
// CHECK: wmma.store <d, {{.*}}> %{{.*}}, %[[VB]][{{.*}}] masked
// CHECK-NOT: wmma.store
// CHECK: gpu.return
// CHECK-LABEL: func.func @qkv
// CHECK-NOT: wmma.program
// CHECK: gpu.launch_func
// CHECK-NOT: gpu.launch_func
func.func @qkv(%x: memref<?x64xf16>, %wq: memref<64x64xf16>, %wk: memref<64x64xf16>, %wv: memref<64x64xf16>, %q: memref<?x64xf16>, %k: memref<?x64xf16>, %v: memref<?x64xf16>) {
  %zf = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %t = memref.dim %x, %c0 : memref<?x64xf16>
  %a = memref.alloc(%t) : memref<?x64xf32>
  linalg.fill ins(%zf : f32) outs(%a : memref<?x64xf32>)
  linalg.matmul ins(%x, %wq : memref<?x64xf16>, memref<64x64xf16>) outs(%a : memref<?x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<?x64xf32>) outs(%q : memref<?x64xf16>) {
  ^bb0(%in: f32, %out: f16):
    %s = arith.constant 0.125 : f32
    %m = arith.mulf %in, %s : f32
    %h = arith.truncf %m : f32 to f16
    linalg.yield %h : f16
  }
  linalg.fill ins(%zf : f32) outs(%a : memref<?x64xf32>)
  linalg.matmul ins(%x, %wk : memref<?x64xf16>, memref<64x64xf16>) outs(%a : memref<?x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<?x64xf32>) outs(%k : memref<?x64xf16>) {
  ^bb0(%in: f32, %out: f16):
    %h = arith.truncf %in : f32 to f16
    linalg.yield %h : f16
  }
  linalg.fill ins(%zf : f32) outs(%a : memref<?x64xf32>)
  linalg.matmul ins(%x, %wv : memref<?x64xf16>, memref<64x64xf16>) outs(%a : memref<?x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<?x64xf32>) outs(%v : memref<?x64xf16>) {
  ^bb0(%in: f32, %out: f16):
    %h = arith.truncf %in : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %a : memref<?x64xf32>
  return
}

// -----

// Two outputs, f32 results without an epilogue: two accumulator sets.
// CHECK-LABEL: gpu.func @qk
// CHECK: scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>)
// CHECK-COUNT-2: wmma.mma
// CHECK-NOT: wmma.mma
// CHECK: scf.yield
// CHECK-LABEL: func.func @qk
// CHECK-NOT: wmma.program
// CHECK: gpu.launch_func
// CHECK-NOT: gpu.launch_func
func.func @qk(%x: memref<64x32xf16>, %w1: memref<32x48xf16>, %w2: memref<32x48xf16>, %y1: memref<64x48xf32>, %y2: memref<64x48xf32>) {
  %zf = arith.constant 0.0 : f32
  linalg.fill ins(%zf : f32) outs(%y1 : memref<64x48xf32>)
  linalg.matmul ins(%x, %w1 : memref<64x32xf16>, memref<32x48xf16>) outs(%y1 : memref<64x48xf32>)
  linalg.fill ins(%zf : f32) outs(%y2 : memref<64x48xf32>)
  linalg.matmul ins(%x, %w2 : memref<64x32xf16>, memref<32x48xf16>) outs(%y2 : memref<64x48xf32>)
  return
}

// -----

// Outputs of two A operands: a program of two kernels; the run of both is
// refused with the reason.
// CHECK-LABEL: func.func @two_a
// CHECK-SAME: wmma.program = 2
// WHY: segment [0, 3]: the function writes 2 buffers, which one kernel writes only as products of one A operand: they do not read one A operand
func.func @two_a(%x: memref<64x32xf16>, %x2: memref<64x32xf16>, %w1: memref<32x48xf16>, %w2: memref<32x48xf16>, %y1: memref<64x48xf32>, %y2: memref<64x48xf32>) {
  %zf = arith.constant 0.0 : f32
  linalg.fill ins(%zf : f32) outs(%y1 : memref<64x48xf32>)
  linalg.matmul ins(%x, %w1 : memref<64x32xf16>, memref<32x48xf16>) outs(%y1 : memref<64x48xf32>)
  linalg.fill ins(%zf : f32) outs(%y2 : memref<64x48xf32>)
  linalg.matmul ins(%x2, %w2 : memref<64x32xf16>, memref<32x48xf16>) outs(%y2 : memref<64x48xf32>)
  return
}
