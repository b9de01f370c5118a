/* Wide weight loads for the decode template (Decode.c).
 *
 * A B fragment lane holds one column of its tile along K.  When the
 * weights are N-contiguous in memory ([K/P, N] packed int4, [K, N] i8 or
 * fp8) the elements of a lane's column are a row apart, so each is a
 * separate byte load (256 buffer_load_u8 per K slice of a W4A16 GEMV).
 * Instead the wave's W = wave_n column tiles are interleaved: lane r of
 * tile j holds column n0 + j + W r.  A lane's columns across the W tiles
 * are then the W consecutive elements n0 + W r .. n0 + W r + W - 1 of
 * each weight row: one W-element (128-bit for W = 16 bytes) load per row
 * the lane's fragment slots touch, and tile j takes element j of each.
 * The prologue (the linalg's unpack and scales) runs per tile on those
 * values with its other loads at the interleaved columns
 * (fe_tile.col_step); the partial sums are put back in column order when
 * they meet in LDS (Decode.c), once per kernel.  On RDNA3 the leaf is read
 * on the compact fragment (each K value once per wave) and replicated by
 * the prologue's wmma.expand. */
#include "Templates/DecodeWide.h"

#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/* Tiles sharing one accumulator (M = 1): the rows lanes 0-15 hold. */
#define ROWS_PER_ACC 8

/* Bytes one lane loads per 16-deep K step at most (32 VGPRs). */
#define WIDE_MAX_LANE_BYTES 128

int fe_decode_wide_cols(const fe_problem *p, const fe_schedule *s) {
  const fe_gemm *g = &p->gemms[0];
  const fe_operand *o = &g->rhs;
  const int W = s->wave_n;
  if (W < 2 || W > 16 || (W & (W - 1)) || o->arg < 0 || o->leaf < 0 ||
      o->im2col || o->padded || o->permuted || o->has_kouter || s->n_tail)
    return 0;
  const fe_arg *a = &p->args[o->arg];
  if (a->permuted || a->collapsed || a->pad_read || a->sparse_cols)
    return 0;
  const fe_node *x = &p->g.nodes[o->leaf];
  if (x->kind != FE_LOAD || x->arg != o->arg || x->nmap < 2)
    return 0;
  /* Columns innermost (read at n itself), K at k floordiv P. */
  const int last = x->nmap - 1, P = o->k_pack;
  if (x->map[last] != o->row_loop || x->div[last] != 0)
    return 0;
  /* K the next dimension out (the masked tail's row check), every other
   * index undivided, no grouped batch (h floordiv G). */
  bool has_k = x->map[last - 1] == o->k_loop &&
               x->div[last - 1] == (P > 1 ? P : 0);
  for (int j = 0; j < last - 1; ++j)
    has_k &= x->map[j] != o->k_loop && (x->map[j] == FE_MAP_FIXED ||
                                        x->div[j] == 0);
  for (int i = 0; i < o->nbatch; ++i)
    has_k &= o->batch_div[i] <= 1;
  int bits = wb_type_bits(x->type);
  if (!has_k || bits < 8 || (W * bits / 8) % 4)
    return 0;
  if (fe_decode_wide_step_bytes(p, s) > WIDE_MAX_LANE_BYTES)
    return 0;
  return W;
}

int fe_decode_wide_step_bytes(const fe_problem *p, const fe_schedule *s) {
  const fe_operand *o = &p->gemms[0].rhs;
  /* Rows a lane touches per step: 8 K values on the compact or RDNA4
   * fragment, P per element. */
  int rows = o->k_pack >= 8 ? 1 : 8 / (o->k_pack > 1 ? o->k_pack : 1);
  return rows * s->wave_n * wb_type_bits(p->g.nodes[o->leaf].type) / 8;
}

typedef struct {
  int k0, kr, kh; /* slot K offset: k0 + kr * (lane % 16) + kh * h */
} k_affine;

void fe_decode_wide_leaves(fe_kb *kb, const MlirValue *batch, MlirValue n0,
                           MlirValue k0, bool masked, MlirValue *leaf) {
  const fe_gemm *g = &kb->p->gemms[0];
  const fe_operand *o = &g->rhs;
  const fe_node *x = &kb->p->g.nodes[o->leaf];
  const int P = o->k_pack, W = kb->b_col_step;
  wb_t *b = &kb->b;
  MlirValue mem = kb->args[o->arg];
  /* The fragment the prologue evaluates on (Prologue.c: compact on RDNA3). */
  wmma_layout_kind saved = kb->ab_layout;
  if (kb->ab_layout == WMMA_LAYOUT_HW)
    kb->ab_layout = WMMA_LAYOUT_COMPACT;
  fe_tile t;
  memset(&t, 0, sizeof t);
  t.rank = o->space_rank;
  t.operand = true;
  t.role = WMMA_MATRIX_B;
  t.dim_row = o->k_loop;
  t.dim_col = o->row_loop;
  for (int d = 0; d < t.rank && d < FE_MAX_RANK; ++d)
    t.at[d] = kb_c(kb, 0);
  t.at[o->k_loop] = k0;
  t.at[o->row_loop] = n0;
  for (int i = 0; i < o->nbatch; ++i)
    t.at[o->batch_loop[i]] = batch[i];
  MlirAttribute frag =
      kb_frag(kb, WMMA_MATRIX_B, kb->ab_layout, false, kb->atom);
  wmma_frag_desc d;
  fe_slot_pos sp;
  kb_slot_positions(kb, &t, &sp);
  kb->ab_layout = saved;
  if (mlirAttributeIsNull(frag) || !wmmaFragAttrGetDesc(frag, &d) ||
      sp.n < 1 || sp.n > 16) {
    kb->failed = 1;
    return;
  }
  /* Slots reading the same weight row share its load. */
  k_affine ka[16];
  int group[16], first[16], ngroups = 0;
  for (int v = 0; v < sp.n; ++v) {
    int r0, rr, rh, c0, cr, ch;
    if (wmma_frag_affine(&d, v, &r0, &rr, &rh, &c0, &cr, &ch) != 1 ||
        c0 != 0 || cr != 1 || ch != 0) {
      kb->failed = 1; /* a B lane is not one column */
      return;
    }
    ka[v] = (k_affine){r0, rr, rh};
    group[v] = -1;
    for (int q = 0; q < ngroups && group[v] < 0; ++q) {
      const k_affine *f = &ka[first[q]];
      if (f->kr == rr && f->kh == rh && rr % P == 0 && rh % P == 0 &&
          f->k0 / P == r0 / P)
        group[v] = q;
    }
    if (group[v] < 0) {
      first[ngroups] = v;
      group[v] = ngroups++;
    }
  }
  /* The lane's run starts at column n0 + W (lane % 16). */
  MlirValue col = kb_add(kb, n0, kb_mulc(kb, wb_r_index(b), W));
  if (masked)
    kb_note_oob(kb, mem);
  MlirValue rowv[16];
  for (int q = 0; q < ngroups; ++q) {
    MlirValue kv = kb_add(kb, k0, sp.row[first[q]]);
    MlirValue idx[FE_MAX_RANK];
    for (int j = 0; j < x->nmap; ++j) {
      int dm = x->map[j];
      if (dm == FE_MAP_FIXED)
        idx[j] = kb_c(kb, x->fixed[j]);
      else if (dm == o->k_loop)
        idx[j] = P > 1 ? wb_arith(b, "arith.divui", kv, kb_c(kb, P)) : kv;
      else if (dm == o->row_loop)
        idx[j] = col;
      else
        idx[j] = t.at[dm];
    }
    rowv[q] = masked ? kb_vload(kb, mem, x->nmap, idx, W, true)
                     : wb_vload(b, wb_vec(W, x->type), mem, x->nmap, idx);
  }
  MlirType vt = wb_vec(sp.n, x->type);
  for (int j = 0; j < W; ++j) {
    MlirValue el[16];
    for (int v = 0; v < sp.n; ++v)
      el[v] = wb_extract(b, rowv[group[v]], j);
    leaf[j] = wb_from_elements(b, sp.n, el, vt);
  }
}

/*===--- tiles sharing accumulators (M <= 4) ----------------------------===*/

bool fe_decode_rows_shared(const fe_problem *p, const fe_schedule *s) {
  const fe_gemm *g = &p->gemms[0];
  /* Only past 8 tiles: at 8 or fewer the accumulators leave room enough,
   * and the broadcast (or shifts) and selects would be work for nothing. */
  return fe_size_static(g->M) && g->M.value >= 1 && g->M.value <= 4 &&
         s->wave_m == 1 && s->acc_pack == 1 && s->wave_n > ROWS_PER_ACC &&
         fe_decode_wide_cols(p, s) > 1;
}

int fe_decode_tiles_per_acc(const fe_problem *p) {
  return p->gemms[0].M.value == 1 ? ROWS_PER_ACC : 4;
}

int fe_decode_shared_accs(const fe_problem *p, const fe_schedule *s) {
  int tpa = fe_decode_tiles_per_acc(p);
  return (s->wave_n + tpa - 1) / tpa;
}

/* rocdl.update.dpp with DPP control ctrl (row_share:0 is 0x150, row_shr:n
 * 0x110 + n); lanes without a source read old. */
static MlirValue dpp_mov(fe_kb *kb, MlirValue w, int ctrl, MlirValue old) {
  MlirContext ctx = kb->ctx;
  MlirType i32 = wb_i32(ctx);
  MlirNamedAttribute at[4] = {
      wb_named(ctx, "dppCtrl", mlirIntegerAttrGet(i32, ctrl)),
      wb_named(ctx, "rowMask", mlirIntegerAttrGet(i32, 0xf)),
      wb_named(ctx, "bankMask", mlirIntegerAttrGet(i32, 0xf)),
      wb_named(ctx, "boundCtrl", mlirBoolAttrGet(ctx, 1))};
  MlirValue ops[2] = {old, w};
  return wb_op1(&kb->b, "rocdl.update.dpp", 2, ops, i32, 4, at);
}

/* Every 32-bit word of the vector a through dpp_mov. */
static MlirValue dpp_words(fe_kb *kb, MlirValue a, int ctrl, bool zero_old) {
  wb_t *b = &kb->b;
  MlirType vt = mlirValueGetType(a), el;
  int64_t len;
  if (!wb_is_vec1d(vt, &len, &el) || (len * wb_type_bits(el)) % 32 ||
      len * wb_type_bits(el) / 32 > 16) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  int nw = (int)(len * wb_type_bits(el) / 32);
  MlirType i32 = wb_i32(kb->ctx);
  MlirValue w = wb_bitcast(b, a, wb_vec(nw, i32));
  MlirValue zero = zero_old ? wb_const_zero(b, i32) : (MlirValue){NULL};
  MlirValue out[16];
  for (int i = 0; i < nw; ++i) {
    MlirValue x = wb_extract(b, w, i);
    out[i] = dpp_mov(kb, x, ctrl, zero_old ? zero : x);
  }
  MlirValue words = wb_from_elements(b, nw, out, wb_vec(nw, i32));
  return wb_bitcast(b, words, vt);
}

MlirValue fe_decode_a_broadcast(fe_kb *kb, MlirValue a) {
  return dpp_words(kb, a, 0x150, false);
}

MlirValue fe_decode_a_shift(fe_kb *kb, MlirValue a, int q) {
  return q == 0 ? a : dpp_words(kb, a, 0x110 + 4 * q, true);
}

MlirValue fe_decode_a_row(fe_kb *kb, MlirValue abc, int q) {
  wb_t *b = &kb->b;
  int row = wmma_arch_acc_rows_interleaved(kb->arch) ? 2 * q : q;
  MlirValue r = wb_r_index(b);
  MlirValue at = kb_c(kb, row);
  MlirValue mine = wb_cmpi(b, WB_CMP_EQ, r, at);
  MlirValue zero = wb_const_zero(b, mlirValueGetType(abc));
  return wb_select(b, mine, abc, zero);
}

MlirValue fe_decode_unshare(fe_kb *kb, const MlirValue *shared, int j) {
  wb_t *b = &kb->b;
  MlirValue v = shared[j / ROWS_PER_ACC];
  MlirType vt = mlirValueGetType(v), el;
  int64_t len;
  if (!wb_is_vec1d(vt, &len, &el) || len != ROWS_PER_ACC) {
    kb->failed = 1;
    return (MlirValue){NULL};
  }
  MlirValue e[ROWS_PER_ACC];
  e[0] = wb_extract(b, v, j % ROWS_PER_ACC);
  for (int i = 1; i < ROWS_PER_ACC; ++i)
    e[i] = wb_const_zero(b, el);
  return wb_from_elements(b, ROWS_PER_ACC, e, vt);
}

/*===--- group scales shared by the lane halves --------------------------===*/

typedef struct {
  const fe_operand *o;
  int k_span, leaf, W, n;
  int node[FE_DECODE_MAX_SHARED_LOADS];
} halves_t;

static bool is_batch_loop(const fe_operand *o, int d) {
  for (int i = 0; i < o->nbatch; ++i)
    if (o->batch_loop[i] == d)
      return true;
  return false;
}

/* A load the halves can share: grouped along K by a multiple of the
 * iteration (one group per iteration), the columns innermost and
 * undivided, other indices fixed or batch; W / 2 elements whole words. */
static fe_walk halves_pre(const fe_graph *g, int n, void *ud) {
  halves_t *u = ud;
  const fe_node *x = &g->nodes[n];
  if (x->kind != FE_LOAD || n == u->leaf || !fe_load_grouped(x) ||
      u->n >= FE_DECODE_MAX_SHARED_LOADS || x->nmap < 1)
    return FE_WALK_NEXT;
  const fe_operand *o = u->o;
  const int last = x->nmap - 1;
  bool ok = x->map[last] == o->row_loop && x->div[last] == 0 &&
            (u->W / 2) * wb_type_bits(x->type) % 32 == 0;
  bool has_k = false;
  for (int j = 0; j < last && ok; ++j) {
    int d = x->map[j];
    if (d == FE_MAP_FIXED)
      continue;
    if (d == o->k_loop) {
      ok = x->div[j] > 0 && x->div[j] % u->k_span == 0;
      has_k = true;
    } else {
      ok = is_batch_loop(o, d) && x->div[j] == 0;
    }
  }
  for (int i = 0; i < u->n; ++i)
    ok &= u->node[i] != n;
  if (ok && has_k)
    u->node[u->n++] = n;
  return FE_WALK_NEXT;
}

/* The indices of a load grouped along K (node x of operand o): K index k
 * divided by the group, column col, the batch values. */
static void grouped_index(fe_kb *kb, const fe_operand *o, const fe_node *x,
                          MlirValue k, MlirValue col, const MlirValue *batch,
                          MlirValue *idx) {
  for (int j = 0; j < x->nmap; ++j) {
    int d = x->map[j];
    if (d == FE_MAP_FIXED)
      idx[j] = kb_c(kb, x->fixed[j]);
    else if (d == o->k_loop)
      idx[j] = wb_arith(&kb->b, "arith.divui", k, kb_c(kb, x->div[j]));
    else if (d == o->row_loop)
      idx[j] = col;
    else
      for (int i = 0; i < o->nbatch; ++i)
        if (o->batch_loop[i] == d)
          idx[j] = batch[i];
  }
}

void fe_decode_wide_halves(fe_kb *kb, const MlirValue *batch, MlirValue n0,
                           fe_decode_halves *hv) {
  const fe_operand *o = &kb->p->gemms[0].rhs;
  const int W = kb->b_col_step;
  hv->n = 0;
  if (W < 4 || kb->k_span < 16 || mlirValueIsNull(kb->k_base))
    return;
  halves_t u = {o, kb->k_span, o->leaf, W, 0, {0}};
  fe_graph_visit(&kb->p->g, o->node, 0, halves_pre, NULL, &u);
  wb_t *b = &kb->b;
  MlirValue h = wb_h_index(b);
  MlirValue low = wb_cmpi(b, WB_CMP_EQ, h, kb_c(kb, 0));
  /* Lane r + 16 h reads columns n0 + W r + (W / 2) h .. + W / 2 - 1. */
  MlirValue col = kb_add(kb, n0, kb_mulc(kb, wb_r_index(b), W));
  col = kb_add(kb, col, kb_mulc(kb, h, W / 2));
  MlirType i32 = wb_i32(kb->ctx);
  for (int q = 0; q < u.n; ++q) {
    const fe_node *x = &kb->p->g.nodes[u.node[q]];
    MlirValue idx[FE_MAX_RANK];
    grouped_index(kb, o, x, kb->k_base, col, batch, idx);
    MlirValue mine = wb_vload(b, wb_vec(W / 2, x->type), kb->args[x->arg],
                              x->nmap, idx);
    /* The other half's words (v_permlanex16), then the run in order:
     * half 0 holds its first half, half 1 its second. */
    const int nw = (W / 2) * wb_type_bits(x->type) / 32;
    MlirValue mw = wb_bitcast(b, mine, wb_vec(nw, i32));
    MlirValue words[16];
    for (int i = 0; i < nw; ++i) {
      MlirValue m = wb_extract(b, mw, i);
      MlirValue other = wb_xor16(b, m);
      words[i] = wb_select(b, low, m, other);
      words[nw + i] = wb_select(b, low, other, m);
    }
    MlirValue all = wb_from_elements(b, 2 * nw, words, wb_vec(2 * nw, i32));
    hv->node[q] = u.node[q];
    hv->run[q] = wb_bitcast(b, all, wb_vec(W, x->type));
  }
  hv->n = u.n;
}

void fe_decode_wide_bind(fe_kb *kb, const fe_decode_halves *hv, int j,
                         MlirValue leaf) {
  wb_t *b = &kb->b;
  int64_t len;
  MlirType el;
  kb->nbound = 0;
  if (!wb_is_vec1d(mlirValueGetType(leaf), &len, &el))
    return;
  for (int q = 0; q < hv->n; ++q) {
    MlirType rt = wb_elem_type(mlirValueGetType(hv->run[q]));
    MlirValue s = wb_extract(b, hv->run[q], j);
    kb->bound_node[q] = hv->node[q];
    kb->bound_val[q] = wb_broadcast(b, s, wb_vec(len, rt));
  }
  kb->nbound = hv->n;
}

/*===--- group scales shared by the waves of a group ---------------------===*/

int fe_decode_wide_group_halves(fe_kb *kb, const MlirValue *batch,
                                MlirValue n0, MlirValue kslice, int sharers,
                                int group, fe_decode_halves *hv) {
  const fe_operand *o = &kb->p->gemms[0].rhs;
  const int W = kb->b_col_step, S = kb->s->waves_m;
  hv->n = 0;
  if (W < 4 || sharers < 2 || S % sharers)
    return 0;
  /* Loads grouped by a multiple of the shared group: one row per group. */
  halves_t u = {o, group, o->leaf, W, 0, {0}};
  fe_graph_visit(&kb->p->g, o->node, 0, halves_pre, NULL, &u);
  if (!u.n || kb->nlds + u.n > 3)
    return 0;
  wb_t *b = &kb->b;
  const int part = W / (2 * sharers);
  for (int q = 0; q < u.n; ++q)
    if (part * wb_type_bits(kb->p->g.nodes[u.node[q]].type) % 32)
      return 0;
  /* The group's first K (clamped into K: idle slices read a real row). */
  MlirValue gk = kb_mulc(kb, wb_arith(b, "arith.divui", kslice,
                                      kb_c(kb, sharers)),
                         group);
  MlirValue klast = kb_addc(kb, kb_size(kb, kb->p->gemms[0].K), -1);
  MlirValue lt = wb_cmpi(b, WB_CMP_ULT, gk, klast);
  gk = wb_select(b, lt, gk, klast);
  MlirValue slot = wb_arith(b, "arith.divui", kb->wave, kb_c(kb, sharers));
  MlirValue mine = wb_arith(b, "arith.remui", kb->wave, kb_c(kb, sharers));
  /* Lane r + 16 h of sharer m loads columns W r + (W / 2) h + part m ..
   * + part - 1 of the block; every lane then reads its W from LDS. */
  MlirValue off = kb_mulc(kb, wb_r_index(b), W);
  MlirValue run0 = off;
  off = kb_add(kb, off, kb_mulc(kb, wb_h_index(b), W / 2));
  off = kb_add(kb, off, kb_mulc(kb, mine, part));
  MlirValue lds[FE_DECODE_MAX_SHARED_LOADS];
  for (int q = 0; q < u.n; ++q) {
    const fe_node *x = &kb->p->g.nodes[u.node[q]];
    MlirValue col = kb_add(kb, n0, off);
    MlirValue idx[FE_MAX_RANK];
    grouped_index(kb, o, x, gk, col, batch, idx);
    MlirValue v = wb_vload(b, wb_vec(part, x->type), kb->args[x->arg],
                           x->nmap, idx);
    int64_t shape[2] = {S / sharers, 16 * W};
    lds[q] = kb_lds(kb, 2, shape, x->type);
    MlirValue at[2] = {slot, off};
    wb_vstore(b, v, lds[q], 2, at);
  }
  wb_lds_barrier(b);
  for (int q = 0; q < u.n; ++q) {
    const fe_node *x = &kb->p->g.nodes[u.node[q]];
    MlirValue at[2] = {slot, run0};
    hv->node[q] = u.node[q];
    hv->run[q] = wb_vload(b, wb_vec(W, x->type), lds[q], 2, at);
  }
  hv->n = u.n;
  return kb->failed ? -1 : 0;
}
