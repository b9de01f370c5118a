// A GEMM in the style of rocWMMA's samples (simple_hgemm, perf_hgemm) for
// RDNA3 (gfx1100): a workgroup of 2x2 waves (blockDim 32 x 4) computes a
// 32x32 block of C = A * B (f16 in, f32 out, row-major, runtime K); each K
// step stages a 32x16 slab of A and a 16x32 slab of B in dynamic LDS
// (`extern __shared__`, sized by the launch: 2048 bytes) and each wave reads
// its fragments in rocWMMA's RDNA3 arrangement: lanes 16-31 hold the same
// row of A / column of B as lanes 0-15 but with K rotated by 8
// (k' = (k + 8) % 16), in A and in B alike.
#include "hip-common.h"

extern __shared__ half smem[];
__shared__ int steps; // static LDS too: the dynamic part comes after it

__global__ void gemm(const half *A, const half *B, float *C, int M, int N,
                     int K) {
  int lane = threadIdx_x, wave = threadIdx_y;
  int wm = wave / 2, wn = wave % 2, t = wave * 32 + lane;
  int m0 = blockIdx_y * 32, n0 = blockIdx_x * 32;
  int r = lane % 16, h = lane / 16;
  half *sa = smem;           // [32][16]
  half *sb = smem + 32 * 16; // [16][32]
  if (t == 0)
    steps = 0;
  v8f c = {};
  for (int k0 = 0; k0 < K; k0 += 16) {
    for (int i = 0; i < 4; i++) { // 128 work-items stage 512 + 512 halves
      int e = t * 4 + i;
      sa[e] = A[(m0 + e / 16) * K + k0 + e % 16];
      sb[e] = B[(k0 + e / 32) * N + n0 + e % 32];
    }
    syncthreads();
    v16h a, b;
    for (int k = 0; k < 16; k++) {
      int kk = (k + 8 * h) % 16;
      a[k] = sa[(wm * 16 + r) * 16 + kk];
      b[k] = sb[kk * 32 + wn * 16 + r];
    }
    c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c);
    if (t == 0)
      steps++;
    syncthreads();
  }
  for (int v = 0; v < 8; v++)
    C[(m0 + wm * 16 + 2 * v + h) * N + n0 + wn * 16 + r] = c[v];
}
