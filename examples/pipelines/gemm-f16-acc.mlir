// An f16 GEMM whose linalg output is f16: C = A x B, 512x512x256.  By
// default it accumulates in f32 and rounds once; with accumulate=native
// (wmma-compile --accumulate native) it accumulates in f16, and on RDNA3
// two 16x16 accumulator tiles share one set of 8 VGPRs through OPSEL
// (bench/pipelines.py prints the VGPRs with and without the packing).
func.func @gemm_f16_acc(%A: memref<512x256xf16>, %B: memref<256x512xf16>,
                        %C: memref<512x512xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<512x512xf16>)
  linalg.matmul ins(%A, %B : memref<512x256xf16>, memref<256x512xf16>)
                outs(%C : memref<512x512xf16>)
  return
}
