// Functions on memrefs that allocate and return their result (as MLIR's
// integration tests write them): a dynamic f16 GEMM into a buffer sized from
// the operands, and the same in f32 (the VALU template).
func.func @alloc_gemm_f16(%A: memref<?x?xf16>, %B: memref<?x?xf16>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %A, %c0 : memref<?x?xf16>
  %n = memref.dim %B, %c1 : memref<?x?xf16>
  %C = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  return %C : memref<?x?xf32>
}

func.func @alloc_gemm_f32(%A: memref<?x?xf32>, %B: memref<?x?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  %C = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)
  return %C : memref<?x?xf32>
}
