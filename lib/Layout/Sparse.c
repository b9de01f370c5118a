/* RDNA4 sparse WMMA (v_swmmac_*): the instruction table, selection from
 * element types and shape, the atom check and the register maps of the
 * compressed A, B, C/D and the index operand.
 *
 * The maps are closed forms (test/Layout/amd-calculator.test compares every
 * row with AMD's calculator):
 *  - compressed A (M x K/2 values) is laid out exactly like the dense RDNA4
 *    A of an M x K/2 product: value j of row m sits where dense A(m, j) of
 *    the same element type and K = K/2 sits;
 *  - the index operand holds, in each lane, 2 bits per compressed value of
 *    that lane, in the order the values sit in the A registers (value at
 *    A-vector position p: bits 2p..2p+1);
 *  - B is the dense RDNA4 B of K x N, except that 16-bit B alternates the
 *    lane halves every 8 K (dense 16-bit: every 4);
 *  - C/D are the dense RDNA4 accumulators. */
#include "wmma/Layout/Layout.h"

#include "Internal.h"

#include <string.h>

#define SP(ID, isa, intr, a, b, c, k, integer, ibits)                         \
  {WMMA_SPARSE_##ID, isa, intr, WMMA_ELEM_##a, WMMA_ELEM_##b, WMMA_ELEM_##c,  \
   16, 16, k, integer, ibits}

/* Indexed by wmma_sparse_instr. */
static const wmma_sparse_info sparse_table[WMMA_SPARSE_COUNT] = {
    SP(F32_16X16X32_F16, "v_swmmac_f32_16x16x32_f16",
       "llvm.amdgcn.swmmac.f32.16x16x32.f16", F16, F16, F32, 32, 0, 16),
    SP(F32_16X16X32_BF16, "v_swmmac_f32_16x16x32_bf16",
       "llvm.amdgcn.swmmac.f32.16x16x32.bf16", BF16, BF16, F32, 32, 0, 16),
    SP(F16_16X16X32_F16, "v_swmmac_f16_16x16x32_f16",
       "llvm.amdgcn.swmmac.f16.16x16x32.f16", F16, F16, F16, 32, 0, 16),
    SP(BF16_16X16X32_BF16, "v_swmmac_bf16_16x16x32_bf16",
       "llvm.amdgcn.swmmac.bf16.16x16x32.bf16", BF16, BF16, BF16, 32, 0, 16),
    SP(I32_16X16X32_IU8, "v_swmmac_i32_16x16x32_iu8",
       "llvm.amdgcn.swmmac.i32.16x16x32.iu8", IU8, IU8, I32, 32, 1, 16),
    SP(I32_16X16X32_IU4, "v_swmmac_i32_16x16x32_iu4",
       "llvm.amdgcn.swmmac.i32.16x16x32.iu4", IU4, IU4, I32, 32, 1, 16),
    SP(I32_16X16X64_IU4, "v_swmmac_i32_16x16x64_iu4",
       "llvm.amdgcn.swmmac.i32.16x16x64.iu4", IU4, IU4, I32, 64, 1, 32),
    SP(F32_16X16X32_FP8_FP8, "v_swmmac_f32_16x16x32_fp8_fp8",
       "llvm.amdgcn.swmmac.f32.16x16x32.fp8.fp8", FP8, FP8, F32, 32, 0, 16),
    SP(F32_16X16X32_FP8_BF8, "v_swmmac_f32_16x16x32_fp8_bf8",
       "llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8", FP8, BF8, F32, 32, 0, 16),
    SP(F32_16X16X32_BF8_FP8, "v_swmmac_f32_16x16x32_bf8_fp8",
       "llvm.amdgcn.swmmac.f32.16x16x32.bf8.fp8", BF8, FP8, F32, 32, 0, 16),
    SP(F32_16X16X32_BF8_BF8, "v_swmmac_f32_16x16x32_bf8_bf8",
       "llvm.amdgcn.swmmac.f32.16x16x32.bf8.bf8", BF8, BF8, F32, 32, 0, 16),
};

const char *wmma_sparse_operand_name(wmma_sparse_operand op) {
  static const char *const names[] = {"A", "B", "C", "D", "K"};
  if ((unsigned)op >= WMMA_SPARSE_OPERAND_COUNT)
    return "?";
  return names[op];
}

const wmma_sparse_info *wmma_sparse_get(wmma_sparse_instr id) {
  if ((unsigned)id >= WMMA_SPARSE_COUNT)
    return NULL;
  return &sparse_table[id];
}

wmma_sparse_instr wmma_sparse_lookup(const char *isa_name) {
  if (!isa_name)
    return WMMA_SPARSE_COUNT;
  for (int i = 0; i < WMMA_SPARSE_COUNT; ++i)
    if (strcmp(sparse_table[i].isa_name, isa_name) == 0)
      return (wmma_sparse_instr)i;
  return WMMA_SPARSE_COUNT;
}

int wmma_sparse_available(wmma_sparse_instr id, wmma_arch arch) {
  return wmma_sparse_get(id) != NULL && wmma_arch_has_sparse(arch);
}

wmma_sparse_instr wmma_sparse_select(wmma_arch arch, wmma_elem a, wmma_elem b,
                                     wmma_elem c, int m, int n, int k,
                                     char *msg, size_t msg_len) {
  if (arch != WMMA_ARCH_RDNA3 && arch != WMMA_ARCH_RDNA4) {
    wmma_set_msg(msg, msg_len, "unknown architecture (expected rdna3 or rdna4)");
    return WMMA_SPARSE_COUNT;
  }
  if (!wmma_arch_has_sparse(arch)) {
    wmma_set_msg(msg, msg_len,
                 "sparse atoms (v_swmmac_*, 2:4 structured sparsity) are "
                 "RDNA4-only (gfx12); %s has no sparse WMMA (use a dense atom)",
                 wmma_arch_name(arch));
    return WMMA_SPARSE_COUNT;
  }
  if ((unsigned)a >= WMMA_ELEM_COUNT || (unsigned)b >= WMMA_ELEM_COUNT ||
      (unsigned)c >= WMMA_ELEM_COUNT) {
    wmma_set_msg(msg, msg_len, "invalid element type");
    return WMMA_SPARSE_COUNT;
  }
  int ab_found = 0;
  for (int i = 0; i < WMMA_SPARSE_COUNT; ++i) {
    const wmma_sparse_info *s = &sparse_table[i];
    if (s->a != a || s->b != b)
      continue;
    ab_found = 1;
    if (s->m == m && s->n == n && s->k == k && s->c == c)
      return s->id;
  }
  if (!ab_found)
    wmma_set_msg(msg, msg_len,
                 "no sparse WMMA instruction takes %s x %s (A x B pairs: "
                 "f16 x f16, bf16 x bf16, iu8 x iu8, iu4 x iu4, fp8/bf8 x "
                 "fp8/bf8)",
                 wmma_elem_name(a), wmma_elem_name(b));
  else
    wmma_set_msg(msg, msg_len,
                 "no sparse WMMA instruction computes %dx%dx%d %s x %s -> %s "
                 "(shapes: 16x16x32, and 16x16x64 for iu4; accumulators: f32 "
                 "or the 16-bit input type, i32 for integers)",
                 m, n, k, wmma_elem_name(a), wmma_elem_name(b),
                 wmma_elem_name(c));
  return WMMA_SPARSE_COUNT;
}

wmma_sparse_instr wmma_sparse_atom_check(const wmma_atom_desc *atom, char *msg,
                                         size_t msg_len) {
  if (!atom) {
    wmma_set_msg(msg, msg_len, "null atom descriptor");
    return WMMA_SPARSE_COUNT;
  }
  wmma_sparse_instr id =
      wmma_sparse_select(atom->arch, atom->a, atom->b, atom->c, atom->m,
                         atom->n, atom->k, msg, msg_len);
  if (id == WMMA_SPARSE_COUNT)
    return id;
  const wmma_sparse_info *info = wmma_sparse_get(id);
  if (!info->is_integer && (atom->sign_a || atom->sign_b || atom->clamp)) {
    wmma_set_msg(msg, msg_len,
                 "sign_a/sign_b/clamp only apply to integer atoms (iu8, iu4); "
                 "%s is not one",
                 info->isa_name);
    return WMMA_SPARSE_COUNT;
  }
  if (atom->opsel != 0) {
    wmma_set_msg(msg, msg_len,
                 "opsel applies only to 16-bit accumulators on rdna3; %s has "
                 "none",
                 info->isa_name);
    return WMMA_SPARSE_COUNT;
  }
  return id;
}

static wmma_elem operand_elem(const wmma_sparse_info *s,
                              wmma_sparse_operand op) {
  switch (op) {
  case WMMA_SPARSE_A:
    return s->a;
  case WMMA_SPARSE_B:
    return s->b;
  default:
    return s->c;
  }
}

void wmma_sparse_dims(wmma_sparse_instr id, wmma_sparse_operand op, int *rows,
                      int *cols) {
  const wmma_sparse_info *s = wmma_sparse_get(id);
  int r = 0, c = 0;
  if (s && (unsigned)op < WMMA_SPARSE_OPERAND_COUNT) {
    r = op == WMMA_SPARSE_B ? s->k : s->m;
    c = op == WMMA_SPARSE_A || op == WMMA_SPARSE_INDEX ? s->k : s->n;
  }
  if (rows)
    *rows = r;
  if (cols)
    *cols = c;
}

int wmma_sparse_vgprs(wmma_sparse_instr id, wmma_sparse_operand op) {
  const wmma_sparse_info *s = wmma_sparse_get(id);
  if (!s || (unsigned)op >= WMMA_SPARSE_OPERAND_COUNT)
    return 0;
  int eb = wmma_elem_bits(operand_elem(s, op));
  switch (op) {
  case WMMA_SPARSE_A: /* K/2 compressed values split over two lane halves */
    return (s->k / 4) * eb / 32;
  case WMMA_SPARSE_B:
    return (s->k / 2) * eb / 32;
  case WMMA_SPARSE_INDEX:
    return 1;
  default:
    return eb == 16 ? 4 : 8;
  }
}

/* Dense RDNA4 A/B placement of reduction index k (of kdim) for row or
 * column r; `block` is the run of K a 16-bit lane half holds before the
 * other half takes over (dense: 4; sparse B: 8). */
static wmma_reg_loc rdna4_ab(int eb, int kdim, int block, int r, int k) {
  wmma_reg_loc loc;
  if (eb == 16) {
    loc.lane = r + 16 * ((k / block) % 2);
    loc.vgpr = (block / 2) * (k / (2 * block)) + (k % block) / 2;
    loc.bit_lo = 16 * (k % 2);
  } else {
    int half = kdim / 2, pos = (k % half) * eb;
    loc.lane = r + 16 * (k / half);
    loc.vgpr = pos / 32;
    loc.bit_lo = pos % 32;
  }
  loc.bit_hi = loc.bit_lo + eb - 1;
  return loc;
}

int wmma_sparse_value_locate(wmma_sparse_instr id, int m, int j,
                             wmma_reg_loc *out) {
  const wmma_sparse_info *s = wmma_sparse_get(id);
  if (!s || !out || m < 0 || m >= s->m || j < 0 || j >= s->k / 2)
    return 0;
  *out = rdna4_ab(wmma_elem_bits(s->a), s->k / 2, 4, m, j);
  return 1;
}

int wmma_sparse_index_locate(wmma_sparse_instr id, int m, int j,
                             wmma_reg_loc *out) {
  wmma_reg_loc v;
  if (!out || !wmma_sparse_value_locate(id, m, j, &v))
    return 0;
  int eb = wmma_elem_bits(wmma_sparse_get(id)->a);
  int pos = (v.vgpr * 32 + v.bit_lo) / eb; /* place in the lane's A vector */
  out->lane = v.lane;
  out->vgpr = 0;
  out->bit_lo = 2 * pos;
  out->bit_hi = 2 * pos + 1;
  return 1;
}

int wmma_sparse_locate(wmma_sparse_instr id, wmma_sparse_operand op, int row,
                       int col, wmma_reg_loc *out) {
  const wmma_sparse_info *s = wmma_sparse_get(id);
  int rows, cols;
  wmma_sparse_dims(id, op, &rows, &cols);
  if (!s || !out || row < 0 || row >= rows || col < 0 || col >= cols)
    return 0;
  int eb = wmma_elem_bits(operand_elem(s, op));
  wmma_reg_loc lo, hi;
  switch (op) {
  case WMMA_SPARSE_A:
  case WMMA_SPARSE_INDEX: {
    /* The group's two compressed values sit next to each other. */
    int j = 2 * (col / 4);
    int ok = op == WMMA_SPARSE_A
                 ? wmma_sparse_value_locate(id, row, j, &lo) &&
                       wmma_sparse_value_locate(id, row, j + 1, &hi)
                 : wmma_sparse_index_locate(id, row, j, &lo) &&
                       wmma_sparse_index_locate(id, row, j + 1, &hi);
    if (!ok || hi.lane != lo.lane || hi.vgpr != lo.vgpr ||
        hi.bit_lo != lo.bit_hi + 1)
      return 0;
    lo.bit_hi = hi.bit_hi;
    *out = lo;
    return 1;
  }
  case WMMA_SPARSE_B:
    *out = rdna4_ab(eb, s->k, 8, col, row);
    return 1;
  default:
    /* Dense RDNA4 accumulators: rows 0-7 in lanes 0-15, 8-15 above. */
    out->lane = col + 16 * (row / 8);
    out->vgpr = eb == 16 ? (row % 8) / 2 : row % 8;
    out->bit_lo = eb == 16 ? 16 * (row % 2) : 0;
    out->bit_hi = out->bit_lo + eb - 1;
    return 1;
  }
}
