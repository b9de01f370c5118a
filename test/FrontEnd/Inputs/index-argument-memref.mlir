// An index offset scaling the result (index_cast to f32).
func.func @shifted(%A: memref<20x32xf16>, %B: memref<32x24xf16>, %C: memref<20x24xf32>, %n: index) {
  %c2 = arith.constant 2 : index
  %m = arith.muli %n, %c2 : index
  %z = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<20x24xf32>
  linalg.fill ins(%z : f32) outs(%p : memref<20x24xf32>)
  linalg.matmul ins(%A, %B : memref<20x32xf16>, memref<32x24xf16>) outs(%p : memref<20x24xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<20x24xf32>) outs(%C : memref<20x24xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = arith.index_cast %m : index to i32
    %f = arith.sitofp %i : i32 to f32
    %y = arith.mulf %x, %f : f32
    linalg.yield %y : f32
  }
  return
}
