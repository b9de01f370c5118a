/* WMMA semantics.  Where every matrix element lives comes from the layout
 * engine (wmma_hw_locate), never from a local re-derivation: the tables
 * built here only translate its (lane, vgpr, bits) into slot indices.
 *
 * Numerics (the emulator's documented WMMA arithmetic): products are exact
 * in double (f16, bf16, fp8, bf8 inputs); for each output the K products
 * are summed in double in K order starting from 0, C is added, and the sum
 * is rounded once to f32; 16-bit accumulators are then rounded RNE from
 * that f32.  Integer atoms sum in 64 bits and wrap or saturate (clamp) to
 * i32.  The loops below keep exactly that order of operations per output
 * (they only vectorise across the 16 outputs of a row), so that they give
 * the same bits as the element-by-element definition; the library is built
 * with -ffp-contract=off so that no multiply-add is fused.
 *
 * RDNA3 lane halves: A[m][k] is held by lanes m and m+16 (B[k][n] by n and
 * n+16).  When the copies differ, the ISA leaves two readings open: every
 * output computed from the low-half copies, or each output from the copies
 * of its own lane half.  Libraries rely on this (rocWMMA gives lanes 16-31
 * the same rows with K rotated by 8 in A and in B, which leaves each dot
 * product's terms unchanged); the emulator computes both readings and
 * accepts the instruction when every output agrees bit for bit. */
#include "Alloc.h"
#include "Wmma.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define HAVE_AVX_PATH 1 /* AVX/F16C variants chosen at run time */
#endif

static void choose_product(void);

/* Slot index and shift of one matrix element's copies (sorted by lane);
 * returns the number of copies, 0 when unmappable. */
static int fill_loc(wmma_arch arch, wmma_instr id, wmma_matrix mat, int opsel,
                    int row, int col, int ew, uint16_t idx[2], uint8_t sh[2],
                    int lane[2]) {
  wmma_reg_loc loc[2];
  int n = wmma_hw_locate(arch, id, mat, opsel, row, col, loc);
  if (n < 1 || n > 2)
    return 0;
  if (n == 2 && loc[1].lane < loc[0].lane) {
    wmma_reg_loc t = loc[0];
    loc[0] = loc[1];
    loc[1] = t;
  }
  for (int i = 0; i < n; i++) {
    int bit = loc[i].vgpr * 32 + loc[i].bit_lo;
    if (bit % ew + (loc[i].bit_hi - loc[i].bit_lo + 1) > ew)
      return 0; /* element straddles two vector elements */
    idx[i] = (uint16_t)((bit / ew) * NLANES + loc[i].lane);
    sh[i] = (uint8_t)(bit % ew);
    lane[i] = loc[i].lane;
  }
  return n;
}

WmmaOp *emu_wmma_prepare(wmma_instr id, wmma_arch arch, int opsel,
                         int sign_a, int sign_b, int clamp, int ew_a, int ew_b,
                         int ew_c) {
  const wmma_instr_info *info = wmma_instr_get(id);
  if (!info || info->m != 16 || info->n != 16 || info->k > 32)
    return NULL;
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, choose_product);
  WmmaOp *w = emu_xalloc(1, sizeof *w); /* raises: called while decoding */
  w->id = id;
  w->k = info->k;
  w->sign_a = sign_a;
  w->sign_b = sign_b;
  w->clamp = clamp;
  w->ew_a = ew_a;
  w->ew_b = ew_b;
  w->bits_a = wmma_elem_bits(info->a);
  w->bits_b = wmma_elem_bits(info->b);
  w->bits_c = wmma_elem_bits(info->c);
  w->ncopy = wmma_arch_replicates_ab(arch) ? 2 : 1;
  w->n_a = (uint32_t)(wmma_matrix_vgprs(arch, id, WMMA_MATRIX_A) * 32 / ew_a);
  w->n_b = (uint32_t)(wmma_matrix_vgprs(arch, id, WMMA_MATRIX_B) * 32 / ew_b);
  w->n_c = (uint32_t)(wmma_matrix_vgprs(arch, id, WMMA_MATRIX_C) * 32 / ew_c);
  w->plain_a = w->bits_a == 16 && ew_a == 16;
  w->plain_b = w->bits_b == 16 && ew_b == 16;
  w->cd_full = w->n_c * NLANES == 256 && w->bits_c == ew_c;
  for (int i = 0; i < 16; i++)
    for (int k = 0; k < w->k; k++) {
      uint16_t ia[2], ib[2];
      uint8_t sa[2], sb[2];
      int la[2], lb[2];
      if (fill_loc(arch, id, WMMA_MATRIX_A, 0, i, k, ew_a, ia, sa, la) != w->ncopy ||
          fill_loc(arch, id, WMMA_MATRIX_B, 0, k, i, ew_b, ib, sb, lb) != w->ncopy ||
          (w->ncopy == 2 && (la[1] != la[0] + 16 || lb[1] != lb[0] + 16))) {
        free(w);
        return NULL;
      }
      for (int c = 0; c < 2; c++) {
        int s = c < w->ncopy ? c : 0;
        w->a_idx[c][i][k] = ia[s];
        w->a_sh[c][i][k] = sa[s];
        w->b_idx[c][k][i] = ib[s];
        w->b_sh[c][k][i] = sb[s];
      }
    }
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      uint16_t idx[2];
      uint8_t sh[2];
      int lane[2];
      if (fill_loc(arch, id, WMMA_MATRIX_D, opsel, i, j, ew_c, idx, sh, lane) != 1) {
        free(w);
        return NULL;
      }
      w->cd_idx[i][j] = idx[0];
      w->cd_sh[i][j] = sh[0];
      w->cd_half[i][j] = (uint8_t)(lane[0] / 16);
    }
  return w;
}

/*===-- operands ----------------------------------------------------------===*/

static inline uint32_t elem_bits(const uint64_t *op, uint16_t idx, uint8_t sh,
                                 uint32_t mask) {
  return (uint32_t)(op[idx] >> sh) & mask;
}

/* Decodes n float elements of kind e. */
static void decode_fp(const uint64_t *op, const uint16_t *idx, const uint8_t *sh,
                      int n, wmma_elem e, double *out) {
  switch (e) {
  case WMMA_ELEM_F16:
    for (int t = 0; t < n; t++)
      out[t] = g_emu_f16_table[elem_bits(op, idx[t], sh[t], 0xffff)];
    break;
  case WMMA_ELEM_BF16:
    for (int t = 0; t < n; t++)
      out[t] = emu_bf16_to_double((uint16_t)elem_bits(op, idx[t], sh[t], 0xffff));
    break;
  case WMMA_ELEM_FP8:
    for (int t = 0; t < n; t++)
      out[t] = g_emu_fp8_table[elem_bits(op, idx[t], sh[t], 0xff)];
    break;
  default: /* WMMA_ELEM_BF8 */
    for (int t = 0; t < n; t++)
      out[t] = g_emu_bf8_table[elem_bits(op, idx[t], sh[t], 0xff)];
    break;
  }
}

static void decode_int(const uint64_t *op, const uint16_t *idx, const uint8_t *sh,
                       int n, int bits, int sign, int32_t *out) {
  uint32_t mask = (1u << bits) - 1;
  for (int t = 0; t < n; t++) {
    uint32_t v = elem_bits(op, idx[t], sh[t], mask);
    out[t] = sign ? (int32_t)emu_sext(v, bits) : (int32_t)v;
  }
}

/* The first A/B element whose two copies differ; 0 when there is none. */
static int find_mismatch(const WmmaOp *w, const uint64_t *a, const uint64_t *b,
                         WmmaMismatch *mm) {
  for (int i = 0; i < 16; i++)
    for (int k = 0; k < w->k; k++)
      for (int side = 0; side < 2; side++) {
        const uint64_t *op = side ? b : a;
        uint16_t i0 = side ? w->b_idx[0][k][i] : w->a_idx[0][i][k];
        uint16_t i1 = side ? w->b_idx[1][k][i] : w->a_idx[1][i][k];
        uint8_t s0 = side ? w->b_sh[0][k][i] : w->a_sh[0][i][k];
        uint8_t s1 = side ? w->b_sh[1][k][i] : w->a_sh[1][i][k];
        int bits = side ? w->bits_b : w->bits_a, ew = side ? w->ew_b : w->ew_a;
        uint32_t mask = bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
        uint32_t v0 = elem_bits(op, i0, s0, mask), v1 = elem_bits(op, i1, s1, mask);
        if (v0 == v1)
          continue;
        int bit = (i0 / NLANES) * ew + s0;
        mm->operand = side ? 'B' : 'A';
        mm->lane = i0 % NLANES;
        mm->lane_hi = i1 % NLANES;
        mm->value = v0;
        mm->value_hi = v1;
        mm->vgpr = bit / 32;
        mm->bit_lo = bit % 32;
        mm->bit_hi = mm->bit_lo + bits - 1;
        return 1;
      }
  return 0;
}

/* Lanes l and l+16 hold the same A and B slots (RDNA3's replication). */
static int halves_equal(const uint64_t *op, uint32_t n) {
  for (uint32_t e = 0; e < n; e++) {
    const uint64_t *s = op + (size_t)e * NLANES;
    if (memcmp(s, s + 16, 16 * sizeof *s))
      return 0;
  }
  return 1;
}

/*===-- products ----------------------------------------------------------===*/

/* Two and four doubles (GCC/Clang vector extensions); the u variants read
 * rows of double arrays in place (unaligned, aliasing double). */
typedef double v2d __attribute__((vector_size(16)));
typedef double v4d __attribute__((vector_size(32)));
typedef double v2du __attribute__((vector_size(16), aligned(8), may_alias));
typedef double v4du __attribute__((vector_size(32), aligned(8), may_alias));

/* S[i][j] = sum over k (in order, from 0) of A[i][k] * B[k][j]: for each
 * row, 8 pairs of running sums, each updated once per k in K order. */
static void product_fp(int K, const double A[16][16], const double B[16][16],
                       double S[16][16]) {
  for (int i = 0; i < 16; i++) {
    v2d acc[8];
    for (int jj = 0; jj < 8; jj++)
      acc[jj] = (v2d){0.0, 0.0};
    for (int k = 0; k < K; k++) {
      const v2d x = {A[i][k], A[i][k]};
      const v2du *b = (const v2du *)B[k];
      for (int jj = 0; jj < 8; jj++)
        acc[jj] += x * b[jj];
    }
    memcpy(S[i], acc, sizeof acc);
  }
}

#ifdef HAVE_AVX_PATH
/* The same sums with AVX registers, two rows at a time (a separate multiply
 * and add, as above: AVX alone has no fused multiply-add). */
__attribute__((target("avx"))) static void
product_fp_avx(int K, const double A[16][16], const double B[16][16],
               double S[16][16]) {
  for (int i = 0; i < 16; i += 2) {
    v4d acc0[4], acc1[4];
    for (int jj = 0; jj < 4; jj++)
      acc0[jj] = acc1[jj] = (v4d){0.0, 0.0, 0.0, 0.0};
    for (int k = 0; k < K; k++) {
      const v4d x0 = {A[i][k], A[i][k], A[i][k], A[i][k]};
      const v4d x1 = {A[i + 1][k], A[i + 1][k], A[i + 1][k], A[i + 1][k]};
      const v4du *b = (const v4du *)B[k];
      for (int jj = 0; jj < 4; jj++) {
        acc0[jj] += x0 * b[jj];
        acc1[jj] += x1 * b[jj];
      }
    }
    memcpy(S[i], acc0, sizeof acc0);
    memcpy(S[i + 1], acc1, sizeof acc1);
  }
}
#endif


typedef void (*ProductFp)(int, const double[16][16], const double[16][16],
                          double[16][16]);
static ProductFp g_product_fp = product_fp;


static void product_int(int K, const int32_t A[16][32], const int32_t B[32][16],
                        int64_t S[16][16]) {
  for (int i = 0; i < 16; i++) {
    int64_t acc[16] = {0};
    for (int k = 0; k < K; k++) {
      const int64_t x = A[i][k];
      for (int j = 0; j < 16; j++)
        acc[j] += x * B[k][j];
    }
    memcpy(S[i], acc, sizeof acc);
  }
}

static void put_d(const WmmaOp *w, uint64_t *d, int i, int j, uint32_t out) {
  uint64_t *slot = &d[w->cd_idx[i][j]];
  uint64_t mask = (w->bits_c >= 32 ? 0xffffffffull : ((1ull << w->bits_c) - 1))
                  << w->cd_sh[i][j];
  *slot = (*slot & ~mask) | ((uint64_t)out << w->cd_sh[i][j]);
}

/* The bits of every D element from its product sum and C (rounded once
 * to f32, then to a 16-bit accumulator's format). */
static void finish_fp(const WmmaOp *w, wmma_elem ce, const uint64_t *c,
                      const double S[16][16], uint32_t out[16][16]) {
  const uint16_t *idx = &w->cd_idx[0][0];
  const uint8_t *sh = &w->cd_sh[0][0];
  const double *s = &S[0][0];
  uint32_t *o = &out[0][0];
  switch (ce) {
  case WMMA_ELEM_F16:
    for (int t = 0; t < 256; t++)
      o[t] = emu_double_to_f16(
          (float)(s[t] + g_emu_f16_table[elem_bits(c, idx[t], sh[t], 0xffff)]));
    break;
  case WMMA_ELEM_BF16:
    for (int t = 0; t < 256; t++)
      o[t] = emu_double_to_bf16((float)(
          s[t] + emu_bf16_to_double((uint16_t)elem_bits(c, idx[t], sh[t], 0xffff))));
    break;
  default: /* f32: whole 32-bit elements, no shifts */
    for (int t = 0; t < 256; t++)
      o[t] = (uint32_t)emu_from_f32((float)(s[t] + (double)emu_as_f32(c[idx[t]])));
  }
}

static void finish_int(const WmmaOp *w, const uint64_t *c, const int64_t S[16][16],
                       uint32_t out[16][16]) {
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      int64_t acc = (int32_t)elem_bits(c, w->cd_idx[i][j], w->cd_sh[i][j], 0xffffffffu) +
                    S[i][j];
      if (w->clamp) {
        if (acc > INT32_MAX) acc = INT32_MAX;
        if (acc < INT32_MIN) acc = INT32_MIN;
      }
      out[i][j] = (uint32_t)acc;
    }
}

static void f16_to_double(const uint16_t *h, int n, double *out) {
  for (int t = 0; t < n; t++)
    out[t] = g_emu_f16_table[h[t]];
}

#ifdef HAVE_AVX_PATH
/* The same with F16C, 8 values at a time.  The conversion is exact for
 * every number; NaNs (whose payloads F16C keeps while the table does not)
 * are taken from the table, so that results are the table's bit for bit. */
__attribute__((target("avx,f16c"))) static void
f16_to_double_f16c(const uint16_t *h, int n, double *out) {
  for (int t = 0; t < n; t += 8) {
    __m128i x = _mm_loadu_si128((const __m128i *)(h + t));
    __m256 f = _mm256_cvtph_ps(x);
    _mm256_storeu_pd(out + t, _mm256_cvtps_pd(_mm256_castps256_ps128(f)));
    _mm256_storeu_pd(out + t + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)));
    __m128i mag = _mm_and_si128(x, _mm_set1_epi16(0x7fff));
    if (_mm_movemask_epi8(_mm_cmpgt_epi16(mag, _mm_set1_epi16(0x7c00))))
      for (int u = t; u < t + 8; u++)
        out[u] = g_emu_f16_table[h[u]];
  }
}
#endif

static void (*g_f16_to_double)(const uint16_t *, int, double *) = f16_to_double;

/* Picks the widest product and conversion the CPU runs (once, when the
 * first WMMA is prepared, before any worker thread exists). */
static void choose_product(void) {
#ifdef HAVE_AVX_PATH
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx"))
    g_product_fp = product_fp_avx;
  if (__builtin_cpu_supports("avx") && __builtin_cpu_supports("f16c"))
    g_f16_to_double = f16_to_double_f16c;
#endif
}

/* A 16-bit operand, one element per slot: gathered into matrix order, then
 * converted (n a multiple of 8). */
static void decode_plain(const uint64_t *op, const uint16_t *idx, int n,
                         wmma_elem e, double *out) {
  uint16_t raw[256];
  for (int t = 0; t < n; t++)
    raw[t] = (uint16_t)op[idx[t]];
  if (e == WMMA_ELEM_F16) {
    g_f16_to_double(raw, n, out);
  } else {
    for (int t = 0; t < n; t++)
      out[t] = emu_bf16_to_double(raw[t]);
  }
}

/* Decodes float operand `which` (0: A as [m][k], 1: B as [k][n]) for one
 * reading into out. */
static void decode_operand(const WmmaOp *w, wmma_elem e, int which, int copy,
                           const uint64_t *op, double *out) {
  int K = w->k;
  if (which == 0) {
    if (w->plain_a) {
      uint16_t idx[256];
      for (int i = 0; i < 16; i++)
        memcpy(idx + 16 * i, w->a_idx[copy][i], 16 * sizeof *idx);
      decode_plain(op, idx, 256, e, out);
    } else {
      for (int i = 0; i < 16; i++)
        decode_fp(op, w->a_idx[copy][i], w->a_sh[copy][i], K, e, out + 16 * i);
    }
  } else if (w->plain_b) {
    decode_plain(op, &w->b_idx[copy][0][0], 256, e, out);
  } else {
    decode_fp(op, &w->b_idx[copy][0][0], &w->b_sh[copy][0][0], K * 16, e, out);
  }
}

/* D bits of every output for one reading (copy 0: low halves, 1: high). */
static void compute(const WmmaOp *w, const wmma_instr_info *info,
                    const uint64_t *a, const uint64_t *b, const uint64_t *c,
                    int copy, uint32_t out[16][16]) {
  int K = w->k;
  if (info->is_integer) {
    int32_t A[16][32], B[32][16];
    int64_t S[16][16];
    for (int i = 0; i < 16; i++)
      decode_int(a, w->a_idx[copy][i], w->a_sh[copy][i], K, w->bits_a, w->sign_a, A[i]);
    decode_int(b, &w->b_idx[copy][0][0], &w->b_sh[copy][0][0], K * 16, w->bits_b,
               w->sign_b, &B[0][0]);
    product_int(K, (const int32_t(*)[32])A, (const int32_t(*)[16])B, S);
    finish_int(w, c, (const int64_t(*)[16])S, out);
    return;
  }
  double A[16][16], B[16][16], S[16][16];
  decode_operand(w, info->a, 0, copy, a, &A[0][0]);
  decode_operand(w, info->b, 1, copy, b, &B[0][0]);
  g_product_fp(K, (const double(*)[16])A, (const double(*)[16])B, S);
  finish_fp(w, info->c, c, (const double(*)[16])S, out);
}

int emu_wmma_exec(const WmmaOp *w, const uint64_t *a, const uint64_t *b,
                  const uint64_t *c, uint64_t *d, uint32_t n_c,
                  WmmaMismatch *mm) {
  const wmma_instr_info *info = wmma_instr_get(w->id);
  uint32_t low[16][16];
  compute(w, info, a, b, c, 0, low);
  if (w->ncopy == 2 && !(halves_equal(a, w->n_a) && halves_equal(b, w->n_b))) {
    uint32_t own[16][16];
    compute(w, info, a, b, c, 1, own);
    for (int i = 0; i < 16; i++)
      for (int j = 0; j < 16; j++)
        if (w->cd_half[i][j] && own[i][j] != low[i][j]) {
          memset(mm, 0, sizeof *mm);
          find_mismatch(w, a, b, mm);
          mm->m = i;
          mm->n = j;
          mm->d_low = low[i][j];
          mm->d_own = own[i][j];
          return -1;
        }
  }
  if (w->cd_full && n_c == w->n_c) {
    /* Every slot of D is an output: no need to pass C through. */
    const uint16_t *idx = &w->cd_idx[0][0];
    const uint32_t *o = &low[0][0];
    for (int t = 0; t < 256; t++)
      d[idx[t]] = o[t];
    return 0;
  }
  /* RDNA3 16-bit accumulators keep the other half of each register. */
  memcpy(d, c, (size_t)n_c * NLANES * sizeof(uint64_t));
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      put_d(w, d, i, j, low[i][j]);
  return 0;
}
