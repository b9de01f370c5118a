// A 4 GiB output: kernels address buffers with 32-bit offsets.
func.func @b(%A: memref<1073741823x1xf16>, %B: memref<1x1xf16>, %C: memref<1073741823x1xf32>) {
  linalg.matmul ins(%A, %B : memref<1073741823x1xf16>, memref<1x1xf16>) outs(%C : memref<1073741823x1xf32>)
  return
}
