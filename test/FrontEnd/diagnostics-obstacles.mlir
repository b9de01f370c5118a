// Diagnostics of wmma-linalg-to-kernels, continued: a function with several
// obstacles gets one remark at the function listing how many, with a note at
// each obstacle's op (or argument); each message says what the construct is,
// by the op the user wrote when the upstream passes made another from it.
// Whole-function mode (the driver's): a function is one or more kernels
// entirely, or left untouched with every obstacle (program-*.mlir test the
// partial conversion).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// Two obstacles: an op with effects the front end does not know, and an op
// an elementwise body cannot evaluate.  (The view stays a view on the host
// and the argument of a type kernels do not take is used by none: a
// program would not stumble on them.)
// CHECK-LABEL: func.func @several
// CHECK-NOT: gpu.launch_func
// expected-remark @+1 {{not converted to a wmma kernel: 2 obstacles}}
func.func @several(%A: memref<32x16xf16>, %B: memref<16x16xf16>, %n: complex<f32>, %C: memref<16x16xf32>, %X: memref<16x16xf32>, %D: memref<16x16xi32>, %Y: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %s = memref.subview %A[0, 0] [16, 16] [1, 1] : memref<32x16xf16> to memref<16x16xf16, strided<[16, 1]>>
  linalg.matmul ins(%s, %B : memref<16x16xf16, strided<[16, 1]>>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  // expected-note @+1 {{unsupported op 'memref.store'}}
  memref.store %one, %Y[%c0, %c0] : memref<16x16xf32>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%X : memref<16x16xf32>) outs(%D : memref<16x16xi32>) {
  ^bb0(%v: f32, %o: i32):
    %b = arith.bitcast %v : f32 to i32
    // expected-note @+1 {{'math.ctlz' inside a linalg body is not an elementwise op the kernels can evaluate}}
    %e = math.ctlz %b : i32
    linalg.yield %e : i32
  }
  return
}

// -----

// Every op a linalg body cannot evaluate; an op using one's value is not
// refused again.
// CHECK-LABEL: func.func @body_ops
// expected-remark @+1 {{not converted to a wmma kernel: 2 obstacles}}
func.func @body_ops(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %D: memref<16x16xi32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%p : memref<16x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<16x16xf32>) outs(%D : memref<16x16xi32>) {
  ^bb0(%x: f32, %o: i32):
    %b = arith.bitcast %x : f32 to i32
    // expected-note @+1 {{'math.ctlz' inside a linalg body is not an elementwise op the kernels can evaluate}}
    %l = math.ctlz %b : i32
    %l2 = arith.addi %l, %l : i32
    // expected-note @+1 {{'math.ctpop' inside a linalg body is not an elementwise op the kernels can evaluate}}
    %c = math.ctpop %b : i32
    %s = arith.addi %l2, %c : i32
    linalg.yield %s : i32
  }
  return
}

// -----

// A refused generic poisons what it writes, not what it reads: the later
// op reading the same input is still examined.
// expected-remark @+1 {{not converted to a wmma kernel: 2 obstacles}}
func.func @inputs_stay(%X: memref<16x16xf32>, %D: memref<16x16xi32>, %E: memref<16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%X : memref<16x16xf32>) outs(%D : memref<16x16xi32>) {
  ^bb0(%v: f32, %o: i32):
    %b = arith.bitcast %v : f32 to i32
    // expected-note @+1 {{'math.ctlz' inside a linalg body}}
    %e = math.ctlz %b : i32
    linalg.yield %e : i32
  }
  // expected-note @+1 {{indexing maps must be projected permutations}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i, i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%X : memref<16x16xf32>) outs(%E : memref<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// One obstacle stays one remark at its op.
func.func @one(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>, %Y: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  // expected-remark @+1 {{not converted to a wmma kernel: unsupported op 'memref.store'}}
  memref.store %one, %Y[%c0, %c0] : memref<16x16xf32>
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// A convolution the implicit-GEMM path refuses is named (convolutions are
// implicit GEMMs, conv.mlir): batch and spatial sizes may be dynamic, the
// input channels (K) may not.
func.func @conv_dynamic(%I: memref<?x18x18x?xf16>, %F: memref<3x3x16x32xf16>, %O: memref<?x16x16x32xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.conv_2d_nhwc_hwcf: the convolution's input has a dynamic size in dim 3 (only batch and spatial dims may be dynamic)}}
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %F : memref<?x18x18x?xf16>, memref<3x3x16x32xf16>) outs(%O : memref<?x16x16x32xf32>)
  return
}

// -----

// An offset is not a window: the indexing-map reason stands.
func.func @offset(%A: memref<17x16xf16>, %C: memref<16x16xf16>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: indexing maps must be projected permutations}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + 1, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<17x16xf16>) outs(%C : memref<16x16xf16>) {
  ^bb0(%a: f16, %o: f16):
    linalg.yield %a : f16
  }
  return
}

// -----

// A pooling is named as the op the user wrote (here at a run-time batch,
// which the VALU template takes on grid z, the 16 output columns beside
// the 16 channels on x; pooling-diagnostics.mlir has
// the refusals).
func.func @pool(%I: memref<?x18x18x16xf32>, %W: memref<3x3xf32>, %O: memref<?x16x16x16xf32>) {
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.pooling_nhwc_max: a pooling (maximumf over the window, no filter: nothing for WMMA to multiply); rows kernel: a thread walks K per output, 8 waves per workgroup of 256 outputs (16 rows x 16 of the innermost batch loop), the workgroups from the run-time sizes}}
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%I, %W : memref<?x18x18x16xf32>, memref<3x3xf32>) outs(%O : memref<?x16x16x16xf32>)
  return
}

// -----

// Scalar zero points are folded (quantized.mlir); per-channel ones (a
// zero point per column of B) are not.
func.func @qmm_per_channel(%A: memref<32x32xi8>, %B: memref<32x32xi8>, %bz: memref<32xi32>, %C: memref<32x32xi32>) {
  // WMMA folds only scalar zero points; the VALU template computes this
  // one exactly (i32 multiply-adds).
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.generic: i8 x i32 -> i32 has no WMMA instruction}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B, %bz : memref<32x32xi8>, memref<32x32xi8>, memref<32xi32>) outs(%C : memref<32x32xi32>) {
  ^bb0(%a: i8, %b: i8, %z: i32, %c: i32):
    %ea = arith.extsi %a : i8 to i32
    %eb = arith.extsi %b : i8 to i32
    %sb = arith.subi %eb, %z : i32
    %p = arith.muli %ea, %sb : i32
    %r = arith.addi %c, %p : i32
    linalg.yield %r : i32
  }
  return
}

// -----

// A batch dimension between the matrix dimensions is read through a view
// with the batch first (batch-views.mlir), which needs static strides: a
// run-time size inside (here the batch's) is refused.
func.func @batch_middle(%A: memref<32x?x32xf16>, %B: memref<?x32x32xf16>, %C: memref<?x32x32xf32>) {
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.generic: operand A has a batch dimension at position 1 of its dimensions (M, batch, K): reading the matrix through a view with the batch dimensions first needs static strides (static sizes but the outermost)}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, b, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<32x?x32xf16>, memref<?x32x32xf16>) outs(%C : memref<?x32x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Innermost is still called innermost.
func.func @batch_last_b(%A: memref<4x32x32xf16>, %B: memref<32x32x4xf16>, %C: memref<4x32x32xf32>) {
  // expected-remark @+1 {{converted to a VALU kernel (template valu): linalg.generic: operand B has a batch dimension at the innermost position of its dimensions (K, N, batch): the innermost dimension must be one of the matrix's (its rows are read as contiguous vectors)}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n, b)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x32x32xf16>, memref<32x32x4xf16>) outs(%C : memref<4x32x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// The output's batch dimension in the middle, with a dynamic size inside.
func.func @batch_middle_out(%A: memref<?x32x32xf16>, %B: memref<?x32x32xf16>, %C: memref<32x?x32xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: the output has a batch dimension at position 1 of its dimensions (M, batch, N): reading the matrix through a view with the batch dimensions first needs static strides (static sizes but the outermost)}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (m, b, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x32x32xf16>, memref<?x32x32xf16>) outs(%C : memref<32x?x32xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Errors of the upstream passes are reported at the op they name: a call
// (the scratch module holds the function alone, so the callee is missing).
// expected-remark @+1 {{not converted to a wmma kernel: a declaration has no body to compile}}
func.func private @callee(tensor<32x32xf32>) -> tensor<32x32xf32>
func.func @caller(%A: tensor<32x32xf16>, %B: tensor<32x32xf16>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<32x32xf16>, tensor<32x32xf16>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  // expected-remark @+1 {{not converted to a wmma kernel: func.call: calls are not supported (a kernel is built from this function alone; inline the callee)}}
  %e = func.call @callee(%r) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  return %e : tensor<32x32xf32>
}
