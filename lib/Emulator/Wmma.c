/* WMMA semantics.  Where every matrix element lives comes from the layout
 * engine (wmma_hw_locate), never from a local re-derivation: the tables
 * built here only translate its (lane, vgpr, bits) into an element of the
 * LLVM operand vector.
 *
 * Numerics: products are exact in double (f16, bf16, fp8, bf8 inputs), the
 * K-sum plus C is accumulated in double and rounded once to f32; 16-bit
 * accumulators are then rounded RNE from that f32.  Integer atoms sum in
 * 64 bits and wrap or saturate (clamp) to i32. */
#include "EmuInternal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int fill_loc(wmma_arch arch, wmma_instr id, wmma_matrix mat, int opsel,
                    int row, int col, int ew, ElemLoc out[2]) {
  wmma_reg_loc loc[2];
  int n = wmma_hw_locate(arch, id, mat, opsel, row, col, loc);
  for (int i = 0; i < n; i++) {
    int bit = loc[i].vgpr * 32 + loc[i].bit_lo;
    out[i].lane = (uint8_t)loc[i].lane;
    out[i].elem = (uint16_t)(bit / ew);
    out[i].shift = (uint8_t)(bit % ew);
    if (bit % ew + (loc[i].bit_hi - loc[i].bit_lo + 1) > ew)
      return 0; /* element straddles two vector elements */
  }
  return n;
}

WmmaOp *emu_wmma_prepare(wmma_instr id, wmma_arch arch, int opsel,
                         int sign_a, int sign_b, int clamp, int ew_a, int ew_b,
                         int ew_c) {
  const wmma_instr_info *info = wmma_instr_get(id);
  if (!info || info->m != 16 || info->n != 16 || info->k > 32)
    return NULL;
  WmmaOp *w = calloc(1, sizeof *w);
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
  w->nloc_ab = arch == WMMA_ARCH_RDNA3 ? 2 : 1;
  for (int i = 0; i < 16; i++)
    for (int k = 0; k < w->k; k++) {
      if (fill_loc(arch, id, WMMA_MATRIX_A, 0, i, k, ew_a, w->a[i][k]) != w->nloc_ab ||
          fill_loc(arch, id, WMMA_MATRIX_B, 0, k, i, ew_b, w->b[k][i]) != w->nloc_ab) {
        free(w);
        return NULL;
      }
    }
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      ElemLoc tmp[2];
      if (fill_loc(arch, id, WMMA_MATRIX_D, opsel, i, j, ew_c, tmp) != 1) {
        free(w);
        return NULL;
      }
      w->cd[i][j] = tmp[0];
    }
  return w;
}

static uint32_t get_bits(const uint64_t *op, const ElemLoc *l, int bits) {
  uint64_t v = op[(size_t)l->elem * NLANES + l->lane];
  return (uint32_t)((v >> l->shift) & ((1ull << bits) - 1));
}

static double decode_fp(uint32_t v, wmma_elem e) {
  switch (e) {
  case WMMA_ELEM_F16: return emu_f16_to_double((uint16_t)v);
  case WMMA_ELEM_BF16: return emu_bf16_to_double((uint16_t)v);
  case WMMA_ELEM_FP8: return emu_fp8_to_double((uint8_t)v);
  case WMMA_ELEM_BF8: return emu_bf8_to_double((uint8_t)v);
  default: return 0;
  }
}

/* Reads matrix element (r, c) of an A/B operand, checking the RDNA3
 * replica in lane + 16; the first mismatch is recorded in *mm. */
static uint32_t read_ab(const WmmaOp *w, const uint64_t *op, const ElemLoc loc[2],
                        int bits, int ew, char opname, WmmaMismatch *mm) {
  uint32_t v = get_bits(op, &loc[0], bits);
  if (w->nloc_ab == 2 && !mm->operand) {
    uint32_t v2 = get_bits(op, &loc[1], bits);
    if (v != v2) {
      mm->operand = opname;
      mm->lane = loc[0].lane;
      mm->value = v;
      mm->lane_hi = loc[1].lane;
      mm->value_hi = v2;
      mm->vgpr = (loc[0].elem * ew + loc[0].shift) / 32;
      mm->bit_lo = (loc[0].elem * ew + loc[0].shift) % 32;
      mm->bit_hi = mm->bit_lo + bits - 1;
    }
  }
  return v;
}

int emu_wmma_exec(const WmmaOp *w, const uint64_t *a, const uint64_t *b,
                  const uint64_t *c, uint64_t *d, uint32_t n_c,
                  WmmaMismatch *mm) {
  const wmma_instr_info *info = wmma_instr_get(w->id);
  int K = w->k;
  /* Pass C through first: RDNA3 16-bit accumulators keep the other half. */
  memset(mm, 0, sizeof *mm);
  memcpy(d, c, (size_t)n_c * NLANES * sizeof(uint64_t));
  if (info->is_integer) {
    int64_t A[16][32], B[32][16];
    int ba = w->bits_a, bb = w->bits_b;
    for (int i = 0; i < 16; i++)
      for (int k = 0; k < K; k++) {
        uint32_t va = read_ab(w, a, w->a[i][k], ba, w->ew_a, 'A', mm);
        uint32_t vb = read_ab(w, b, w->b[k][i], bb, w->ew_b, 'B', mm);
        A[i][k] = w->sign_a ? emu_sext(va, ba) : (int64_t)va;
        B[k][i] = w->sign_b ? emu_sext(vb, bb) : (int64_t)vb;
      }
    if (mm->operand)
      return -1;
    for (int i = 0; i < 16; i++)
      for (int j = 0; j < 16; j++) {
        int64_t acc = (int32_t)get_bits(c, &w->cd[i][j], 32);
        for (int k = 0; k < K; k++)
          acc += A[i][k] * B[k][j];
        if (w->clamp) {
          if (acc > INT32_MAX) acc = INT32_MAX;
          if (acc < INT32_MIN) acc = INT32_MIN;
        }
        const ElemLoc *l = &w->cd[i][j];
        d[(size_t)l->elem * NLANES + l->lane] = (uint32_t)acc;
      }
    return 0;
  }
  double A[16][16], B[16][16];
  for (int i = 0; i < 16; i++)
    for (int k = 0; k < K; k++) {
      A[i][k] = decode_fp(read_ab(w, a, w->a[i][k], w->bits_a, w->ew_a, 'A', mm), info->a);
      B[k][i] = decode_fp(read_ab(w, b, w->b[k][i], w->bits_b, w->ew_b, 'B', mm), info->b);
    }
  if (mm->operand)
    return -1;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      const ElemLoc *l = &w->cd[i][j];
      uint32_t cv = get_bits(c, l, w->bits_c);
      double acc;
      switch (info->c) {
      case WMMA_ELEM_F16: acc = emu_f16_to_double((uint16_t)cv); break;
      case WMMA_ELEM_BF16: acc = emu_bf16_to_double((uint16_t)cv); break;
      default: {
        union { uint32_t u; float f; } x;
        x.u = cv;
        acc = x.f;
      }
      }
      double sum = 0;
      for (int k = 0; k < K; k++)
        sum += A[i][k] * B[k][j];
      float r = (float)(sum + acc);
      uint64_t out;
      if (info->c == WMMA_ELEM_F16)
        out = emu_double_to_f16(r);
      else if (info->c == WMMA_ELEM_BF16)
        out = emu_double_to_bf16(r);
      else {
        union { uint32_t u; float f; } x;
        x.f = r;
        out = x.u;
      }
      uint64_t *slot = &d[(size_t)l->elem * NLANES + l->lane];
      uint64_t mask = ((1ull << w->bits_c) - 1) << l->shift;
      *slot = (*slot & ~mask) | (out << l->shift);
    }
  return 0;
}
