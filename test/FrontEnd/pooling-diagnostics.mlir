// Poolings that stay refused, each with its reason: more than five output
// loops at run-time sizes (the output loops collapse into one M only at
// static sizes; at run-time sizes the VALU rows kernel takes one M loop
// and four batch loops on grid z: pooling-dynamic.mlir), and a
// body that is no combine(out, f(input)) (the window unused, so a
// pooling, but the result squared after the sum).
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

// Six output loops at run-time sizes: one M and four batch loops on grid z
// take five (a pooling's usual forms, 1-D to 3-D, have at most five).
#in6 = affine_map<(n, g, d, h, w, c, k) -> (n, g, d, h, w + k, c)>
#win6 = affine_map<(n, g, d, h, w, c, k) -> (k)>
#out6 = affine_map<(n, g, d, h, w, c, k) -> (n, g, d, h, w, c)>
// CHECK-LABEL: func.func @pool_six_dynamic(
// CHECK: linalg.generic
func.func @pool_six_dynamic(%x: memref<?x?x?x?x?x24xf32>, %w: memref<3xf32>, %y: memref<?x?x?x?x?x24xf32>) {
  // expected-remark @+1 {{not converted to a wmma kernel: linalg.generic: a pooling (nor can the VALU template take it: a pooling's output loops are one M loop only at static sizes; at run-time sizes it takes one M and four batch loops)}}
  linalg.generic {indexing_maps = [#in6, #win6, #out6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<?x?x?x?x?x24xf32>, memref<3xf32>) outs(%y : memref<?x?x?x?x?x24xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.maximumf %o, %a : f32
    linalg.yield %s : f32
  }
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
