// A GEMM whose output is 20480 x 20480 f32 (1.6 GB): within the kernels'
// 2 GiB addressing, so it compiles, but over wmma-run's 1 GiB per buffer.
func.func @gemm(%A: memref<20480x16xf16>, %B: memref<16x20480xf16>,
                %Y: memref<20480x20480xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%Y : memref<20480x20480xf32>)
  linalg.matmul ins(%A, %B : memref<20480x16xf16>, memref<16x20480xf16>)
                outs(%Y : memref<20480x20480xf32>)
  return
}
