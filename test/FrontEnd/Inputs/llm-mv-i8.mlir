// linalg.matvec, i8 weights and activations, i32 sums: the decode template.
func.func @mv(%w: memref<1024x4096xi8>, %x: memref<4096xi8>, %y: memref<1024xi32>) {
  %z = arith.constant 0 : i32
  linalg.fill ins(%z : i32) outs(%y : memref<1024xi32>)
  linalg.matvec ins(%w, %x : memref<1024x4096xi8>, memref<4096xi8>) outs(%y : memref<1024xi32>)
  return
}
