// Sparse encodings the front end does not take: a refusal with the reason
// instead of a silently dense kernel (one-shot-bufferize would drop the
// encoding).  A 2:4 function argument read only as the A operand of one
// contraction takes the gemm_sparse template (sparse-gemm.mlir); every
// other sparse value is an obstacle at each op touching it, naming the
// encoding; 2:4 arguments used otherwise are refused by the problem stage
// with what they are used for.  Both modes: whole functions (the driver's)
// and partial conversion (a function with a 2:4 argument is never cut into
// a program: its scratch copy has lost the encoding).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s

// A B 2:4 along N (its rows): no sparse WMMA operand has that form.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK-LABEL: func.func @two_of_four_b
// CHECK-NOT: gpu.module
// CHECK: linalg.matmul
func.func @two_of_four_b(%A: tensor<64x128xf16>, %B: tensor<128x64xf16, #NV24>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.matmul: operand B is 2:4 structured sparse along N, its rows (#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 floordiv 4 : dense, d1 mod 4 : structured[2, 4]) }>): the sparse WMMAs take an operand 2:4 along K only; compiling it as dense would ignore the encoding}}
  %r = linalg.matmul ins(%A, %B : tensor<64x128xf16>, tensor<128x64xf16, #NV24>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// B 2:4 along K is computed as the transposed product (sparse-gemm.mlir);
// a B (N x K, read at (k, n) -> (n, k)) 2:4 along its first dimension, N,
// has its groups across K: refused by the problem stage.
#KB24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>
// CHECK-LABEL: func.func @two_of_four_bt_along_n
// CHECK-NOT: gpu.module
// CHECK: linalg.generic
// expected-remark @+1 {{not converted to a wmma kernel: argument 1 is 2:4 structured sparse: the sparse GEMM template (gemm_sparse) takes it only as an operand of a single product, 2:4 along K, read as it is (here its 2:4 groups run along its first dimension, which must be the product's K, with no batch and no view)}}
func.func @two_of_four_bt_along_n(%A: tensor<64x128xf16>, %B: tensor<64x128xf16, #KB24>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : tensor<64x128xf16>, tensor<64x128xf16, #KB24>) outs(%C : tensor<64x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// Another encoding (CSR) on B: named, with the form that is taken.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
func.func @csr_b(%A: tensor<32x32xf16>, %B: tensor<32x32xf16, #CSR>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.matmul: operand B carries the sparse encoding #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>: the kernels take dense operands, or a GEMM operand 2:4 sparse along K}}
  %r = linalg.matmul ins(%A, %B : tensor<32x32xf16>, tensor<32x32xf16, #CSR>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// An A 2:4 along its columns (a transposed map) has its groups along M.
#COL24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>
func.func @two_of_four_columns(%A: tensor<32x32xf16, #COL24>, %B: tensor<32x32xf16>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-remark @+1 {{linalg.matmul: operand A is 2:4 structured sparse along M, its columns}}
  %r = linalg.matmul ins(%A, %B : tensor<32x32xf16, #COL24>, tensor<32x32xf16>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// The 2:4 A also read by an elementwise op: the problem stage refuses it
// (that read would need the zeros the kernel never sees).
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// expected-remark @+1 {{not converted to a wmma kernel: argument 0 is 2:4 structured sparse: the sparse GEMM template (gemm_sparse) takes it only as an operand of a single product, 2:4 along K, read as it is (here it is also read outside the product; that read would need the zeros)}}
func.func @read_by_epilogue(%A: tensor<32x32xf16, #NV24>, %B: tensor<32x32xf16>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<32x32xf16, #NV24>, tensor<32x32xf16>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%r, %A : tensor<32x32xf32>, tensor<32x32xf16, #NV24>) outs(%C : tensor<32x32xf32>) {
  ^bb0(%x: f32, %a: f16, %o: f32):
    %w = arith.extf %a : f16 to f32
    %s = arith.addf %x, %w : f32
    linalg.yield %s : f32
  } -> tensor<32x32xf32>
  return %o : tensor<32x32xf32>
}

// -----

// K not a multiple of 4, the group of the 2:4 form.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// expected-remark @+1 {{read as it is (here K is not a multiple of 4, the group of the 2:4 form)}}
func.func @k30(%A: tensor<32x30xf16, #NV24>, %B: tensor<30x32xf16>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<32x30xf16, #NV24>, tensor<30x32xf16>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// Dynamic K is read from B's K dimension (sparse-gemm.mlir); a B computed
// elementwise (here negated) has none to read it from.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// expected-remark @+1 {{(here K is dynamic and the other operand is not a matrix to read it from; give K statically)}}
func.func @dynamic_k(%A: tensor<32x?xf16, #NV24>, %B: tensor<?x32xf16>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %n = linalg.negf ins(%B : tensor<?x32xf16>) outs(%B : tensor<?x32xf16>) -> tensor<?x32xf16>
  %r = linalg.matmul ins(%A, %n : tensor<32x?xf16, #NV24>, tensor<?x32xf16>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// f32 operands: no sparse WMMA (the product would be a VALU kernel).
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// expected-remark @+1 {{(here its f32 product has no sparse WMMA: the operands must be f16, bf16, i8, f8E4M3FN or f8E5M2)}}
func.func @f32(%A: tensor<32x32xf32, #NV24>, %B: tensor<32x32xf32>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<32x32xf32, #NV24>, tensor<32x32xf32>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// A sparse output: an obstacle at each op touching it.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// expected-remark @+1 {{not converted to a wmma kernel: 2 obstacles}}
func.func @sparse_result(%A: tensor<32x32xf16>, %B: tensor<32x32xf16>, %C: tensor<32x32xf32, #NV24>) -> tensor<32x32xf32, #NV24> {
  // expected-note @+1 {{linalg.matmul: operand C is 2:4 structured sparse}}
  %r = linalg.matmul ins(%A, %B : tensor<32x32xf16>, tensor<32x32xf16>) outs(%C : tensor<32x32xf32, #NV24>) -> tensor<32x32xf32, #NV24>
  // expected-note @+1 {{func.return: operand 0 is 2:4 structured sparse}}
  return %r : tensor<32x32xf32, #NV24>
}

// -----

// An unused sparse argument: at the function.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// expected-remark @+1 {{not converted to a wmma kernel: argument 0 is 2:4 structured sparse}}
func.func @unused(%S: tensor<32x32xf16, #NV24>, %A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%C : memref<32x32xf32>)
  return
}
