// C = A * B on RDNA4 (gfx1201): f16 inputs, f32 accumulators, one wave per
// 16x16 tile of C, grid (N/16, M/16), runtime K.  A and B use the same
// "contiguous K" convention (value v of lane l is k = 8*(l/16) + v), which
// is correct because A and B agree; the accumulator is the hardware layout
// (value v of lane l is row 8*(l/16) + v, column l % 16).
#include "hip-common.h"

__global__ void gemm(const half *A, const half *B, float *C, int M, int N,
                     int K) {
  int lane = threadIdx_x, h = lane / 16, r = lane % 16;
  int m0 = blockIdx_y * 16, n0 = blockIdx_x * 16;
  v8f c = {};
  for (int k0 = 0; k0 < K; k0 += 16) {
    v8h a, b;
    for (int v = 0; v < 8; v++) {
      a[v] = A[(m0 + r) * K + k0 + 8 * h + v];
      b[v] = B[(k0 + 8 * h + v) * N + n0 + r];
    }
    c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c);
  }
  for (int v = 0; v < 8; v++)
    C[(m0 + 8 * h + v) * N + n0 + r] = c[v];
}
