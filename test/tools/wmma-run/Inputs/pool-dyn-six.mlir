// A pooling with six output loops at run-time sizes (a generic: batch,
// group, planes, rows, columns, 24 channels; a 3-wide max window along
// the columns), f32: the channel and the columns on grid x (the columns
// merged into the workgroup's rows: 10 x 24 threads), the other four
// batch loops on grid z.
#in = affine_map<(n, g, d, h, w, c, k) -> (n, g, d, h, w + k, c)>
#win = affine_map<(n, g, d, h, w, c, k) -> (k)>
#out = affine_map<(n, g, d, h, w, c, k) -> (n, g, d, h, w, c)>
func.func @pool(%x: memref<?x?x?x?x?x24xf32>, %w: memref<3xf32>, %y: memref<?x?x?x?x?x24xf32>) {
  %init = arith.constant 0xFF800000 : f32
  linalg.fill ins(%init : f32) outs(%y : memref<?x?x?x?x?x24xf32>)
  linalg.generic {indexing_maps = [#in, #win, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<?x?x?x?x?x24xf32>, memref<3xf32>) outs(%y : memref<?x?x?x?x?x24xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.maximumf %o, %a : f32
    linalg.yield %s : f32
  }
  return
}
