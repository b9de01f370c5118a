// wmma-propagate-reshapes folds a reshape that connects two linalg ops
// into them when it only merges or splits loops every operand is indexed by
// (batch and heads); reshapes of arguments and results stay (views), and so
// does a split of a matrix dimension (a projection's N into heads x d).
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(wmma-propagate-reshapes))' | FileCheck %s

// Heads collapsed into the batch of a batch_matmul, expanded for an
// elementwise op, collapsed again for the next batch_matmul: every op runs
// on 2x8 (batch, heads); no reshape is left.
// CHECK-LABEL: func.func @heads(
// CHECK-NOT: tensor.collapse_shape
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%arg0, %arg1 : tensor<2x8x16x32xf16>, tensor<2x8x32x16xf16>)
// CHECK: arith.mulf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]
// CHECK: return {{.*}} : tensor<2x8x16x32xf16>
func.func @heads(%q: tensor<2x8x16x32xf16>, %kt: tensor<2x8x32x16xf16>, %v: tensor<2x8x16x32xf16>) -> tensor<2x8x16x32xf16> {
  %zero = arith.constant 0.0 : f16
  %half = arith.constant 0.5 : f16
  %qc = tensor.collapse_shape %q [[0, 1], [2], [3]] : tensor<2x8x16x32xf16> into tensor<16x16x32xf16>
  %kc = tensor.collapse_shape %kt [[0, 1], [2], [3]] : tensor<2x8x32x16xf16> into tensor<16x32x16xf16>
  %e = tensor.empty() : tensor<16x16x16xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<16x16x16xf16>) -> tensor<16x16x16xf16>
  %s = linalg.batch_matmul ins(%qc, %kc : tensor<16x16x32xf16>, tensor<16x32x16xf16>) outs(%f : tensor<16x16x16xf16>) -> tensor<16x16x16xf16>
  %s4 = tensor.expand_shape %s [[0, 1], [2], [3]] output_shape [2, 8, 16, 16] : tensor<16x16x16xf16> into tensor<2x8x16x16xf16>
  %e4 = tensor.empty() : tensor<2x8x16x16xf16>
  %p = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s4 : tensor<2x8x16x16xf16>) outs(%e4 : tensor<2x8x16x16xf16>) {
  ^bb0(%x: f16, %o: f16):
    %y = arith.mulf %x, %half : f16
    linalg.yield %y : f16
  } -> tensor<2x8x16x16xf16>
  %pc = tensor.collapse_shape %p [[0, 1], [2], [3]] : tensor<2x8x16x16xf16> into tensor<16x16x16xf16>
  %vc = tensor.collapse_shape %v [[0, 1], [2], [3]] : tensor<2x8x16x32xf16> into tensor<16x16x32xf16>
  %eo = tensor.empty() : tensor<16x16x32xf16>
  %fo = linalg.fill ins(%zero : f16) outs(%eo : tensor<16x16x32xf16>) -> tensor<16x16x32xf16>
  %o = linalg.batch_matmul ins(%pc, %vc : tensor<16x16x16xf16>, tensor<16x16x32xf16>) outs(%fo : tensor<16x16x32xf16>) -> tensor<16x16x32xf16>
  %o4 = tensor.expand_shape %o [[0, 1], [2], [3]] output_shape [2, 8, 16, 32] : tensor<16x16x32xf16> into tensor<2x8x16x32xf16>
  return %o4 : tensor<2x8x16x32xf16>
}

// -----

// A projection's N split into heads x head dim is a matrix dimension (the
// activations are not indexed by it): the matmul keeps its name and shape
// and the expand_shape stays between it and the transpose.
// CHECK-LABEL: func.func @projection(
// CHECK: %[[P:.*]] = linalg.matmul
// CHECK: tensor.expand_shape %[[P]] {{\[\[}}0], [1, 2]]
// CHECK: linalg.transpose
func.func @projection(%x: tensor<?x256xf16>, %w: tensor<256x256xf16>) -> tensor<4x?x64xf16> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f16
  %t = tensor.dim %x, %c0 : tensor<?x256xf16>
  %e = tensor.empty(%t) : tensor<?x256xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<?x256xf16>) -> tensor<?x256xf16>
  %p = linalg.matmul ins(%x, %w : tensor<?x256xf16>, tensor<256x256xf16>) outs(%f : tensor<?x256xf16>) -> tensor<?x256xf16>
  %p3 = tensor.expand_shape %p [[0], [1, 2]] output_shape [%t, 4, 64] : tensor<?x256xf16> into tensor<?x4x64xf16>
  %eh = tensor.empty(%t) : tensor<4x?x64xf16>
  %h = linalg.transpose ins(%p3 : tensor<?x4x64xf16>) outs(%eh : tensor<4x?x64xf16>) permutation = [1, 0, 2]
  return %h : tensor<4x?x64xf16>
}

// -----

// Reshapes of an argument and of a result are views the host passes: they
// stay, and the op keeps its shape.
// CHECK-LABEL: func.func @views(
// CHECK: %[[C:.*]] = tensor.collapse_shape %arg0
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<16x32xf32>)
// CHECK: tensor.expand_shape %[[R]]
func.func @views(%a: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
  %c = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x8x32xf32> into tensor<16x32xf32>
  %e = tensor.empty() : tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16x32xf32>
  %x = tensor.expand_shape %r [[0, 1], [2]] output_shape [2, 8, 32] : tensor<16x32xf32> into tensor<2x8x32xf32>
  return %x : tensor<2x8x32xf32>
}
