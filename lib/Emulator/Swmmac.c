/* Sparse WMMA (v_swmmac_*) semantics.  Where every element, compressed
 * value and index field lives comes from the layout engine
 * (wmma_sparse_value_locate, wmma_sparse_index_locate, wmma_sparse_locate);
 * this file only turns those locations into slot indices and computes.
 *
 * The index operand gives, for each compressed value, its position (0-3)
 * inside its group of four K.  AMD documents two distinct positions per
 * group (2:4 sparsity); what the hardware does when both values of a group
 * name the same position is not documented, so such an index is refused
 * with its location instead of being given a guessed meaning. */
#include "Alloc.h"
#include "Swmmac.h"

#include <stdlib.h>
#include <string.h>

/* Slot index and shift of a location in an operand of ew-bit elements; 0
 * when the element straddles two slots. */
static int slot_of(const wmma_reg_loc *l, int ew, uint16_t *idx, uint8_t *sh) {
  int bit = l->vgpr * 32 + l->bit_lo;
  if (bit % ew + (l->bit_hi - l->bit_lo + 1) > ew)
    return 0;
  *idx = (uint16_t)((bit / ew) * NLANES + l->lane);
  *sh = (uint8_t)(bit % ew);
  return 1;
}

SwmmacOp *emu_swmmac_prepare(wmma_sparse_instr id, int sign_a, int sign_b,
                             int clamp, int ew_a, int ew_b, int ew_c,
                             int ew_index) {
  const wmma_sparse_info *info = wmma_sparse_get(id);
  if (!info || info->m != 16 || info->n != 16 || info->k > 64 ||
      ew_index < info->index_bits)
    return NULL;
  SwmmacOp *w = emu_xalloc(1, sizeof *w); /* raises: called while decoding */
  w->id = id;
  w->k = info->k;
  w->sign_a = sign_a;
  w->sign_b = sign_b;
  w->clamp = clamp;
  w->bits_a = wmma_elem_bits(info->a);
  w->bits_b = wmma_elem_bits(info->b);
  w->bits_c = wmma_elem_bits(info->c);
  w->n_c = (uint32_t)(wmma_sparse_vgprs(id, WMMA_SPARSE_C) * 32 / ew_c);
  wmma_reg_loc l;
  for (int m = 0; m < 16; m++)
    for (int j = 0; j < w->k / 2; j++) {
      if (!wmma_sparse_value_locate(id, m, j, &l) ||
          !slot_of(&l, ew_a, &w->a_idx[m][j], &w->a_sh[m][j]) ||
          !wmma_sparse_index_locate(id, m, j, &l) || l.vgpr != 0)
        goto fail;
      w->x_lane[m][j] = (uint8_t)l.lane;
      w->x_sh[m][j] = (uint8_t)l.bit_lo;
    }
  for (int k = 0; k < w->k; k++)
    for (int n = 0; n < 16; n++)
      if (!wmma_sparse_locate(id, WMMA_SPARSE_B, k, n, &l) ||
          !slot_of(&l, ew_b, &w->b_idx[k][n], &w->b_sh[k][n]))
        goto fail;
  for (int m = 0; m < 16; m++)
    for (int n = 0; n < 16; n++)
      if (!wmma_sparse_locate(id, WMMA_SPARSE_D, m, n, &l) ||
          !slot_of(&l, ew_c, &w->cd_idx[m][n], &w->cd_sh[m][n]))
        goto fail;
  return w;
fail:
  free(w);
  return NULL;
}

static inline uint32_t field(const uint64_t *op, uint16_t idx, uint8_t sh,
                             int bits) {
  uint32_t mask = bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
  return (uint32_t)(op[idx] >> sh) & mask;
}

static double to_double(wmma_elem e, uint32_t v) {
  switch (e) {
  case WMMA_ELEM_F16:
    return emu_f16_to_double((uint16_t)v);
  case WMMA_ELEM_BF16:
    return emu_bf16_to_double((uint16_t)v);
  case WMMA_ELEM_FP8:
    return emu_fp8_to_double((uint8_t)v);
  default: /* WMMA_ELEM_BF8 */
    return emu_bf8_to_double((uint8_t)v);
  }
}

/* The positions of every compressed value; -1 with *bad on a repeat. */
static int positions(const SwmmacOp *w, const uint64_t *index,
                     uint8_t pos[16][32], SwmmacBadIndex *bad) {
  for (int m = 0; m < 16; m++)
    for (int j = 0; j < w->k / 2; j++) {
      pos[m][j] = (uint8_t)((index[w->x_lane[m][j]] >> w->x_sh[m][j]) & 3);
      if (j % 2 && pos[m][j] == pos[m][j - 1]) {
        bad->m = m;
        bad->group = j / 2;
        bad->lane = w->x_lane[m][j - 1];
        bad->bit = w->x_sh[m][j - 1];
        bad->position = pos[m][j];
        return -1;
      }
    }
  return 0;
}

static void put_d(const SwmmacOp *w, uint64_t *d, int m, int n, uint32_t v) {
  uint64_t mask = (w->bits_c >= 32 ? 0xffffffffull
                                   : ((1ull << w->bits_c) - 1))
                  << w->cd_sh[m][n];
  uint64_t *slot = &d[w->cd_idx[m][n]];
  *slot = (*slot & ~mask) | ((uint64_t)v << w->cd_sh[m][n]);
}

int emu_swmmac_exec(const SwmmacOp *w, const uint64_t *a, const uint64_t *b,
                    const uint64_t *c, const uint64_t *index, uint64_t *d,
                    SwmmacBadIndex *bad) {
  const wmma_sparse_info *info = wmma_sparse_get(w->id);
  uint8_t pos[16][32];
  if (positions(w, index, pos, bad))
    return -1;
  uint32_t out[16][16];
  int nj = w->k / 2;
  for (int m = 0; m < 16; m++) {
    /* The row's compressed values and the B rows they multiply. */
    int krow[32];
    for (int j = 0; j < nj; j++)
      krow[j] = 4 * (j / 2) + pos[m][j];
    if (info->is_integer) {
      int32_t av[32];
      for (int j = 0; j < nj; j++) {
        uint32_t v = field(a, w->a_idx[m][j], w->a_sh[m][j], w->bits_a);
        av[j] = w->sign_a ? (int32_t)emu_sext(v, w->bits_a) : (int32_t)v;
      }
      for (int n = 0; n < 16; n++) {
        int64_t acc = (int32_t)field(c, w->cd_idx[m][n], w->cd_sh[m][n], 32);
        for (int j = 0; j < nj; j++) {
          int k = krow[j];
          uint32_t bv = field(b, w->b_idx[k][n], w->b_sh[k][n], w->bits_b);
          int64_t bx = w->sign_b ? emu_sext(bv, w->bits_b) : (int64_t)bv;
          acc += (int64_t)av[j] * bx;
        }
        if (w->clamp)
          acc = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
        out[m][n] = (uint32_t)acc;
      }
      continue;
    }
    double av[32];
    for (int j = 0; j < nj; j++)
      av[j] = to_double(info->a,
                        field(a, w->a_idx[m][j], w->a_sh[m][j], w->bits_a));
    for (int n = 0; n < 16; n++) {
      double s = 0.0;
      for (int j = 0; j < nj; j++) {
        int k = krow[j];
        s += av[j] * to_double(info->b, field(b, w->b_idx[k][n],
                                              w->b_sh[k][n], w->bits_b));
      }
      uint32_t cv = field(c, w->cd_idx[m][n], w->cd_sh[m][n], w->bits_c);
      switch (info->c) {
      case WMMA_ELEM_F16:
        out[m][n] = emu_double_to_f16((float)(s + emu_f16_to_double((uint16_t)cv)));
        break;
      case WMMA_ELEM_BF16:
        out[m][n] =
            emu_double_to_bf16((float)(s + emu_bf16_to_double((uint16_t)cv)));
        break;
      default:
        out[m][n] = (uint32_t)emu_from_f32((float)(s + (double)emu_as_f32(cv)));
      }
    }
  }
  memcpy(d, c, (size_t)w->n_c * NLANES * sizeof(uint64_t));
  for (int m = 0; m < 16; m++)
    for (int n = 0; n < 16; n++)
      put_d(w, d, m, n, out[m][n]);
  return 0;
}
