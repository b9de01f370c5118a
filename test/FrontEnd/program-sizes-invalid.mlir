// Run-time sizes the program record cannot express: the kernels are built
// (plugin users get them), but a runner needs every run-time size to be
// one dimension of an argument.  With whole-functions (wmma-compile,
// wmma-run) the refusal is at the op that computes the size.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=true})'
// Without it the same functions convert (a launch with a computed grid).
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s

#id = affine_map<(i, j) -> (i, j)>

// torch-mlir's flatten of two run-time dimensions (aten.flatten).
// CHECK-LABEL: func.func @flatten_relu(
// CHECK: memref.collapse_shape
// CHECK: gpu.launch_func
func.func @flatten_relu(%x: tensor<?x?x64xf32>) -> tensor<?x64xf32> {
  // expected-error @+1 {{@flatten_relu is not a static sequence of launches: a collapse_shape multiplies 2 run-time sizes into one (a flatten of dynamic dimensions): the runner's record takes each run-time size from one dimension of an argument; give the input with those dimensions flattened}}
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
// CHECK: arith.muli
// CHECK: gpu.launch_func
func.func @index_arg_size(%n: index) -> tensor<?x64xf32> {
  %c2 = arith.constant 2 : index
  %m = arith.muli %n, %c2 : index
  // expected-error @+1 {{@index_arg_size is not a static sequence of launches: a buffer's size is computed on the host (arithmetic on an index argument or on run-time sizes): the runner's record takes each run-time size from one dimension of an argument; give a buffer of that size as an argument, or its size as a dimension of one}}
  %e = tensor.empty(%m) : tensor<?x64xf32>
  %one = arith.constant 1.0 : f32
  %r = linalg.fill ins(%one : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}
