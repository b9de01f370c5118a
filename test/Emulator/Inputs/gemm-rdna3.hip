// C = A * B on RDNA3 (gfx1100): f16 inputs, f32 accumulators, one wave per
// 16x16 tile of C, two waves per workgroup (blockDim = 32 x 2), runtime K.
// A is M x K and B is K x N, both row-major.  RDNA3 fragments: lane l holds
// row (A) / column (B) l % 16 with all 16 K values, in both lane halves;
// accumulator value v of lane l is row 2v + l/16, column l % 16.
#include "hip-common.h"

__global__ void gemm(const half *A, const half *B, float *C, int M, int N,
                     int K) {
  int lane = threadIdx_x, wave = threadIdx_y;
  int tiles_n = N / 16;
  int tile = blockIdx_x * 2 + wave;
  int m0 = (tile / tiles_n) * 16, n0 = (tile % tiles_n) * 16;
  if (m0 >= M)
    return;
  int r = lane % 16;
  v8f c = {};
  for (int k0 = 0; k0 < K; k0 += 16) {
    v16h a, b;
    for (int k = 0; k < 16; k++) {
      a[k] = A[(m0 + r) * K + k0 + k];
      b[k] = B[(k0 + k) * N + n0 + r];
    }
    c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c);
  }
  for (int v = 0; v < 8; v++)
    C[(m0 + 2 * v + lane / 16) * N + n0 + r] = c[v];
}
