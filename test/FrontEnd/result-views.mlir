// A result returned through a view of a buffer the function computes (a
// keep-dim expand_shape, a squeezing collapse_shape, a cast to a static
// width) becomes the buffer the host allocates in the result's type; the
// kernel writes it through the inverse view.  Before, each was refused
// ("result 0 is not a buffer the function allocates").
// RUN: wmma-opt %S/Inputs/result-views.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// CHECK-LABEL: func.func @keepdim_sum(
// CHECK: %[[R:.*]] = memref.alloc() : memref<37x1xf32>
// CHECK: %[[V:.*]] = memref.collapse_shape %[[R]] {{\[\[}}0, 1]] : memref<37x1xf32> into memref<37xf32>
// CHECK: gpu.launch_func {{.*}} args(%[[V]] : memref<37xf32>
// CHECK: bufferization.to_tensor %[[R]] {{.*}} : memref<37x1xf32> to tensor<37x1xf32>

// CHECK-LABEL: func.func @squeezed_row(
// CHECK: %[[R:.*]] = memref.alloc() : memref<72xf32>
// CHECK: %[[V:.*]] = memref.expand_shape %[[R]] {{\[\[}}0, 1]] output_shape [1, 72] : memref<72xf32> into memref<1x72xf32>
// CHECK: gpu.launch_func {{.*}}(%[[V]] : memref<1x72xf32>
// CHECK: bufferization.to_tensor %[[R]]

// CHECK-LABEL: func.func @cast_width(
// CHECK: %[[M:.*]] = memref.dim %{{.*}}, %c0 : memref<?x?xf16>
// CHECK: %[[R:.*]] = memref.alloc(%[[M]]) : memref<?x24xf32>
// CHECK: %[[V:.*]] = memref.cast %[[R]] : memref<?x24xf32> to memref<?x?xf32>
// CHECK: gpu.launch_func {{.*}}%[[V]] : memref<?x?xf32>
// CHECK: bufferization.to_tensor %[[R]] {{.*}} : memref<?x24xf32> to tensor<?x24xf32>

// CHECK-LABEL: func.func @squeeze_tokens(
// CHECK: %[[T:.*]] = memref.dim %{{.*}}, %c1 : memref<1x?x64xf16>
// CHECK: %[[R:.*]] = memref.alloc(%[[T]]) : memref<?x64xf32>
// CHECK: %[[V:.*]] = memref.expand_shape %[[R]] {{\[\[}}0, 1], [2]] output_shape [1, %[[T]], 64] : memref<?x64xf32> into memref<1x?x64xf32>
// CHECK: gpu.launch_func {{.*}}%[[V]] : memref<1x?x64xf32>
// CHECK: bufferization.to_tensor %[[R]]
