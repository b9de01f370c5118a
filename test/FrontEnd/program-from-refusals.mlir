// Functions the single-kernel front end refused (their remarks were in
// diagnostics*.mlir) that whole programs now compile: several outputs,
// chains no chain template builds, reductions over a product's result,
// views made inside the function, a transposed intermediate, mixed chain
// types.  Each becomes a program (wmma.program) in whole-function mode;
// programs.test and program-host.mlir check what programs compute and how
// their host side reads.
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s
// RUN: wmma-opt %s --split-input-file --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 whole-functions=1})' | FileCheck %s

// -----

// CHECK-LABEL: func.func @max_reduce(
// CHECK-SAME: wmma.program
// A max-reduction over a product (the max of a softmax): not per tile.
func.func @max_reduce(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %m: memref<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %p = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%p : memref<16x16xf32>)
  linalg.fill ins(%ninf : f32) outs(%m : memref<16xf32>)
  linalg.reduce ins(%p : memref<16x16xf32>) outs(%m : memref<16xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %mx = arith.maximumf %in, %init : f32
      linalg.yield %mx : f32
    }
  return
}

// -----

// CHECK-LABEL: func.func @subview(
// CHECK-SAME: wmma.program
// Views made inside the function.
func.func @subview(%A: memref<32x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %s = memref.subview %A[0, 0] [16, 16] [1, 1] : memref<32x16xf16> to memref<16x16xf16, strided<[16, 1]>>
  linalg.matmul ins(%s, %B : memref<16x16xf16, strided<[16, 1]>>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @slice(
// CHECK-SAME: wmma.program
// The same, on tensors: the remark points at the tensor op and names it.
func.func @slice(%A: tensor<32x16xf16>, %B: tensor<16x16xf16>, %C: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %s = tensor.extract_slice %A[0, 0] [16, 16] [1, 1] : tensor<32x16xf16> to tensor<16x16xf16>
  %r = linalg.matmul ins(%s, %B : tensor<16x16xf16>, tensor<16x16xf16>) outs(%C : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// -----

// Group-wise indices (k floordiv 64) into a buffer the function computes
// (scales doubled by linalg.add): its expression is evaluated at the group
// indices, so the function is one kernel, not a program.
// CHECK-LABEL: gpu.func @grouped_local(
// CHECK-LABEL: func.func @grouped_local(
// CHECK-NOT: wmma.program
// CHECK: gpu.launch_func
func.func @grouped_local(%x: memref<32x128xf16>, %w: memref<128x32xf16>, %s: memref<2x32xf16>, %y: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  %s2 = memref.alloc() : memref<2x32xf16>
  linalg.add ins(%s, %s : memref<2x32xf16>, memref<2x32xf16>) outs(%s2 : memref<2x32xf16>)
  %wd = memref.alloc() : memref<128x32xf16>
  linalg.generic {indexing_maps = [affine_map<(k, n) -> (k, n)>, affine_map<(k, n) -> (k floordiv 64, n)>, affine_map<(k, n) -> (k, n)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%w, %s2 : memref<128x32xf16>, memref<2x32xf16>) outs(%wd : memref<128x32xf16>) {
  ^bb0(%q: f16, %sc: f16, %o: f16):
    %v = arith.mulf %q, %sc : f16
    linalg.yield %v : f16
  }
  linalg.fill ins(%z : f32) outs(%y : memref<32x32xf32>)
  linalg.matmul ins(%x, %wd : memref<32x128xf16>, memref<128x32xf16>) outs(%y : memref<32x32xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @two_outputs(
// CHECK-SAME: wmma.program
// Two products combined elementwise.
func.func @two_outputs(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>, %D: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x16xf32>)
  linalg.fill ins(%zero : f32) outs(%D : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @transposed_intermediate(
// CHECK-SAME: wmma.program
// The intermediate of a chain read transposed.
func.func @transposed_intermediate(%A0: memref<16x16xf16>, %B0: memref<16x16xf16>, %B1: memref<16x16xf16>, %D: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %d0 = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%d0 : memref<16x16xf32>)
  linalg.matmul ins(%A0, %B0 : memref<16x16xf16>, memref<16x16xf16>) outs(%d0 : memref<16x16xf32>)
  %h = memref.alloc() : memref<16x16xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%d0 : memref<16x16xf32>) outs(%h : memref<16x16xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%D : memref<16x16xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%h, %B1 : memref<16x16xf16>, memref<16x16xf16>) outs(%D : memref<16x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @chain_mixed_types(
// CHECK-SAME: wmma.program
// A chain multiplying two different 16-bit types (bf16, then f16): the
// chain templates' refusal, under their names.
func.func @chain_mixed_types(%A0: memref<16x16xbf16>, %B0: memref<16x16xbf16>, %B1: memref<16x16xf16>, %D: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %d0 = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%d0 : memref<16x16xf32>)
  linalg.matmul ins(%A0, %B0 : memref<16x16xbf16>, memref<16x16xbf16>) outs(%d0 : memref<16x16xf32>)
  %h = memref.alloc() : memref<16x16xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%d0 : memref<16x16xf32>) outs(%h : memref<16x16xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%D : memref<16x16xf32>)
  linalg.matmul ins(%h, %B1 : memref<16x16xf16>, memref<16x16xf16>) outs(%D : memref<16x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @chain_f16_accumulation(
// CHECK-SAME: wmma.program
// A chain whose first product accumulates in f16: the chain templates'
// refusal.
func.func @chain_f16_accumulation(%A0: memref<16x16xf16>, %B0: memref<16x16xf16>, %B1: memref<16x16xf16>, %D: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %zh = arith.constant 0.0 : f16
  %h = memref.alloc() : memref<16x16xf16>
  linalg.fill ins(%zh : f16) outs(%h : memref<16x16xf16>)
  linalg.matmul ins(%A0, %B0 : memref<16x16xf16>, memref<16x16xf16>) outs(%h : memref<16x16xf16>)
  linalg.fill ins(%zero : f32) outs(%D : memref<16x16xf32>)
  linalg.matmul ins(%h, %B1 : memref<16x16xf16>, memref<16x16xf16>) outs(%D : memref<16x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @huge(
// CHECK-SAME: wmma.program
// An intermediate too wide for registers and for LDS: every template says
// why it does not apply.
func.func @huge(%A0: memref<16x16xf16>, %B0: memref<16x4096xf16>, %B1: memref<4096x16xf16>, %D: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %d0 = memref.alloc() : memref<16x4096xf32>
  linalg.fill ins(%zero : f32) outs(%d0 : memref<16x4096xf32>)
  linalg.matmul ins(%A0, %B0 : memref<16x16xf16>, memref<16x4096xf16>) outs(%d0 : memref<16x4096xf32>)
  %h = memref.alloc() : memref<16x4096xf16>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%d0 : memref<16x4096xf32>) outs(%h : memref<16x4096xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  }
  linalg.fill ins(%zero : f32) outs(%D : memref<16x16xf32>)
  linalg.matmul ins(%h, %B1 : memref<16x4096xf16>, memref<4096x16xf16>) outs(%D : memref<16x16xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @row_sum(
// CHECK-SAME: wmma.program
// An epilogue that reduces across the output (a row sum, as softmax needs)
// cannot be evaluated per tile.
func.func @row_sum(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %Y: memref<32x32xf32>) {
  %z = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<32x32xf32>
  %s = memref.alloc() : memref<32xf32>
  linalg.fill ins(%z : f32) outs(%t : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%t : memref<32x32xf32>)
  linalg.fill ins(%z : f32) outs(%s : memref<32xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%t : memref<32x32xf32>) outs(%s : memref<32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.addf %o, %x : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%t, %s : memref<32x32xf32>, memref<32xf32>) outs(%Y : memref<32x32xf32>) {
  ^bb0(%x: f32, %d: f32, %o: f32):
    %r = arith.divf %x, %d : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// CHECK-LABEL: func.func @pad(
// CHECK-SAME: wmma.program
// Padding is named, not "a view of a buffer".  (Padding at the start of
// the contiguous dim by 2, not a multiple of 16: other pads are read as
// masked loads, pad-operands.test and pad-low.test.)
func.func @pad(%A: tensor<32x30xf16>, %B: tensor<32x32xf16>, %C: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %z = arith.constant 0.0 : f16
  %p = tensor.pad %A low[0, 2] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f16
  } : tensor<32x30xf16> to tensor<32x32xf16>
  %r = linalg.matmul ins(%p, %B : tensor<32x32xf16>, tensor<32x32xf16>) outs(%C : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

// CHECK-LABEL: func.func @erf(
// CHECK-SAME: wmma.program
// Ops bufferization has no rule for are named at their line (upstream says
// only "op was not bufferized", at the function): every one of them.
func.func @erf(%A: tensor<32x32xi8>, %B: tensor<32x32xi8>, %C: tensor<32x32xi32>, %D: tensor<32x32xf32>) -> (tensor<32x32xi32>, tensor<32x32xf32>) {
  %a = arith.extsi %A : tensor<32x32xi8> to tensor<32x32xi32>
  %r = linalg.matmul ins(%a, %B : tensor<32x32xi32>, tensor<32x32xi8>) outs(%C : tensor<32x32xi32>) -> tensor<32x32xi32>
  %e = math.erf %D : tensor<32x32xf32>
  return %r, %e : tensor<32x32xi32>, tensor<32x32xf32>
}

// -----

// CHECK-LABEL: func.func @no_cast(
// CHECK-SAME: wmma.program
// P left in f32: no f32 WMMA for P x V.
func.func @no_cast(%Q: tensor<64x64xf16>, %K: tensor<64x64xf16>, %V: tensor<64x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e4 = tensor.empty() : tensor<64x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %o = linalg.matmul ins(%p, %V : tensor<64x64xf32>, tensor<64x64xf16>) outs(%f4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %o : tensor<64x64xf32>
}

// -----

// CHECK-LABEL: func.func @head40(
// CHECK-SAME: wmma.program
// A head dimension that is not a multiple of 16: the attention template's
// refusal (a template's plan), reported on the function.
func.func @head40(%Q: tensor<64x40xf16>, %K: tensor<64x40xf16>, %V: tensor<64x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<64x40xf16>, tensor<64x40xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e3 = tensor.empty() : tensor<64x64xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<64x64xf32>) outs(%e3 : tensor<64x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<64x64xf16>
  %e4 = tensor.empty() : tensor<64x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %o = linalg.matmul ins(%p16, %V : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %o : tensor<64x64xf32>
}

// -----

// A softmax over the query dimension (dimension 0) is not attention: a
// GEMM, the softmax (reduction template) and a second GEMM.
// CHECK-LABEL: func.func @wrong_dim(
// CHECK-SAME: wmma.program
func.func @wrong_dim(%Q: tensor<64x64xf16>, %K: tensor<64x64xf16>, %V: tensor<64x64xf16>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%Q, %K : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %p = linalg.softmax dimension(0) ins(%s : tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e3 = tensor.empty() : tensor<64x64xf16>
  %p16 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<64x64xf32>) outs(%e3 : tensor<64x64xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<64x64xf16>
  %e4 = tensor.empty() : tensor<64x64xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %o = linalg.matmul ins(%p16, %V : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f4 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %o : tensor<64x64xf32>
}
