// A row sum over 33 columns of a run-time number of rows.
func.func @rowsum(%x: memref<?x33xf32>, %o: memref<?xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%o : memref<?xf32>)
  linalg.reduce ins(%x : memref<?x33xf32>) outs(%o : memref<?xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return
}
