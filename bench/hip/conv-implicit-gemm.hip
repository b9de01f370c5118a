// Reference: a forward convolution as an implicit GEMM in the style of
// AMD's published kernels (Composable Kernel's device_grouped_conv_fwd,
// MIOpen's igemm_fwd on NHWC): input NHWC, filter KYXC (F x KH x KW x C,
// K-contiguous per output channel, CK's layout), output NHWK, f16 in, f32
// accumulation, f16 out.  GEMM view: M = N x OH x OW output pixels, N = F,
// K = KH x KW x C in the filter's order.  A workgroup of 2 x 2 waves
// computes a 64 x 64 macro tile, each wave 2 x 2 WMMA tiles; A (gathered
// from the input by index math: im2col never in memory) and B move through
// LDS in K slices of 32 with two buffers, the next slice prefetched into
// registers while the current one is multiplied (as tiled-gemm.hip).  A
// chunk of 8 K is one 128-bit load when C is a multiple of 8 (one tap, 8
// channels), else 8 element loads (3 input channels); rows past M read the
// last pixel, K past the end reads zeros.  LDS rows are padded by 8
// halves (CK's LDS padding against bank conflicts).  The shape is given by
// -D: BATCH, H, W, C, KH, KW, F, S (stride; the input pre-padded).
// Launch: grid (ceil(F / 64), ceil(M / 64)), block 128.
#include "hip-common.h"

#define OH ((H - KH) / S + 1)
#define OW ((W - KW) / S + 1)
#define GM (BATCH * OH * OW)
#define GK (KH * KW * C)
#define MT 64             /* macro tile */
#define KS 32             /* K per LDS slice */
#define LP (KS + 8)       /* LDS row pitch (halves) */
#define WT 2              /* 16x16 tiles per wave and dimension */
#define CH (MT * KS / 8 / 128) /* 8-half chunks per thread and slice */
#define SLICES ((GK + KS - 1) / KS)

static inline __device__ void sync_lds(void) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup", "local");
}

#if defined(__gfx1201__) || defined(__gfx1200__)
typedef v8h frag_t;
#define WMMA(a, b, c) __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c)
static inline __device__ frag_t lds_frag(const half *t, int row, int kk, int h) {
  return *(const v8h *)(t + row * LP + kk + 8 * h);
}
#define ACC_ROW(v, h) (8 * (h) + (v))
#else
typedef v16h frag_t;
#define WMMA(a, b, c) __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c)
static inline __device__ frag_t lds_frag(const half *t, int row, int kk, int h) {
  (void)h;
  v8h lo = *(const v8h *)(t + row * LP + kk);
  v8h hi = *(const v8h *)(t + row * LP + kk + 8);
  return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                 12, 13, 14, 15);
}
#define ACC_ROW(v, h) (2 * (v) + (h))
#endif

__shared__ half lds_a[2][MT * LP];
__shared__ half lds_b[2][MT * LP];

// 8 consecutive K of output pixel m (clamped to the last): the im2col row.
static inline __device__ v8h gather_a(const half *x, int m, int k) {
  m = m < GM ? m : GM - 1;
  int ow = m % OW, oh = (m / OW) % OH, n = m / (OW * OH);
#if C % 8 == 0
  int c = k % C, tap = k / C, kw = tap % KW, kh = tap / KW;
  if (k >= GK)
    return (v8h){};
  return *(const v8h *)(x + ((n * H + oh * S + kh) * W + ow * S + kw) * C + c);
#else
  v8h v;
  for (int e = 0; e < 8; ++e) {
    int kk = k + e, c = kk % C, tap = kk / C, kw = tap % KW, kh = tap / KW;
    v[e] = kk < GK ? x[((n * H + oh * S + kh) * W + ow * S + kw) * C + c]
                   : (half)0;
  }
  return v;
#endif
}

// 8 consecutive K of output channel f (KYXC: K-contiguous).
static inline __device__ v8h gather_b(const half *w, int f, int k) {
  f = f < F ? f : F - 1;
#if C % 8 == 0
  if (k >= GK)
    return (v8h){};
  return *(const v8h *)(w + f * GK + k);
#else
  v8h v;
  for (int e = 0; e < 8; ++e)
    v[e] = k + e < GK ? w[f * GK + k + e] : (half)0;
  return v;
#endif
}

static inline __device__ void load_slice(const half *x, const half *w, int m0,
                                         int n0, int k0, int t, v8h *pa,
                                         v8h *pb) {
  for (int i = 0; i < CH; ++i) {
    int row = t / 4 + 32 * i, col = 8 * (t % 4);
    pa[i] = gather_a(x, m0 + row, k0 + col);
    pb[i] = gather_b(w, n0 + row, k0 + col);
  }
}

static inline __device__ void store_slice(half *la, half *lb, int t,
                                          const v8h *pa, const v8h *pb) {
  for (int i = 0; i < CH; ++i) {
    int row = t / 4 + 32 * i, col = 8 * (t % 4);
    *(v8h *)(la + row * LP + col) = pa[i];
    *(v8h *)(lb + row * LP + col) = pb[i];
  }
}

__global__ void conv(const half *x, const half *w, half *y) {
  int t = threadIdx_x, lane = t % 32, wave = t / 32;
  int r = lane % 16, h = lane / 16;
  int m0 = blockIdx_y * MT, n0 = blockIdx_x * MT;
  int wm = (wave / 2) * 16 * WT, wn = (wave % 2) * 16 * WT;
  v8f acc[WT][WT] = {};
  v8h pa[CH], pb[CH];
  load_slice(x, w, m0, n0, 0, t, pa, pb);
  store_slice(lds_a[0], lds_b[0], t, pa, pb);
  sync_lds();
#pragma nounroll
  for (int s = 0; s < SLICES; ++s) {
    int cur = s % 2;
    if (s + 1 < SLICES)
      load_slice(x, w, m0, n0, (s + 1) * KS, t, pa, pb);
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
    if (s + 1 < SLICES)
      store_slice(lds_a[1 - cur], lds_b[1 - cur], t, pa, pb);
    sync_lds();
  }
  for (int i = 0; i < WT; ++i)
    for (int j = 0; j < WT; ++j)
      for (int v = 0; v < 8; ++v) {
        int m = m0 + wm + 16 * i + ACC_ROW(v, h), f = n0 + wn + 16 * j + r;
        if (m < GM && f < F)
          y[m * F + f] = (half)acc[i][j][v];
      }
}
