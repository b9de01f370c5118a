// i8 matrix-vector product into i32 (no WMMA: no N loop), exact.
func.func @i8mv(%A: memref<300x170xi8>, %x: memref<170xi8>, %y: memref<300xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%y : memref<300xi32>)
  linalg.matvec ins(%A, %x : memref<300x170xi8>, memref<170xi8>) outs(%y : memref<300xi32>)
  return
}
