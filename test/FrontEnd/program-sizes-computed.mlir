// Run-time sizes the host computes: a flatten of two run-time dimensions
// and a size from arithmetic on an index argument.  With whole-functions
// (wmma-compile, wmma-run) the function becomes a program whose record
// keeps such a size as an index value the runner evaluates (the manifest's
// "computed_sizes": test/tools/wmma-run/program-sizes-computed.test); the
// host keeps the arithmetic and allocates at the computed size.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=true})' | FileCheck %s
// Without whole-functions the same functions convert the same way.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=PLUGIN

#id = affine_map<(i, j) -> (i, j)>

// torch-mlir's flatten of two run-time dimensions (aten.flatten).
// CHECK-LABEL: func.func @flatten_relu(
// CHECK-SAME: attributes {wmma.program
// CHECK: %[[X:.*]] = bufferization.to_buffer
// CHECK: %[[F:.*]] = memref.collapse_shape %[[X]] {{\[\[}}0, 1], [2]]
// CHECK: %[[N:.*]] = memref.dim %[[F]], %c0
// CHECK: %[[O:.*]] = memref.alloc(%[[N]])
// CHECK: gpu.launch_func {{.*}} args(%[[F]] : memref<?x64xf32>, %[[O]] : memref<?x64xf32>)
// PLUGIN-LABEL: func.func @flatten_relu(
// PLUGIN: memref.collapse_shape
// PLUGIN: gpu.launch_func
func.func @flatten_relu(%x: tensor<?x?x64xf32>) -> tensor<?x64xf32> {
  %f = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x64xf32> into tensor<?x64xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %f, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?x64xf32>
  %z = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%f : tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %z : f32
    linalg.yield %m : f32
  } -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

// -----

// A size computed from an index argument.
// CHECK-LABEL: func.func @index_arg_size(
// CHECK-SAME: attributes {wmma.program
// CHECK: %[[M:.*]] = arith.muli %arg0, %c2
// CHECK: %[[O:.*]] = memref.alloc(%[[M]])
// CHECK: gpu.launch_func {{.*}} args(%[[O]] : memref<?x64xf32>)
// PLUGIN-LABEL: func.func @index_arg_size(
// PLUGIN: arith.muli
// PLUGIN: gpu.launch_func
func.func @index_arg_size(%n: index) -> tensor<?x64xf32> {
  %c2 = arith.constant 2 : index
  %m = arith.muli %n, %c2 : index
  %e = tensor.empty(%m) : tensor<?x64xf32>
  %one = arith.constant 1.0 : f32
  %r = linalg.fill ins(%one : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}
