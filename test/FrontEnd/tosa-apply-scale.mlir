// tosa.apply_scale left in linalg bodies by TOSA's lowering is expanded to
// arith by upstream's tosa-to-arith during normalization: the GEMM's
// requantizing epilogue and the standalone rescale are kernels with the
// i64 multiply-and-shift, and no tosa op is left.  Before, each was
// refused ("'tosa.apply_scale' inside a linalg body is not an elementwise
// op the kernels can evaluate").
// RUN: wmma-opt %S/Inputs/tosa-apply-scale.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// CHECK-LABEL: gpu.func @gemm_requant(
// CHECK: wmma.mma
// CHECK: arith.muli {{.*}} : vector<{{[0-9]+}}xi64>
// CHECK: arith.trunci {{.*}} to vector<{{[0-9]+}}xi8>
// CHECK-LABEL: gpu.func @rescale(
// CHECK-SAME: template = "elementwise"
// CHECK: arith.muli {{.*}}xi64>
// CHECK-NOT: tosa.
