// Run-time sizes the host computes: a flatten of two run-time dimensions
// (torch-mlir's aten.flatten) and allocations sized by arithmetic on index
// arguments.  The program record keeps each such size as an index value
// (a product of sizes, of scalars) that the runner evaluates before the
// launches.

// Flatten (?, ?, 64) -> (? x 64), then a GEMM: M is the product of the
// input's two run-time sizes.
func.func @flatten_matmul(%x: tensor<?x?x64xf16>, %w: tensor<64x32xf16>) -> tensor<?x32xf32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x64xf16> into tensor<?x64xf16>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %c, %c0 : tensor<?x64xf16>
  %z = arith.constant 0.0 : f32
  %o = tensor.empty(%n) : tensor<?x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<?x32xf32>) -> tensor<?x32xf32>
  %r = linalg.matmul ins(%c, %w : tensor<?x64xf16>, tensor<64x32xf16>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}

// Flatten, a GEMM, then a row softmax: the GEMM's result is an
// intermediate allocated at the computed size, which the softmax kernel
// reads.
func.func @flatten_matmul_softmax(%x: tensor<?x?x64xf16>, %w: tensor<64x48xf16>) -> tensor<?x48xf32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x64xf16> into tensor<?x64xf16>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %c, %c0 : tensor<?x64xf16>
  %z = arith.constant 0.0 : f32
  %o = tensor.empty(%n) : tensor<?x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<?x48xf32>) -> tensor<?x48xf32>
  %mm = linalg.matmul ins(%c, %w : tensor<?x64xf16>, tensor<64x48xf16>) outs(%f : tensor<?x48xf32>) -> tensor<?x48xf32>
  %e = tensor.empty(%n) : tensor<?x48xf32>
  %r = linalg.softmax dimension(1) ins(%mm : tensor<?x48xf32>) outs(%e : tensor<?x48xf32>) -> tensor<?x48xf32>
  return %r : tensor<?x48xf32>
}

// A result of m * n rows (index arguments): a bias broadcast over them,
// scaled.  No argument has that size: the runner computes it.
func.func @empty_muli(%bias: tensor<64xf32>, %m: index, %n: index) -> tensor<?x64xf32> {
  %s = arith.muli %m, %n : index
  %e = tensor.empty(%s) : tensor<?x64xf32>
  %two = arith.constant 2.0 : f32
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%b: f32, %o: f32):
    %t = arith.mulf %b, %two : f32
    linalg.yield %t : f32
  } -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

// A GEMM whose output is allocated at m * n rows (heads x tokens per
// head): the kernel takes it equal to the rows of x, which the runner
// checks.
func.func @empty_muli_matmul(%x: tensor<?x64xf16>, %w: tensor<64x32xf16>, %m: index, %n: index) -> tensor<?x32xf32> {
  %s = arith.muli %m, %n : index
  %o = tensor.empty(%s) : tensor<?x32xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<?x32xf32>) -> tensor<?x32xf32>
  %r = linalg.matmul ins(%x, %w : tensor<?x64xf16>, tensor<64x32xf16>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %r : tensor<?x32xf32>
}
