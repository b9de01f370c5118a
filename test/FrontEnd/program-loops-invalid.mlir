// Loops and conditionals the program record cannot describe stay on the
// host as a whole, with the reason; in whole-function mode (the driver's)
// the function is then not converted.
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})'

#id = affine_map<(i, j) -> (i, j)>
func.func @scalar_carried(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %y: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @+1 {{not converted to a wmma kernel: the scf.for carries a scalar from one iteration to the next (iter_arg 0): only buffers updated in place are supported}}
  %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (f32) {
    linalg.fill ins(%acc : f32) outs(%y : memref<64x32xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x32xf16>) outs(%y : memref<64x32xf32>)
    %n = arith.addf %acc, %acc : f32
    scf.yield %n : f32
  }
  return
}

// -----

func.func @swapped_buffers(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %y: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @+1 {{not converted to a wmma kernel: the scf.for's iter_arg 0 is a different buffer in each iteration; write each iteration's result into the iter_arg (destination-passing style)}}
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %y) -> (memref<64x32xf32>) {
    %t = memref.alloc() : memref<64x32xf32>
    linalg.fill ins(%z : f32) outs(%t : memref<64x32xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x32xf16>) outs(%t : memref<64x32xf32>)
    scf.yield %t : memref<64x32xf32>
  }
  return
}

// -----

// A bound converted from a float: the conversion is an op the host does
// not run, and the loop says why it stays.
// expected-remark @+1 {{not converted to a wmma kernel: 2 obstacles}}
func.func @bound_from_a_float(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %f: f32, %y: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-note @+1 {{'arith.fptosi' is neither a kernel's work nor a launch, an allocation or a view}}
  %n = arith.fptosi %f : f32 to i32
  %ub = arith.index_cast %n : i32 to index
  // expected-note @+1 {{the scf.for's upper bound is not computed from constants, index arguments, sizes and induction variables by index arithmetic}}
  scf.for %i = %c0 to %ub step %c1 {
    linalg.fill ins(%z : f32) outs(%y : memref<64x32xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x32xf16>) outs(%y : memref<64x32xf32>)
  }
  return
}

// -----

// expected-remark @+1 {{not converted to a wmma kernel: 2 obstacles}}
func.func @if_on_a_float(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %t: f32, %y: memref<64x32xf32>) {
  %z = arith.constant 0.0 : f32
  // expected-note @+1 {{'arith.cmpf' is neither a kernel's work nor a launch, an allocation or a view}}
  %p = arith.cmpf ogt, %t, %z : f32
  // expected-note @+1 {{the scf.if's condition is not computed from constants, index arguments, sizes and induction variables by index arithmetic (a value a kernel computes cannot decide a launch)}}
  scf.if %p {
    linalg.fill ins(%z : f32) outs(%y : memref<64x32xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x32xf16>) outs(%y : memref<64x32xf32>)
  }
  return
}

// -----

func.func @if_with_results(%x: memref<64x32xf16>, %w: memref<32x32xf16>, %k: index, %y: memref<64x32xf32>, %y2: memref<64x32xf32>) -> memref<64x32xf32> {
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %p = arith.cmpi eq, %k, %c1 : index
  // expected-remark @+1 {{not converted to a wmma kernel: an scf.if yielding scalars, or different buffers in its branches, is not supported (write the result into one buffer in both branches)}}
  %r = scf.if %p -> (memref<64x32xf32>) {
    linalg.fill ins(%z : f32) outs(%y : memref<64x32xf32>)
    linalg.matmul ins(%x, %w : memref<64x32xf16>, memref<32x32xf16>) outs(%y : memref<64x32xf32>)
    scf.yield %y : memref<64x32xf32>
  } else {
    scf.yield %y2 : memref<64x32xf32>
  }
  return %r : memref<64x32xf32>
}

// -----

// Tensor iter_args replaced by a new tensor each iteration: upstream
// bufferization refuses it; the reason says which form it takes.
#id = affine_map<(i, j) -> (i, j)>
func.func @new_tensor_each_iteration(%x: tensor<64x32xf16>, %w: tensor<32x32xf16>) -> tensor<64x32xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f16
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %x) -> (tensor<64x32xf16>) {
    %e = tensor.empty() : tensor<64x32xf16>
    %f = linalg.fill ins(%z : f16) outs(%e : tensor<64x32xf16>) -> tensor<64x32xf16>
    %m = linalg.matmul ins(%acc, %w : tensor<64x32xf16>, tensor<32x32xf16>) outs(%f : tensor<64x32xf16>) -> tensor<64x32xf16>
    // expected-remark @+1 {{not converted to a wmma kernel: bufferization of the tensor function failed on scf.yield: Yield operand #0 is not equivalent to the corresponding iter bbArg; write each iteration's result into the iter_arg (outs of the last linalg op: destination-passing style)}}
    scf.yield %m : tensor<64x32xf16>
  }
  return %r : tensor<64x32xf16>
}
