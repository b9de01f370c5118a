// linalg.quantized_matmul with scalar zero points on the i8 WMMA:
//   sum_k (a - za)(b - zb) = AB - zb rowsum(A) - za colsum(B) + K za zb,
// the sums by WMMAs of the same fragments against a fragment of ones (one
// per tile row and per tile column each K step), the correction on the
// accumulator before the epilogue.  Registers staging only.
// RUN: wmma-opt %S/Inputs/quantized-matmul.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s
// RUN: wmma-opt %S/Inputs/quantized-matmul.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201})' | FileCheck %s --check-prefix=SWAP
// RUN: wmma-opt %S/Inputs/quantized-one-zero-point.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100})' | FileCheck %s --check-prefix=ONE
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 staging=lds whole-functions=1})'

// CHECK-LABEL: gpu.func @qmm(
// CHECK-SAME: %arg2: i32, %arg3: i32
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[RS:.*]] = %{{.*}}, %[[CS:.*]] = %{{.*}}) -> (vector<8xi32>, vector<8xi32>, vector<8xi32>)
// CHECK: %[[P:.*]] = wmma.mma #atom %[[A:.*]], %[[B:.*]], %[[ACC]] : vector<16xi8>, vector<16xi8> -> vector<8xi32>
// CHECK: %[[ONES:.*]] = arith.constant dense<1> : vector<16xi8>
// CHECK: wmma.mma #atom %[[A]], %[[ONES]], %[[RS]]
// CHECK: wmma.mma #atom %[[ONES]], %[[B]], %[[CS]]
// CHECK: scf.yield
// The peeled K tail, then the correction.
// CHECK: %[[PT:.*]] = wmma.mma #atom
// CHECK: %[[RT:.*]] = wmma.mma #atom
// CHECK: %[[CT:.*]] = wmma.mma #atom
// CHECK: %[[ZA:.*]] = vector.broadcast %arg2 : i32 to vector<8xi32>
// CHECK: %[[ZB:.*]] = vector.broadcast %arg3 : i32 to vector<8xi32>
// CHECK: %[[ZBR:.*]] = arith.muli %[[ZB]], %[[RT]] : vector<8xi32>
// CHECK: %[[S1:.*]] = arith.subi %[[PT]], %[[ZBR]] : vector<8xi32>
// CHECK: %[[ZAC:.*]] = arith.muli %[[ZA]], %[[CT]] : vector<8xi32>
// CHECK: %[[S2:.*]] = arith.subi %[[S1]], %[[ZAC]] : vector<8xi32>
// CHECK: arith.index_cast %c70 : index to i32
// CHECK: arith.addi %[[S2]],

// RDNA4 computes it swapped (row segments): the row sums are 1 x A^T.
// SWAP-LABEL: gpu.func @qmm(
// SWAP-SAME: form = rowseg
// SWAP: %[[P:.*]] = wmma.mma #atom %[[BT:.*]], %[[AT:.*]], %{{.*}} :
// SWAP: %[[ONES:.*]] = arith.constant dense<1>
// SWAP: wmma.mma #atom %[[ONES]], %[[AT]], %{{.*}} :
// SWAP: wmma.mma #atom %[[BT]], %[[ONES]], %{{.*}} :

// Only A's zero point: only the column sums, no K za zb term.
// ONE-LABEL: gpu.func @qone(
// ONE: scf.for {{.*}} -> (vector<8xi32>, vector<8xi32>)
// ONE: arith.subi
// ONE-NOT: arith.index_cast %c64

// Forced LDS staging is refused (at the function).
// expected-remark @+1 {{gemm: a product with zero points (quantized_matmul) is built with registers staging only}}
func.func @lds(%A: tensor<64x64xi8>, %B: tensor<64x64xi8>, %za: i32, %zb: i32) -> tensor<64x64xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<64x64xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<64x64xi32>) -> tensor<64x64xi32>
  %r = linalg.quantized_matmul ins(%A, %B, %za, %zb : tensor<64x64xi8>, tensor<64x64xi8>, i32, i32) outs(%f : tensor<64x64xi32>) -> tensor<64x64xi32>
  return %r : tensor<64x64xi32>
}
