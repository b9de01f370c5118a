// Poolings that stay refused, each with its reason: run-time batch or
// spatial sizes (the VALU rows kernel takes a pooling's output loops as
// one M loop, which the problem collapses only at static sizes), and a
// body that is no combine(out, f(input)) (the window unused, so a
// pooling, but the result squared after the sum).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// CHECK-LABEL: func.func @pool_dynamic(
// CHECK: linalg.pooling_nhwc_max
func.func @pool_dynamic(%x: memref<?x?x?x24xf16>, %w: memref<3x3xf16>, %y: memref<?x?x?x24xf16>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.pooling_nhwc_max: a pooling (nor can the VALU template take it: a pooling's output loops are one M loop only at static sizes (run-time batch or spatial sizes are not supported yet))}}
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<?x?x?x24xf16>, memref<3x3xf16>) outs(%y : memref<?x?x?x24xf16>)
  return
}

// -----

#in = affine_map<(n, w, c, k) -> (n, w + k, c)>
#win = affine_map<(n, w, c, k) -> (k)>
#out = affine_map<(n, w, c, k) -> (n, w, c)>
// CHECK-LABEL: func.func @pool_squared(
// CHECK: linalg.generic
func.func @pool_squared(%x: memref<2x18x24xf32>, %w: memref<3xf32>, %y: memref<2x16x24xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: pooling: the body is not combine(out, f(input)) with combine a max, a min or a sum}}
  linalg.generic {indexing_maps = [#in, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<2x18x24xf32>, memref<3xf32>) outs(%y : memref<2x16x24xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    %t = arith.mulf %s, %s : f32
    linalg.yield %t : f32
  }
  return
}
