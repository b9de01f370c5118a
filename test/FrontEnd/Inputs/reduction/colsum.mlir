// A column sum: 1000 rows of 77 columns reduced over the rows (the
// reduced dimension is not innermost: lanes own columns).
func.func @colsum(%x: memref<1000x77xf32>, %o: memref<77xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%o : memref<77xf32>)
  linalg.reduce ins(%x : memref<1000x77xf32>) outs(%o : memref<77xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return
}
