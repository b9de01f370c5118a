// Reference: fused GEMM-GEMM written after AMD's RDNA4 WMMA guide, part 1
// (GPUOpen, "Fused GEMMs for RDNA 4"): D1 = a1 * f16(a0 * A0 x B0) x B1 +
// b1 * C1 with A0 (M x K0), B0 and B1 given K-major (N0 x K0, N1 x N0), f16
// in, f32 out.  The technique: the first GEMM is computed with A and B
// swapped, so that its accumulator (D0^T) holds rows of D0 -- the A operand
// of the second GEMM -- with no data movement on RDNA4; fragments are loaded
// with 128-bit loads (8 K per lane); the second GEMM is swapped too and each
// lane stores a row segment (two 128-bit stores per tile).  One wave per 32
// rows (2 tiles), each wave reading all of B0 and B1 itself, as the sample
// does.  On RDNA3 (gfx1100) the same structure with the RDNA3 layouts: A/B
// replicated in both lane halves (16 K per lane), the swapped accumulator
// holding every other column, made a full row by v_permlanex16; the second
// GEMM is not swapped there (its accumulator columns then store coalesced).
// Launch: grid M / 32, block 32.  Sizes are compile-time (the sample's
// constexpr style): M = 128, K0 = N0 = 64, N1 = 128.
#include "hip-common.h"

#define M 128
#define K0 64
#define N0 64
#define N1 128
#define TM 2 /* 16-row tiles per wave */

typedef half v2h __attribute__((ext_vector_type(2)));
typedef unsigned v8u __attribute__((ext_vector_type(8)));

#if defined(__gfx1201__) || defined(__gfx1200__)
#define WMMA(a, b, c) __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a, b, c)

// 8 consecutive K of row `row` (K-major): one 128-bit load.
static inline __device__ v8h frag(const half *p, int row, int ld, int k0, int h) {
  return *(const v8h *)(p + row * ld + k0 + 8 * h);
}

__global__ void fused_gemm(const half *A0, const half *B0t, const half *B1t,
                           const float *C1, float *D1, float a0, float a1,
                           float b1) {
  int lane = threadIdx_x, r = lane % 16, h = lane / 16;
  int m0 = blockIdx_x * 16 * TM;
  // First GEMM, swapped: c0[m][n] = (B0^T A0^T) tile = rows of D0.
  v8f c0[TM][N0 / 16] = {};
  for (int k = 0; k < K0; k += 16) {
    v8h a[TM], b[N0 / 16];
    for (int m = 0; m < TM; ++m)
      a[m] = frag(A0, m0 + 16 * m + r, K0, k, h);
    for (int n = 0; n < N0 / 16; ++n)
      b[n] = frag(B0t, 16 * n + r, K0, k, h);
    for (int m = 0; m < TM; ++m)
      for (int n = 0; n < N0 / 16; ++n)
        c0[m][n] = WMMA(b[n], a[m], c0[m][n]);
  }
  // The accumulator is the next A operand: scale and convert in place.
  v8h a1f[TM][N0 / 16];
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < N0 / 16; ++n)
      for (int v = 0; v < 8; ++v)
        a1f[m][n][v] = (half)(a0 * c0[m][n][v]);
  // Second GEMM, swapped: each lane ends with 8 consecutive columns of a row.
  for (int n = 0; n < N1 / 16; ++n) {
    v8f c1[TM] = {};
    for (int k = 0; k < N0 / 16; ++k) {
      v8h b = frag(B1t, 16 * n + r, N0, 16 * k, h);
      for (int m = 0; m < TM; ++m)
        c1[m] = WMMA(b, a1f[m][k], c1[m]);
    }
    for (int m = 0; m < TM; ++m) {
      int off = (m0 + 16 * m + r) * N1 + 16 * n + 8 * h;
      v8f c = *(const v8f *)(C1 + off);
      *(v8f *)(D1 + off) = a1 * c1[m] + b1 * c;
    }
  }
}
#else
#define WMMA(a, b, c) __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a, b, c)

// All 16 K of row `row`, in both lane halves (RDNA3's replicated operand).
static inline __device__ v16h frag(const half *p, int row, int ld, int k0) {
  return *(const v16h *)(p + row * ld + k0);
}

static inline __device__ unsigned pack(half lo, half hi) {
  v2h p = {lo, hi};
  return __builtin_bit_cast(unsigned, p);
}

// Lane (m, h) holds D0[m][2v + h] (v = 0..7) after the swapped product:
// the full row m, K in order, in both halves, with one v_permlanex16 per
// dword of packed pairs and a byte permutation per output dword.
static inline __device__ v16h full_row(v8f c, float scale, int h) {
  v8u w;
  for (int d = 0; d < 4; ++d) {
    unsigned own = pack((half)(scale * c[2 * d]), (half)(scale * c[2 * d + 1]));
    unsigned other = __builtin_amdgcn_permlanex16(own, own, 0x76543210,
                                                  0xfedcba98, false, false);
    unsigned e = h ? other : own; // columns 4d, 4d + 2
    unsigned o = h ? own : other; // columns 4d + 1, 4d + 3
    w[2 * d] = (e & 0xffffu) | (o << 16);
    w[2 * d + 1] = (e >> 16) | (o & 0xffff0000u);
  }
  return __builtin_bit_cast(v16h, w);
}

__global__ void fused_gemm(const half *A0, const half *B0t, const half *B1t,
                           const float *C1, float *D1, float a0, float a1,
                           float b1) {
  int lane = threadIdx_x, r = lane % 16, h = lane / 16;
  int m0 = blockIdx_x * 16 * TM;
  v8f c0[TM][N0 / 16] = {};
  for (int k = 0; k < K0; k += 16) {
    v16h b[N0 / 16];
    for (int n = 0; n < N0 / 16; ++n)
      b[n] = frag(B0t, 16 * n + r, K0, k);
    for (int m = 0; m < TM; ++m) {
      v16h a = frag(A0, m0 + 16 * m + r, K0, k);
      for (int n = 0; n < N0 / 16; ++n)
        c0[m][n] = WMMA(b[n], a, c0[m][n]);
    }
  }
  v16h a1f[TM][N0 / 16];
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < N0 / 16; ++n)
      a1f[m][n] = full_row(c0[m][n], a0, h);
  // Second GEMM as it is: lane (n, h) holds D1[2v + h][n].
  for (int n = 0; n < N1 / 16; ++n) {
    v8f c1[TM] = {};
    for (int k = 0; k < N0 / 16; ++k) {
      v16h b = frag(B1t, 16 * n + r, N0, 16 * k);
      for (int m = 0; m < TM; ++m)
        c1[m] = WMMA(a1f[m][k], b, c1[m]);
    }
    for (int m = 0; m < TM; ++m)
      for (int v = 0; v < 8; ++v) {
        int off = (m0 + 16 * m + 2 * v + h) * N1 + 16 * n + r;
        D1[off] = a1 * c1[m][v] + b1 * C1[off];
      }
  }
}
#endif
