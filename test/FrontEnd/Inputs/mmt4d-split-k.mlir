// Two K loops are iterated by the gemm template's register staging only:
// LDS staging asked for is refused (several-loops-invalid.mlir).
// expected-remark @+1 {{not converted to a wmma kernel: a product with two K loops is loaded into registers, not staged in LDS}}
func.func @mmt4d_split_k_lds(%A: memref<2x4x16x8xi8>, %B: memref<2x4x16x8xi8>, %C: memref<2x2x16x16xi32>) {
  linalg.mmt4d ins(%A, %B : memref<2x4x16x8xi8>, memref<2x4x16x8xi8>) outs(%C : memref<2x2x16x16xi32>)
  return
}
