// wmma-linalg-to-kernels{explain-cost}: a reduction whose candidates the
// model cannot tell apart keeps the old rule's lanes per row.  100 rows of
// 1000 f32 (softmax: two reductions and the output, each a pass over the
// row): every candidate is bound by the DRAM bytes (0.8333 us on gfx1100).
// RUN: wmma-opt %s --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1100 explain-cost=true})' -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: reduction candidate: rows per workgroup = 4, lanes per row = 64, elements per access = 4: modelled 0.8333 us, the old rule's
// CHECK: remark: reduction candidate: rows per workgroup = 8, lanes per row = 32, elements per access = 4: modelled 0.8333 us
// CHECK: remark: reduction candidate: rows per workgroup = 2, lanes per row = 128, elements per access = 4: modelled 0.8333 us
// CHECK: remark: reduction candidate: rows per workgroup = 1, lanes per row = 256, elements per access = 4: modelled 0.8333 us
// CHECK: remark: reduction chosen: rows per workgroup = 4, lanes per row = 64, elements per access = 4: modelled 0.8333 us
// CHECK-NOT: remark: reduction
func.func @softmax(%x: tensor<100x1000xf32>) -> tensor<100x1000xf32> {
  %e = tensor.empty() : tensor<100x1000xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<100x1000xf32>) outs(%e : tensor<100x1000xf32>) -> tensor<100x1000xf32>
  return %r : tensor<100x1000xf32>
}
