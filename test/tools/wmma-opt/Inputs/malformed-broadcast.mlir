// The scan skips strings and comments: "linalg.broadcast ... dimensions = [x"
func.func @f(%a: memref<4xf32>, %b: memref<4x4xf32>) attributes {s = "linalg.transpose ins() permutation = [x"} {
  linalg.broadcast ins(%a : memref<4xf32>) outs(%b : memref<4x4xf32>)
      dimensions = [1, 99999999999999999999]
  return
}
