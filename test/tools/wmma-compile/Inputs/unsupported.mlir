// A function that calls another: a kernel is built from one function alone.
func.func @add(%a: memref<16x16xf32>, %c: memref<16x16xf32>) {
  func.call @add(%a, %c) : (memref<16x16xf32>, memref<16x16xf32>) -> ()
  return
}
