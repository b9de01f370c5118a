// An integer row minimum (arith.minsi from INT32_MAX): exact.
func.func @rowmin(%x: memref<50x130xi32>, %o: memref<50xi32>) {
  %z = arith.constant 2147483647 : i32
  linalg.fill ins(%z : i32) outs(%o : memref<50xi32>)
  linalg.reduce ins(%x : memref<50x130xi32>) outs(%o : memref<50xi32>) dimensions = [1]
    (%in: i32, %init: i32) {
      %s = arith.minsi %in, %init : i32
      linalg.yield %s : i32
    }
  return
}
