// Reference: a tiled GEMM in the style of rocWMMA's perf sample (perf_hgemm):
// C = A x B^T with A (M x K) and B^T (N x K) row-major (rocWMMA's row_major
// A / col_major B), f16 in, f32 out.  A workgroup of 2 x 2 waves computes a
// 64 x 64 macro tile, each wave 2 x 2 WMMA tiles (32 x 32) kept in
// registers (rocWMMA's 2 x 2 blocks per wave; 4 x 4 spills on gfx1100); A and B move through LDS in K steps of 32 with two buffers:
// each step prefetches the next slice into registers (128-bit global
// loads), multiplies the current one from LDS (128-bit LDS reads), writes
// the prefetch to the other buffer and synchronises with __syncthreads as
// current HIP device libraries spell it (a workgroup fence restricted to
// LDS around s_barrier).  LDS tiles are [row][K] without padding; the
// accumulators are stored in the WMMA layout (one 32-bit store per
// element).  Launch: grid (N/64, M/64), block 128.
#include "hip-common.h"

#define M 512
#define N 512
#define K 256
#define MT 64 /* macro tile */
#define KS 32  /* K per LDS slice */
#define WT 2   /* 16x16 tiles per wave and dimension */
#define CH (MT * KS / 8 / 128) /* 8-half chunks per thread and slice */

static inline __device__ void sync_lds(void) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup", "local");
}

#if defined(__gfx1201__) || defined(__gfx1200__)
typedef v8h frag_t;
#define WMMA(a, b, c) __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c)
// RDNA4: lane half h holds K 8h..8h+7 of row r.
static inline __device__ frag_t lds_frag(const half *t, int row, int kk, int h) {
  return *(const v8h *)(t + row * KS + kk + 8 * h);
}
#define ACC_ROW(v, h) (8 * (h) + (v))
#else
typedef v16h frag_t;
#define WMMA(a, b, c) __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c)
// RDNA3: every lane holds all 16 K of row r.
static inline __device__ frag_t lds_frag(const half *t, int row, int kk, int h) {
  (void)h;
  return *(const v16h *)(t + row * KS + kk);
}
#define ACC_ROW(v, h) (2 * (v) + (h))
#endif

__shared__ half lds_a[2][MT * KS];
__shared__ half lds_b[2][MT * KS];

// The thread's share of an MT x 32 slice: CH chunks of 8 halves.
static inline __device__ void load_slice(const half *g, int row0, int k0, int t,
                              v8h *regs) {
  for (int i = 0; i < CH; ++i) {
    int row = t / 4 + 32 * i, col = 8 * (t % 4);
    regs[i] = *(const v8h *)(g + (row0 + row) * K + k0 + col);
  }
}

static inline __device__ void store_slice(half *l, int t, const v8h *regs) {
  for (int i = 0; i < CH; ++i) {
    int row = t / 4 + 32 * i, col = 8 * (t % 4);
    *(v8h *)(l + row * KS + col) = regs[i];
  }
}

__global__ void gemm(const half *A, const half *Bt, float *C) {
  int t = threadIdx_x, lane = t % 32, wave = t / 32;
  int r = lane % 16, h = lane / 16;
  int m0 = blockIdx_y * MT, n0 = blockIdx_x * MT;
  int wm = (wave / 2) * 16 * WT, wn = (wave % 2) * 16 * WT;
  v8f acc[WT][WT] = {};
  v8h pa[CH], pb[CH];
  load_slice(A, m0, 0, t, pa);
  load_slice(Bt, n0, 0, t, pb);
  store_slice(lds_a[0], t, pa);
  store_slice(lds_b[0], t, pb);
  sync_lds();
#pragma nounroll
  for (int s = 0; s < K / KS; ++s) {
    int cur = s % 2;
    if (s + 1 < K / KS) {
      load_slice(A, m0, (s + 1) * KS, t, pa);
      load_slice(Bt, n0, (s + 1) * KS, t, pb);
    }
    for (int kk = 0; kk < KS; kk += 16) {
      frag_t a[WT], b[WT];
      for (int i = 0; i < WT; ++i)
        a[i] = lds_frag(lds_a[cur], wm + 16 * i + r, kk, h);
      for (int j = 0; j < WT; ++j)
        b[j] = lds_frag(lds_b[cur], wn + 16 * j + r, kk, h);
      for (int i = 0; i < WT; ++i)
        for (int j = 0; j < WT; ++j)
          acc[i][j] = WMMA(a[i], b[j], acc[i][j]);
    }
    if (s + 1 < K / KS) {
      store_slice(lds_a[1 - cur], t, pa);
      store_slice(lds_b[1 - cur], t, pb);
    }
    sync_lds();
  }
  for (int i = 0; i < WT; ++i)
    for (int j = 0; j < WT; ++j)
      for (int v = 0; v < 8; ++v)
        C[(m0 + wm + 16 * i + ACC_ROW(v, h)) * N + n0 + wn + 16 * j + r] =
            acc[i][j][v];
}
