// A GEMM whose output is 2^40 f32 (4 TiB): compiles, but no host buffer fits.
func.func @gemm(%A: memref<1048576x16xf16>, %B: memref<16x1048576xf16>,
                %Y: memref<1048576x1048576xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%Y : memref<1048576x1048576xf32>)
  linalg.matmul ins(%A, %B : memref<1048576x16xf16>, memref<16x1048576xf16>)
                outs(%Y : memref<1048576x1048576xf32>)
  return
}
