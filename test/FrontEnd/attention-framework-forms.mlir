// The torch-mlir form of scaled_dot_product_attention (collapsed heads
// around each batch_matmul, a bf16 softmax between them) becomes one
// attention kernel: the reshapes between the ops are folded away
// (wmma-propagate-reshapes) and the softmax's 16-bit scores are widened.
// RUN: wmma-opt %S/../tools/wmma-run/Inputs/attention-torch-sdpa-bf16.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s
// RUN: wmma-opt %S/../tools/wmma-run/Inputs/attention-torch-sdpa-bf16.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 whole-functions=1})' | FileCheck %s
// With native accumulation the products accumulate in bf16, which the
// attention kernel does not do: three kernels (the transpose is read
// through the score product's maps).
// RUN: wmma-opt %S/../tools/wmma-run/Inputs/attention-torch-sdpa-bf16.mlir --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1 accumulate=native})' | FileCheck %s --check-prefix=NATIVE

// CHECK: gpu.func @sdpa(
// CHECK-SAME: template = "attention"
// CHECK: arith.extf {{.*}} : vector<8xbf16> to vector<8xf32>
// CHECK-NOT: gpu.func
// CHECK: func.func @sdpa(
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT: gpu.launch_func

// NATIVE-NOT: template = "attention"
// NATIVE-COUNT-3: gpu.launch_func
// NATIVE-NOT: gpu.launch_func
