// Lists MLIR reads (a comment inside, hex, spaces) pass the pre-check
// untouched.
func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %v: memref<4xf32>, %r: memref<4xf32>) {
  linalg.transpose ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>) permutation = [1, // the rows
      0x0]
  linalg.broadcast ins(%v : memref<4xf32>) outs(%b : memref<4x4xf32>) dimensions = [ 0 ]
  linalg.reduce { arith.addf } ins(%a : memref<4x4xf32>) outs(%r : memref<4xf32>) dimensions = [1]
  return
}
