func.func @f(%a: memref<4x4xf32>, %b: memref<4xf32>) {
  linalg.reduce { arith.addf } ins(%a : memref<4x4xf32>) outs(%b : memref<4xf32>) dimensions = [1.0]
  return
}
