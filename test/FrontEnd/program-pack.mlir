// linalg.pack / linalg.unpack on tensors are lowered by upstream's
// decomposition (pack: pad, expand_shape, transpose; unpack: transpose,
// collapse_shape, extract_slice) before bufferization.  The reshapes stay
// views on the host, the transposes are read by the GEMM through its
// indexing maps, and only the padding and the unpacking slice move data.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s

// IREE's data-tiled matmul: A padded from 40 to 48 rows (a fill and a copy
// into a subview), B packed by a transpose only (a view), mmt4d on WMMA,
// the unpack a copy out of the tile-major result.
// CHECK-LABEL: func.func @mmt4d_pipeline
// CHECK-SAME: attributes {wmma.program = 4 : i64}
// CHECK: %[[PAD:.*]] = memref.alloc() {{.*}} : memref<48x64xf16>
// CHECK: gpu.launch_func @mmt4d_pipeline_module::@mmt4d_pipeline_k0 {{.*}} args(%[[PAD]] : memref<48x64xf16>)
// CHECK-DAG: %[[IN:.*]] = memref.subview %[[PAD]][0, 0] [40, 64] [1, 1]
// CHECK-DAG: %[[PA:.*]] = memref.expand_shape %[[PAD]] {{\[}}[0, 1], [2, 3]] output_shape [3, 16, 4, 16]
// CHECK: gpu.launch_func @mmt4d_pipeline_module::@mmt4d_pipeline_k1 {{.*}} args(%{{.*}} : memref<40x64xf16>, %[[IN]] : memref<40x64xf16, strided<[64, 1]>>)
// CHECK-DAG: %[[PB:.*]] = memref.expand_shape %{{.*}} {{\[}}[0, 1], [2, 3]] output_shape [4, 16, 3, 16]
// CHECK-DAG: %[[PC:.*]] = memref.alloc() {{.*}} : memref<3x16x3x16xf32>
// CHECK-DAG: %[[FLAT:.*]] = memref.collapse_shape %[[PC]] {{\[}}[0, 1], [2, 3]]
// CHECK-DAG: %[[SLICE:.*]] = memref.subview %[[FLAT]][0, 0] [40, 48] [1, 1]
// CHECK: gpu.launch_func @mmt4d_pipeline_module::@mmt4d_pipeline_k2 {{.*}} args(%[[PA]] : memref<3x16x4x16xf16>, %[[PB]] : memref<4x16x3x16xf16>, %[[PC]] : memref<3x16x3x16xf32>)
// CHECK: gpu.launch_func @mmt4d_pipeline_module::@mmt4d_pipeline_k3 {{.*}} args(%[[SLICE]] : memref<40x48xf32, strided<[48, 1]>>, %{{.*}} : memref<40x48xf32>)
// CHECK-NOT: linalg.pack
// CHECK-NOT: linalg.unpack
func.func @mmt4d_pipeline(%a: tensor<40x64xf16>, %b: tensor<64x48xf16>) -> tensor<40x48xf32> {
  %z16 = arith.constant 0.0 : f16
  %ea = tensor.empty() : tensor<3x4x16x16xf16>
  %pa = linalg.pack %a padding_value(%z16 : f16) inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %ea : tensor<40x64xf16> -> tensor<3x4x16x16xf16>
  %eb = tensor.empty() : tensor<3x4x16x16xf16>
  %pb = linalg.pack %b outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 16] into %eb : tensor<64x48xf16> -> tensor<3x4x16x16xf16>
  %zf = arith.constant 0.0 : f32
  %ec = tensor.empty() : tensor<3x3x16x16xf32>
  %fc = linalg.fill ins(%zf : f32) outs(%ec : tensor<3x3x16x16xf32>) -> tensor<3x3x16x16xf32>
  %pc = linalg.mmt4d ins(%pa, %pb : tensor<3x4x16x16xf16>, tensor<3x4x16x16xf16>) outs(%fc : tensor<3x3x16x16xf32>) -> tensor<3x3x16x16xf32>
  %er = tensor.empty() : tensor<40x48xf32>
  %r = linalg.unpack %pc inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %er : tensor<3x3x16x16xf32> -> tensor<40x48xf32>
  return %r : tensor<40x48xf32>
}

// -----

// A pack that pads nothing is a view and a transpose: no fill or copy
// kernel for a zero-width pad; the round trip is one transposing copy and
// the GEMM.
// CHECK-LABEL: func.func @round_trip
// CHECK-SAME: attributes {wmma.program = 2 : i64}
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT: gpu.launch_func
func.func @round_trip(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<4x4x16x16xf16>
  %p = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %e : tensor<64x64xf16> -> tensor<4x4x16x16xf16>
  %u0 = tensor.empty() : tensor<64x64xf16>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %u0 : tensor<4x4x16x16xf16> -> tensor<64x64xf16>
  %c0 = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%u, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
