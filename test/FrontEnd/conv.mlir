// Convolutions are implicit GEMMs: the output pixels are M (collapsed into
// one loop, the output read through a view), the output channels N, the
// filter's taps and input channels K (the filter read through a [K][F]
// view); the input's tiles are gathered into LDS by index math from the
// pixel and K indices -- no im2col buffer.
// RUN: wmma-opt %S/Inputs/conv.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s

// CHECK-LABEL: gpu.func @conv(
// CHECK-SAME: wmma.schedule = #wmma.schedule<template = "gemm", {{.*}}staging = lds
// CHECK: %[[X:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// CHECK: %[[W:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1, 216, 32], strides: [0, 0, 32, 1] : memref<3x3x24x32xf16
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1, 64, 32]
// The pixel (clamped to the last, 63) and the tap of K split back:
// CHECK: %[[P:.*]] = arith.minui %{{.*}}, %c63 : index
// CHECK: arith.remui %[[P]], %c8
// CHECK: arith.remui %{{.*}}, %c24
// CHECK: arith.remui %{{.*}}, %c3
// Eight channels of one tap: one vector load of the input, one LDS store.
// CHECK: vector.load %[[X]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<1x10x10x24xf16, {{.*}}>, vector<8xf16>
// CHECK: vector.load %[[W]]
// CHECK: vector.store %{{.*}}, %arg3[%c0, %{{.*}}, %{{.*}}] : memref<2x64x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: wmma.mma
// CHECK-NOT: memref.alloc

// 16 input channels: the halo tile (Templates/ConvHalo.c).  LDS holds the
// tile's input pixels, 16 channels each ([stage][elements]), and the
// filter's 9 taps' 16-row slices side by side ([stage][N][9 x 16 + 8]).
// Per K block: the halo's chunks loaded once (3 per thread, 16 bytes),
// one 16-wide filter slice per tap, all stored to LDS; then per tap one
// 16-byte LDS read per A fragment.
// CHECK-LABEL: gpu.func @conv_halo(
// CHECK-SAME: workgroup(%[[HALO:.*]] : memref<2x2688xf16, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<2x64x152xf16, #gpu.address_space<workgroup>>)
// CHECK: %[[XH:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// CHECK: %[[WH:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1, 144, 32]
// CHECK-COUNT-3: vector.load %[[XH]][{{.*}}] : memref<1x10x10x16xf16, {{.*}}>, vector<8xf16>
// CHECK-COUNT-9: vector.load %[[WH]][
// CHECK-COUNT-3: vector.store %{{.*}}, %[[HALO]][%c0, %{{.*}}] : memref<2x2688xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: vector.store %{{.*}}, %[[B]][%c0,
// CHECK: vector.load %[[HALO]][%c0, %{{.*}}] : memref<2x2688xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: wmma.load <a, kcontig, #atom> %[[B]][%c0,
// CHECK: wmma.mma
// CHECK-NOT: memref.alloc

// 3 input channels (7x7 taps): each K element is its own load, from a 1-D
// view of the input.  K is ordered by runs of kw x c = 21 elements
// contiguous in memory, each padded to 32 (K = 7 x 32 = 224: no K tail):
// a thread's 8 elements lie in one run, at its start in the run (k mod 32,
// the thread's alone) plus the run's row step; elements past the run's
// end (kr + e >= 21) read past the input (4107: zeros) -- one select per
// group of elements the same kr passes (kr < 24: e < 5; kr < 16: the
// rest), no division by 21, no select per element.  The filter's [147][16]
// view is read at row (k / 32) x 21 + k mod 32, past it (147) in the
// padding.
// CHECK-LABEL: gpu.func @conv_c3(
// CHECK-SAME: tails = [false, true, false]
// CHECK: %[[X3:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// CHECK: %[[W3:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1, 1, 147, 16]
// CHECK: %[[F3:.*]] = memref.reinterpret_cast %[[X3]] to offset: [0], sizes: [4107], strides: [1]
// CHECK-NOT: %c21_i32
// CHECK: arith.remui %{{.*}}, %c32_i32 : i32
// CHECK: arith.remui %{{.*}}, %c32_i32 : i32
// CHECK-NEXT: %[[KR:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[AT:.*]] = arith.addi %{{.*}}, %[[KR]] : i32
// CHECK: arith.cmpi ult, %[[KR]], %c24_i32 : i32
// CHECK: arith.select %{{.*}}, %[[AT]], %c4107_i32 : i32
// CHECK-COUNT-5: memref.load %[[F3]]
// CHECK: arith.cmpi ult, %[[KR]], %c16_i32 : i32
// CHECK: arith.select %{{.*}}, %[[AT]], %c4107_i32 : i32
// CHECK-COUNT-3: memref.load %[[F3]]
// CHECK: vector.from_elements
// CHECK: arith.select %{{.*}}, %{{.*}}, %c147 : index
// CHECK: vector.load %[[W3]][%c0, %c0, %{{.*}}, %{{.*}}] : memref<1x1x147x16xf16
// CHECK-NOT: %c21_i32
// CHECK: gpu.return

// A tensor.pad feeding the convolution: the kernel takes the unpadded
// input and checks each gathered index against it (zeros outside); the
// padded buffer, its fill and the copy are gone.
// RUN: wmma-opt %S/Inputs/conv-pad.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefix=PAD
// PAD-LABEL: gpu.func @conv_pad(%arg0: memref<1x16x16x16xf16>
// PAD: %[[X:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// Two spatial dims checked (not the batch, not the channels):
// PAD: arith.cmpi sge
// PAD: arith.cmpi slt
// PAD: arith.cmpi sge
// PAD: arith.cmpi slt
// PAD-NOT: arith.cmpi
// PAD: %[[V:.*]] = vector.load %[[X]][
// PAD: arith.select %{{.*}}, %[[V]], %{{.*}} : vector<8xf16>
// PAD-LABEL: func.func @conv_pad(
// PAD-NOT: memref.copy
// PAD-NOT: memref.subview
// PAD: gpu.launch_func

// The same at run-time sizes (bufferized: the padded sizes affine.apply of
// memref.dim): the kernel takes the unpadded input at its run-time sizes
// and checks the two padded spatial dims against them (the batch, dynamic
// but unpadded, is not checked); the host launches it alone, with no
// padded buffer.
// RUN: wmma-opt %wmma_src/test/tools/wmma-run/Inputs/conv-pad-dynamic.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=DPAD
// DPAD-LABEL: gpu.func @conv_pad_dyn(%arg0: memref<?x?x?x16xf16>
// DPAD-DAG: %[[H:.*]] = memref.dim %arg0, %c1 : memref<?x?x?x16xf16>
// DPAD-DAG: %[[W:.*]] = memref.dim %arg0, %c2 : memref<?x?x?x16xf16>
// DPAD: %[[X:.*]] = amdgpu.fat_raw_buffer_cast %arg0
// DPAD: arith.cmpi sge
// DPAD: arith.cmpi slt, %{{.*}}, %[[H]] : index
// DPAD: arith.cmpi sge
// DPAD: arith.cmpi slt, %{{.*}}, %[[W]] : index
// DPAD-NOT: arith.cmpi
// DPAD: %[[V:.*]] = vector.load %[[X]][
// DPAD: arith.select %{{.*}}, %[[V]], %{{.*}} : vector<8xf16>
// DPAD-LABEL: func.func @conv_pad_dyn(
// DPAD-NOT: affine.apply
// DPAD-NOT: memref.copy
// DPAD-NOT: memref.subview
// DPAD: gpu.launch_func
// DPAD-NOT: gpu.launch_func

// Padding amounts that are run-time index values (low n and n + 1, high
// n + 1 and n, n an index argument): the kernel takes n and computes the
// unpadded index as the padded one minus the low amount (n itself, and
// n + 1 computed in the kernel), checked against the source's run-time
// sizes; no padded buffer, one launch.
// RUN: wmma-opt %S/Inputs/conv-pad-runtime.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=RPAD
// RPAD-LABEL: gpu.func @conv_pad_rt(%arg0: memref<1x?x?x16xf16>, %arg1: memref<3x3x16x32xf16>, %arg2: memref<1x?x?x32xf32>, %arg3: index,
// RPAD-DAG: %[[H:.*]] = memref.dim %arg0, %c1 : memref<1x?x?x16xf16>
// RPAD-DAG: %[[W:.*]] = memref.dim %arg0, %c2 : memref<1x?x?x16xf16>
// RPAD: %[[Y:.*]] = arith.subi %{{.*}}, %arg3 : index
// RPAD-NEXT: arith.cmpi sge, %[[Y]], %c0 : index
// RPAD-NEXT: arith.cmpi slt, %[[Y]], %[[H]] : index
// RPAD: %[[M:.*]] = arith.addi %arg3, %c1 : index
// RPAD-NEXT: %[[X:.*]] = arith.subi %{{.*}}, %[[M]] : index
// RPAD-NEXT: arith.cmpi sge, %[[X]], %c0 : index
// RPAD-NEXT: arith.cmpi slt, %[[X]], %[[W]] : index
// RPAD: vector.load
// RPAD: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf16>
// RPAD-LABEL: func.func @conv_pad_rt(
// RPAD-NOT: affine.apply
// RPAD-NOT: memref.copy
// RPAD-NOT: memref.subview
// RPAD: gpu.launch_func @conv_pad_rt_module::@conv_pad_rt {{.*}} args({{.*}}, %arg3 : index, %alloc :
// RPAD-NOT: gpu.launch_func
