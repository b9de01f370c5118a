// A column maximum of f16 values with run-time sizes (from -inf): exact.
func.func @colmax(%x: memref<?x?xf16>, %o: memref<?xf16>) {
  %z = arith.constant 0xFC00 : f16
  linalg.fill ins(%z : f16) outs(%o : memref<?xf16>)
  linalg.reduce ins(%x : memref<?x?xf16>) outs(%o : memref<?xf16>) dimensions = [0]
    (%in: f16, %init: f16) {
      %s = arith.maximumf %in, %init : f16
      linalg.yield %s : f16
    }
  return
}
