func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>) {
  linalg.transpose ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>) permutation = [