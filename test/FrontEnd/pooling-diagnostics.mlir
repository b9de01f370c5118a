// Poolings that stay refused, with the reason: a body that is no
// combine(out, f(input)) (the window unused, so a pooling, but the
// result squared after the sum).  (Six output loops at run-time sizes,
// once refused, compile: pooling-dynamic.mlir.)
// RUN: wmma-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(wmma-linalg-to-kernels{chip=gfx1201 whole-functions=1})' | FileCheck %s

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
