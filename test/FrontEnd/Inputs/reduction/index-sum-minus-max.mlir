// Two different reductions of one row: an index-weighted sum (out + x * j:
// a product of x with no memory, so a sum) minus the row maximum.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @idxsum(%x: memref<9x130xf32>, %o: memref<9xf32>) {
  %z = arith.constant 0.0 : f32
  %m = memref.alloc() : memref<9xf32>
  linalg.fill ins(%z : f32) outs(%m : memref<9xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<9x130xf32>) outs(%m : memref<9xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %p = arith.mulf %a, %jf : f32
    %r = arith.addf %p, %acc : f32
    linalg.yield %r : f32
  }
  %ninf = arith.constant 0xFF800000 : f32
  %mx = memref.alloc() : memref<9xf32>
  linalg.fill ins(%ninf : f32) outs(%mx : memref<9xf32>)
  linalg.reduce ins(%x : memref<9x130xf32>) outs(%mx : memref<9xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %r = arith.maximumf %a, %acc : f32
      linalg.yield %r : f32
    }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%m, %mx : memref<9xf32>, memref<9xf32>) outs(%o : memref<9xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = arith.subf %a, %b : f32
    linalg.yield %r : f32
  }
  return
}
