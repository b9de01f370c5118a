// Layers whose count is an index argument (clamped to the stack's 3), the
// iteration number scaling each layer's output: the induction variable is
// the subview's offset and a scalar the epilogue kernel reads.
#id = affine_map<(i, j) -> (i, j)>
func.func @layers_n(%x: memref<48x32xf16>, %w: memref<3x32x32xf16>, %n: index, %y: memref<48x32xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0.0 : f16
  %one = arith.constant 1.0 : f16
  %trips = arith.minsi %n, %c3 : index
  memref.copy %x, %y : memref<48x32xf16> to memref<48x32xf16>
  scf.for %i = %c0 to %trips step %c1 {
    %wi = memref.subview %w[%i, 0, 0] [1, 32, 32] [1, 1, 1] : memref<3x32x32xf16> to memref<32x32xf16, strided<[32, 1], offset: ?>>
    %h = memref.alloc() : memref<48x32xf16>
    linalg.fill ins(%z : f16) outs(%h : memref<48x32xf16>)
    linalg.matmul ins(%y, %wi : memref<48x32xf16>, memref<32x32xf16, strided<[32, 1], offset: ?>>) outs(%h : memref<48x32xf16>)
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h : memref<48x32xf16>) outs(%y : memref<48x32xf16>) {
    ^bb0(%o: f16, %u: f16):
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f16
      %d = arith.addf %fi, %one : f16
      %m = arith.maximumf %o, %z : f16
      %q = arith.mulf %m, %d : f16
      linalg.yield %q : f16
    }
    memref.dealloc %h : memref<48x32xf16>
  }
  return
}
