// Values with a sparse_tensor encoding are refused at every op touching
// them, naming the encoding: one-shot-bufferize would drop the encoding
// and the matmul would compile as a dense GEMM (issue 25 item 4: until the
// sparse template exists, a refusal instead of a silently dense kernel).
// Both modes: whole functions (the driver's) and partial conversion (the
// program partitioner must not take the matmul either).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s

// 2:4 along the rows of A (upstream's NV_24): named as the 2:4 form.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// CHECK-LABEL: func.func @two_of_four_a
// CHECK-NOT: gpu.module
// CHECK: linalg.matmul
func.func @two_of_four_a(%A: tensor<64x128xf16, #NV24>, %B: tensor<128x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.matmul: operand A is 2:4 structured sparse (#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 floordiv 4 : dense, d1 mod 4 : structured[2, 4]) }>): the sparse GEMM template (RDNA4 v_swmmac) is not built yet, and compiling it as dense would ignore the encoding; pass the pruned matrix without the encoding}}
  %r = linalg.matmul ins(%A, %B : tensor<64x128xf16, #NV24>, tensor<128x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// Dynamic M, with an epilogue after the product: still the 2:4 remark at
// the matmul (the only obstacle: the epilogue touches dense values).
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
func.func @two_of_four_dynamic(%A: tensor<?x64xbf16, #NV24>, %B: tensor<64x32xbf16>, %C: tensor<?x32xf32>) -> tensor<?x32xf32> {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.matmul: operand A is 2:4 structured sparse}}
  %r = linalg.matmul ins(%A, %B : tensor<?x64xbf16, #NV24>, tensor<64x32xbf16>) outs(%C : tensor<?x32xf32>) -> tensor<?x32xf32>
  %o = linalg.exp ins(%r : tensor<?x32xf32>) outs(%C : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %o : tensor<?x32xf32>
}

// -----

// Another encoding (CSR) on B: named, with the form that is planned.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
func.func @csr_b(%A: tensor<32x32xf16>, %B: tensor<32x32xf16, #CSR>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.matmul: operand B carries the sparse encoding #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>: the kernels take dense operands (the sparse form planned for RDNA4 is 2:4 along the rows of a GEMM's A operand}}
  %r = linalg.matmul ins(%A, %B : tensor<32x32xf16>, tensor<32x32xf16, #CSR>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// 2:4 along the columns (a transposed map) is not the A form.
#COL24 = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i floordiv 4 : dense, i mod 4 : structured[2, 4]) }>
func.func @two_of_four_columns(%A: tensor<32x32xf16, #COL24>, %B: tensor<32x32xf16>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  // expected-remark @+1 {{linalg.matmul: operand A carries the sparse encoding}}
  %r = linalg.matmul ins(%A, %B : tensor<32x32xf16, #COL24>, tensor<32x32xf16>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// Several ops on sparse values: one obstacle each (a generic's operands
// are numbered), listed at the function.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// expected-remark @+1 {{not converted to a wmma kernel: 2 obstacles}}
func.func @two_ops(%A: tensor<32x32xf16, #NV24>, %B: tensor<32x32xf16>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %e = tensor.empty() : tensor<32x32xf16>
  // expected-note @+1 {{linalg.generic: operand 0 is 2:4 structured sparse}}
  %n = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%A : tensor<32x32xf16, #NV24>) outs(%e : tensor<32x32xf16>) {
  ^bb0(%a: f16, %o: f16):
    %m = arith.negf %a : f16
    linalg.yield %m : f16
  } -> tensor<32x32xf16>
  // expected-note @+1 {{linalg.matmul: operand A is 2:4 structured sparse}}
  %r = linalg.matmul ins(%A, %B : tensor<32x32xf16, #NV24>, tensor<32x32xf16>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// An unused sparse argument: at the function.
#NV24 = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]) }>
// expected-remark @+1 {{not converted to a wmma kernel: argument 0 is 2:4 structured sparse}}
func.func @unused(%S: tensor<32x32xf16, #NV24>, %A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>) {
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%C : memref<32x32xf32>)
  return
}
