// FP8 GEMM with per-row and per-column scales, as quantised LLM inference
// writes it: Y = bf16((A x B) * sa[i] * sb[j]) with A in f8E4M3FN and B in
// f8E5M2, K = 256.  RDNA4 multiplies fp8 natively
// (v_wmma_f32_16x16x16_fp8_bf8); RDNA3 widens each fragment to f16 in
// registers (exactly) and uses the f16 WMMA.  The two scale vectors are
// loaded once per tile in the accumulator's layout.
//   wmma-run examples/pipelines/fp8-scaled-gemm.mlir --chip gfx1201 --stats
func.func @fp8_scaled_gemm(%A: memref<192x256xf8E4M3FN>, %B: memref<256x160xf8E5M2>,
                           %sa: memref<192xf32>, %sb: memref<160xf32>,
                           %Y: memref<192x160xbf16>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<192x160xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<192x160xf32>)
  linalg.matmul ins(%A, %B : memref<192x256xf8E4M3FN>, memref<256x160xf8E5M2>)
                outs(%acc : memref<192x160xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                   affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%acc, %sa, %sb : memref<192x160xf32>, memref<192xf32>, memref<160xf32>)
      outs(%Y : memref<192x160xbf16>) {
  ^bb0(%x: f32, %r: f32, %c: f32, %o: bf16):
    %s = arith.mulf %x, %r : f32
    %t = arith.mulf %s, %c : f32
    %y = arith.truncf %t : f32 to bf16
    linalg.yield %y : bf16
  }
  memref.dealloc %acc : memref<192x160xf32>
  return
}
