// The same six-loop pooling with the channel at a run-time size too (a
// sum, f32): no static rows to merge the columns with, so the channel is
// grid x and the five other output loops are batch loops on grid z
// (FE_MAX_BATCH).
#in = affine_map<(n, g, d, h, w, c, k) -> (n, g, d, h, w + k, c)>
#win = affine_map<(n, g, d, h, w, c, k) -> (k)>
#out = affine_map<(n, g, d, h, w, c, k) -> (n, g, d, h, w, c)>
func.func @pool(%x: memref<?x?x?x?x?x?xf32>, %w: memref<3xf32>, %y: memref<?x?x?x?x?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<?x?x?x?x?x?xf32>)
  linalg.generic {indexing_maps = [#in, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<?x?x?x?x?x?xf32>, memref<3xf32>) outs(%y : memref<?x?x?x?x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}
