/* The decode-attention template (flash decoding): attention with few query
 * tokens per head (M <= 16: one token at decode time, a few when decoding
 * speculatively) against a long KV cache, the query heads of a group
 * sharing one KV head (K and V read at h floordiv G: grouped-query
 * attention; G = 1 is multi-head attention).
 *
 * The attention template gives such a step one workgroup per head and 16
 * query rows per wave: the G heads of a group read K and V G times, and a
 * 2048-key cache is walked by one wave.  Here one workgroup serves one
 * (batch item, KV head, query token): the G query heads of the group are
 * the WMMA's 16 columns (padded), so K and V are read once, and the keys
 * are split across the workgroup's S waves:
 *   S^T = K Q^T    A = 16 keys x 16 of d from global memory (registers
 *                  staging: every element is used by one wave only),
 *                  B = Q^T (the group's heads as columns, loaded once
 *                  per workgroup by wave 0 and shared through LDS);
 *   online softmax per lane (lane l holds head l % 16 and 8 keys), as in
 *                  the attention template (Attention.c);
 *   O^T = V^T P^T  A = V^T tiles (V read transposed), B = P^T.
 * Wave s walks key blocks [s c, (s + 1) c), c = ceil(blocks / S).  The S
 * partial results (max m, sum l, unnormalised O^T) meet in LDS in rounds:
 * the round's waves store theirs, a barrier, and wave 0 merges them in
 * wave order -- m = max(m0, ms), O = O0 e^(m0 - m) + Os e^(ms - m), l
 * likewise: the log-sum-exp merge, in a fixed order, so the result is
 * deterministic -- then divides by l, runs the epilogue and stores the
 * group's heads (columns past the group are never stored).
 * When the workgroups so formed are too few (a step with 8 KV heads is 8
 * workgroups), the KV sequence is also split across P workgroups (wave_n
 * of the schedule; S and P chosen by the modelled time of both launches,
 * Schedule/AttentionCost.c, from the old rule's WAVES_PER_CU waves per CU
 * of the largest part): workgroup p takes slices p S .. p S + S - 1 of P S, balanced
 * over the run-time number of blocks, and wave 0 writes its merged
 * partial (m, l, unnormalised O^T) to a workspace instead of the output;
 * a second kernel (combine, one wave per workgroup of the first) merges
 * the P partials in order with the same rule, divides and stores
 * (Pass/ConvertSplit.c launches both).
 * This file plans and builds the kernel's structure (the key loop, the
 * split across workgroups, the combine kernel); DecodeAttentionWave.c
 * builds what a wave computes in it (Q^T, a key block's step, the merge
 * of the waves, the output store).
 * Keys past the run-time length score -inf (loads past it read zero);
 * masks in the scores (a causal mask against a run-time position, an
 * additive bias) are evaluated on the (head, key) tile like any score
 * expression. */
#include "Templates/Attention.h"
#include "Templates/DecodeAttention.h"
#include "Templates/DecodeSplit.h"
#include "Schedule/AttentionCost.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_QUERIES 16       /* query tokens per head (M) */
#define MAX_SPLIT 16         /* waves per workgroup (key slices) */
#define MIN_BLOCKS_PER_WAVE 2
#define WAVES_PER_CU 8
#define MAX_KV_SPLIT 64      /* workgroups per KV sequence */

/* The batch of the query heads: the one K and V read divided (h floordiv
 * G), else the innermost batch (G = 1).  -1 if there is none. */
static int head_batch(const fe_problem *p, int *group) {
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  *group = 1;
  for (int i = 0; i < g1->nbatch; ++i)
    if (g1->rhs.batch_div[i] > 1) {
      *group = g1->rhs.batch_div[i];
      return g2->rhs.batch_div[i] == *group ? i : -2;
    }
  return g1->nbatch - 1;
}

/* LDS of a workgroup of S waves: the merge's slots and Q^T shared. */
static int64_t lds_of(int S, int ndv, int nd, int fb4) {
  return S > 1 ? merge_capacity(S, ndv) * merge_slot_bytes(ndv) +
                     (int64_t)nd * 32 * fb4
               : 0;
}

/* VGPRs per lane: Q^T fragments, O^T accumulators, S^T, K/V fragments in
 * flight, P^T, addresses and loop state; RDNA3 at d = 256: Q^T held
 * compact (half the VGPRs) and replicated at each use (build:
 * q_compact). */
static int vgprs_of(const wmma_chip_info *chip, wmma_instr instr, int nd,
                    int ndv) {
  int fa = wmma_matrix_vgprs(chip->arch, instr, WMMA_MATRIX_A);
  int fb = wmma_matrix_vgprs(chip->arch, instr, WMMA_MATRIX_B);
  int v = nd * fb + ndv * 8 + 8 + 2 * fa + fb + 24;
  if (v > FE_VGPR_BUDGET && chip->arch == WMMA_ARCH_RDNA3)
    v -= nd * fb / 2;
  return v;
}

static int plan(const fe_problem *p, const wmma_chip_info *chip,
                const fe_options *o, fe_schedule *s, char *why, size_t cap) {
  if (!fe_shape_uses_wmma(p->shape))
    return fe_not_for_this_kind(why, cap);
  if (p->shape != FE_SHAPE_ATTENTION)
    return fe_why(why, cap, "the function is not attention");
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  if (!fe_size_static(g1->M) || g1->M.value > MAX_QUERIES)
    return fe_why(why, cap, "more than %d query tokens per head (not a "
                            "decode step)",
                  MAX_QUERIES);
  int G = 1, hb = head_batch(p, &G);
  if (hb == -2)
    return fe_why(why, cap, "K and V are read at different head groups");
  if (hb < 0)
    return fe_why(why, cap, "no batch dimension of heads to put in the "
                            "WMMA's columns");
  if (G > FE_ATOM_N)
    return fe_why(why, cap, "%d query heads per KV head (at most %d)", G,
                  FE_ATOM_N);
  if (!fe_size_static(g1->K) || g1->K.value % FE_ATOM_K ||
      !fe_size_static(g2->N) || g2->N.value % FE_ATOM_M)
    return fe_why(why, cap, "head dimensions must be static multiples of 16");
  int64_t d = g1->K.value, dv = g2->N.value;
  if (d > FE_ATOM_K * MAX_TILES || dv > FE_ATOM_M * MAX_TILES)
    return fe_why(why, cap, "head dimensions over %d", FE_ATOM_K * MAX_TILES);
  if (o->staging == WMMA_STAGING_LDS)
    return fe_why(why, cap, "staging=lds: decode attention reads K and V "
                            "into registers (each element once)");
  memset(s, 0, sizeof *s);
  s->template_name = fe_template_decode_attention.name;
  s->instr = fe_att_instr(chip, g1);
  if (s->instr == WMMA_INSTR_COUNT)
    return fe_why(why, cap, "no WMMA instruction for these types");
  const wmma_instr_info *ii = wmma_instr_get(s->instr);
  /* Workgroups: batch items x KV heads x query tokens. */
  double wgs = (double)g1->M.value;
  for (int i = 0; i < g1->nbatch; ++i) {
    double n = (double)fe_estimate(g1->batch[i]);
    wgs *= i == hb ? ceil(n / G) : n;
  }
  /* Key slices: the fewest waves giving the launch WAVES_PER_CU waves per
   * CU of the largest part, each slice at least MIN_BLOCKS_PER_WAVE
   * blocks. */
  double blocks = ceil((double)fe_estimate(g1->N) / KB);
  double need = (double)WAVES_PER_CU * chip->compute_units;
  int S = 1;
  while (S < MAX_SPLIT && wgs * S < need &&
         blocks / (2 * S) >= MIN_BLOCKS_PER_WAVE)
    S *= 2;
  /* Workgroups per KV sequence when the waves are still too few: each
   * wave at least one block of a static length (a run-time length's
   * slices past its end are empty). */
  int P = 1;
  if (wgs * S < need) {
    double most = fe_size_static(g1->N) ? floor(blocks / S) : MAX_KV_SPLIT;
    P = (int)ceil(need / (wgs * S));
    if (P > most)
      P = most < 1 ? 1 : (int)most;
    if (P > MAX_KV_SPLIT)
      P = MAX_KV_SPLIT;
  }
  if (o->pinned) {
    S = (int)o->pin.waves[0];
    P = (int)o->pin.wave_tile[1];
  } else {
    /* The old rule's choice, then the modelled time's (AttentionCost.c). */
    int nd = (int)(d / ii->k), ndv = (int)(dv / ii->m);
    int fb4 = wmma_matrix_vgprs(chip->arch, s->instr, WMMA_MATRIX_B) * 4;
    double kvh = wgs / (double)g1->M.value;
    fe_dattn_shape sh = {s->instr, wgs, kvh, blocks, fe_size_static(g1->N),
                         (int)d, (int)dv, G, wb_type_bits(g1->a_type) / 8,
                         vgprs_of(chip, s->instr, nd, ndv), MAX_SPLIT,
                         MAX_KV_SPLIT, MIN_BLOCKS_PER_WAVE, S, P};
    fe_dattn_choose(p, chip, o, &sh, fb4, chip->lds_bytes, lds_of, &S, &P);
  }
  if (S < 1 || S > MAX_SPLIT)
    return fe_why(why, cap, "1 to %d key slices per workgroup, got %d",
                  MAX_SPLIT, S);
  if (P < 1 || P > MAX_KV_SPLIT)
    return fe_why(why, cap, "1 to %d workgroups per KV sequence, got %d",
                  MAX_KV_SPLIT, P);
  s->staging = FE_STAGE_REGS;
  s->tile_m = FE_ATOM_N; /* the group's heads */
  s->tile_n = KB;
  s->k_step = ii->k;
  s->stages = 1;
  s->waves_m = S;
  s->waves_n = 1;
  s->wave_m = 1;
  s->wave_n = P; /* workgroups per KV sequence */
  s->threads = 32 * S;
  s->kacc = mlirF32TypeGet(mlirTypeGetContext(g1->a_type));
  s->acc_pack = 1;
  s->form = WMMA_FORM_ACC;
  s->m_tail = G < FE_ATOM_N;
  s->n_tail = !fe_size_static(g1->N) || g1->N.value % KB;
  int ndv = (int)(dv / ii->m);
  int fb4 = wmma_matrix_vgprs(chip->arch, s->instr, WMMA_MATRIX_B) * 4;
  /* The merge's slots and Q^T shared by the waves. */
  s->lds_bytes = lds_of(S, ndv, (int)(d / ii->k), fb4);
  s->vgprs = vgprs_of(chip, s->instr, (int)(d / ii->k), ndv);
  if (s->vgprs > FE_VGPR_BUDGET)
    return fe_why(why, cap, "head dimensions %lld x %lld need about %d VGPRs "
                            "(budget %d)",
                  (long long)d, (long long)dv, s->vgprs, FE_VGPR_BUDGET);
  if (s->lds_bytes > chip->lds_bytes)
    return fe_why(why, cap, "the merge needs %lld bytes of LDS",
                  (long long)s->lds_bytes);
  s->grid[0] = (fe_grid_dim){1, {{g1->M, 1}}};
  s->grid[1].nterms = P > 1;
  s->grid[1].t[0].size = fe_static(P);
  s->grid[1].t[0].div = 1;
  s->grid[2].nterms = g1->nbatch;
  for (int i = 0; i < g1->nbatch; ++i) {
    s->grid[2].t[i].size = g1->batch[i];
    s->grid[2].t[i].div = i == hb ? G : 1;
  }
  int eb = wb_type_bits(g1->a_type) / 8;
  double wmma = wgs * blocks * (d / ii->k + dv / ii->m);
  double bytes = wgs * blocks * KB * (d + dv) * eb;
  /* The split's partials: written once, read once by the merge. */
  bytes += P > 1 ? wgs * P * merge_slot_bytes(ndv) * 2 : 0;
  s->cost = fe_cost(chip, wgs * P, wmma, bytes);
  return 0;
}

/* The workspace of a split (wave_n > 1): per (batch items, query token,
 * workgroup p of the split) one merge slot -- (ndv + 1) x 32 lanes x 8
 * f32, as in LDS -- indexed [b..., token, p, slot]; the head batch keeps
 * the query's size (the group's first head indexes it). */
int fe_decode_attention_workspace(const fe_problem *p, const fe_schedule *s,
                                  fe_arg *w) {
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  const wmma_instr_info *ii = wmma_instr_get(s->instr);
  if (!ii || g1->nbatch + 3 > FE_MAX_RANK)
    return -1;
  memset(w, 0, sizeof *w);
  MlirContext ctx = mlirTypeGetContext(g1->a_type);
  w->is_buffer = true;
  w->elem = mlirF32TypeGet(ctx);
  w->rank = g1->nbatch + 3;
  for (int i = 0; i < g1->nbatch; ++i)
    w->shape[i] = g1->batch[i];
  w->shape[g1->nbatch] = g1->M;
  w->shape[g1->nbatch + 1] = fe_static(s->wave_n);
  w->shape[g1->nbatch + 2] =
      fe_static(merge_slot_bytes((int)(g2->N.value / ii->m)) / 4);
  fe_workspace_finish(p, w);
  return 0;
}

/*===--- the kernel -----------------------------------------------------------===*/

/* The batch values of block id z (row-major over the batches, the head
 * batch counting groups), the head batch at the group's first head. */
static void batch_of(fe_kb *kb, dat_t *a, MlirValue z) {
  const fe_gemm *g1 = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  MlirValue n[2];
  for (int i = 0; i < g1->nbatch; ++i)
    n[i] = i == a->hb ? kb_ceil_div(kb, g1->batch[i], a->group)
                      : kb_size(kb, g1->batch[i]);
  MlirValue v[2];
  if (g1->nbatch == 1) {
    v[0] = z;
  } else {
    v[0] = wb_arith(b, "arith.divui", z, n[1]);
    v[1] = wb_arith(b, "arith.remui", z, n[1]);
  }
  for (int i = 0; i < g1->nbatch; ++i)
    a->batch[i] = i == a->hb ? kb_mulc(kb, v[i], a->group) : v[i];
}

/*===--- the split across workgroups ------------------------------------===*/
/* The indices in the workspace (fe_workspace_value: the last kernel
 * argument of both launches) of slot element (part, t, lane) of this
 * workgroup's batch items and token (t = ndv: the lane's (m, l)). */

static void slot_index(fe_kb *kb, dat_t *a, MlirValue ws, MlirValue part,
                       int t, MlirValue *idx) {
  const fe_gemm *g1 = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  for (int i = 0; i < g1->nbatch; ++i)
    idx[i] = a->batch[i];
  idx[g1->nbatch] = a->query;
  idx[g1->nbatch + 1] = part;
  MlirValue lane = wb_lane_index(b);
  idx[g1->nbatch + 2] = kb_mulc(kb, kb_addc(kb, lane, 32 * t), 8);
  /* Lanes of the heads past the group (the columns lane % 16 >= G) move
   * past the buffer's end: their stores are dropped and loads read 0, so
   * only the group's partials are written and read. */
  if (a->group < FE_ATOM_N) {
    MlirValue col = wb_arith(b, "arith.remui", lane, kb_c(kb, FE_ATOM_N));
    MlirValue ok = wb_cmpi(b, WB_CMP_ULT, col, kb_c(kb, a->group));
    kb_note_oob(kb, ws);
    idx[0] = wb_select(b, ok, idx[0], wb_fat_buffer_oob(b, wb_dim(b, ws, 0)));
  }
}

/* Wave 0 of workgroup p writes the workgroup's merged (m, l, O^T). */
static void write_partial(fe_kb *kb, dat_t *a, MlirValue ws,
                          const MlirValue *st) {
  wb_t *b = &kb->b;
  MlirType f32 = mlirF32TypeGet(kb->ctx), v8 = kb_acc_vec(kb, f32);
  MlirValue stats[8];
  stats[0] = st[0];
  stats[1] = st[1];
  for (int i = 2; i < 8; ++i)
    stats[i] = wb_const_float(b, f32, 0.0);
  int rank = kb->p->gemms[0].nbatch + 3;
  for (int t = 0; t <= a->ndv; ++t) {
    MlirValue idx[FE_MAX_RANK];
    slot_index(kb, a, ws, kb_bid(kb, 1), t, idx);
    wb_vstore(b, t < a->ndv ? st[2 + t] : wb_from_elements(b, 8, stats, v8),
              ws, rank, idx);
  }
}

/* Partial `part`'s m (or l: which = 1) for this lane's head. */
static MlirValue partial_stat(fe_kb *kb, dat_t *a, MlirValue ws,
                              MlirValue part, int which) {
  MlirValue idx[FE_MAX_RANK];
  slot_index(kb, a, ws, part, a->ndv, idx);
  int last = kb->p->gemms[0].nbatch + 2;
  idx[last] = kb_addc(kb, idx[last], which);
  return wb_load(&kb->b, ws, last + 1, idx);
}

/* The second launch: one wave per workgroup of the first merges the P
 * partials with the log-sum-exp rule against their common maximum M:
 * O = sum_p e^(m_p - M) O_p / sum_p e^(m_p - M) l_p, each sum in part
 * order (deterministic).  One O^T tile at a time, stored as soon as it is
 * summed: no partial's tiles are ever all live (d = 256: 128 VGPRs). */
static int build_combine(fe_kb *kb, dat_t *a, int P) {
  wb_t *b = &kb->b;
  MlirValue ws = fe_workspace_value(kb);
  if (kb->failed)
    return -1;
  MlirType f32 = mlirF32TypeGet(kb->ctx), v8 = kb_acc_vec(kb, f32);
  int rank = kb->p->gemms[0].nbatch + 3;
  MlirValue c0 = kb_c(kb, 0), c1 = kb_c(kb, 1), cp = kb_c(kb, P);
  wb_loop l;
  MlirValue m = wb_const_float(b, f32, -INFINITY);
  if (!wb_for_begin(b, &l, c0, cp, c1, 1, &m))
    return -1;
  m = wb_arith(b, "arith.maximumf", l.iter[0],
               partial_stat(kb, a, ws, l.iv, 0));
  wb_for_end(b, &l, 1, &m);
  MlirValue sh = fe_dattn_shift_of(kb, wb_loop_result(&l, 0));
  MlirValue sum = wb_const_float(b, f32, 0.0);
  if (!wb_for_begin(b, &l, c0, cp, c1, 1, &sum))
    return -1;
  MlirValue w = fe_att_exp_minus(kb, partial_stat(kb, a, ws, l.iv, 0), sh);
  sum = wb_arith(b, "arith.addf", l.iter[0],
                 wb_arith(b, "arith.mulf", partial_stat(kb, a, ws, l.iv, 1), w));
  wb_for_end(b, &l, 1, &sum);
  MlirValue ls = fe_att_splat(kb, wb_loop_result(&l, 0));
  for (int t = 0; t < a->ndv; ++t) {
    MlirValue o = kb_fill_zero(kb, kb->atom);
    if (!wb_for_begin(b, &l, c0, cp, c1, 1, &o))
      return -1;
    MlirValue idx[FE_MAX_RANK];
    slot_index(kb, a, ws, l.iv, t, idx);
    MlirValue wt = fe_att_exp_minus(kb, partial_stat(kb, a, ws, l.iv, 0), sh);
    MlirValue part = wb_vload(b, v8, ws, rank, idx);
    part = wb_arith(b, "arith.mulf", part, fe_att_splat(kb, wt));
    o = wb_arith(b, "arith.addf", l.iter[0], part);
    wb_for_end(b, &l, 1, &o);
    MlirValue sum_t = wb_loop_result(&l, 0);
    fe_dattn_store_output(kb, a, t, wb_arith(b, "arith.divf", sum_t, ls));
  }
  return kb->failed ? -1 : 0;
}

/* O^T / l stored for the group's heads. */
static void store_outputs(fe_kb *kb, dat_t *a, const MlirValue *st) {
  MlirValue ls = fe_att_splat(kb, st[1]);
  for (int t = 0; t < a->ndv; ++t)
    fe_dattn_store_output(kb, a, t,
                          wb_arith(&kb->b, "arith.divf", st[2 + t], ls));
}

static int build(fe_kb *kb) {
  const fe_problem *p = kb->p;
  const fe_schedule *s = kb->s;
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  wb_t *b = &kb->b;
  const int S = s->waves_m;
  dat_t a;
  memset(&a, 0, sizeof a);
  a.hb = head_batch(p, &a.group);
  if (a.hb < 0)
    return -1;
  a.nd = (int)(g1->K.value / kb->atom_k);
  a.ndv = (int)(g2->N.value / kb->atom_m);
  a.masked = s->n_tail;
  /* The plan's VGPR estimate with full Q^T fragments (RDNA3 at d = 256). */
  {
    int fa = wmma_matrix_vgprs(kb->arch, s->instr, WMMA_MATRIX_A);
    int fb = wmma_matrix_vgprs(kb->arch, s->instr, WMMA_MATRIX_B);
    a.q_compact = kb->ab_layout == WMMA_LAYOUT_HW &&
                  fe_dattn_q_is_plain(kb) &&
                  a.nd * fb + a.ndv * 8 + 8 + 2 * fa + fb + 24 > FE_VGPR_BUDGET;
  }
  batch_of(kb, &a, kb_bid(kb, 2));
  a.query = kb_bid(kb, 0);
  const int P = s->wave_n > 1 ? s->wave_n : 1;
  if (s->combine)
    return build_combine(kb, &a, P);
  MlirValue ws = P > 1 ? fe_workspace_value(kb) : (MlirValue){NULL};
  if (kb->failed)
    return -1;
  if (S > 1) {
    if (fe_dattn_q_shared(kb, &a))
      return -1;
  } else {
    for (int c = 0; c < a.nd; ++c)
      a.qf[c] = fe_dattn_q_fragment(kb, &a, c);
  }
  /* This wave's key blocks [lo, hi). */
  MlirValue nblk = kb_ceil_div(kb, g1->N, KB);
  MlirValue lo, hi;
  if (P == 1) {
    MlirValue per = wb_ceil_div_const(b, nblk, S);
    lo = wb_min_index(b, wb_muli(b, kb->wave, per), nblk);
    hi = wb_min_index(b, wb_addi(b, lo, per), nblk);
  } else {
    /* Slice p S + wave of P S, balanced: floor(i nblk / (P S)). */
    MlirValue slice = wb_addi(b, kb_mulc(kb, kb_bid(kb, 1), S), kb->wave);
    MlirValue total = kb_c(kb, (int64_t)P * S);
    lo = wb_arith(b, "arith.divui", wb_muli(b, slice, nblk), total);
    hi = wb_arith(b, "arith.divui", wb_muli(b, kb_addc(kb, slice, 1), nblk),
                  total);
  }
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  const int ns = 2 + a.ndv;
  MlirValue st[NSTATE];
  st[0] = wb_const_float(b, f32, p->att.max_init);
  st[1] = wb_const_float(b, f32, 0.0);
  for (int t = 0; t < a.ndv; ++t)
    st[2 + t] = kb_fill_zero(kb, kb->atom);
  wb_loop l;
  if (!wb_for_begin(b, &l, lo, hi, kb_c(kb, 1), ns, st))
    return -1;
  memcpy(st, l.iter, sizeof(MlirValue) * (size_t)ns);
  fe_dattn_block(kb, &a, kb_mulc(kb, l.iv, KB), st);
  wb_for_end(b, &l, ns, st);
  for (int i = 0; i < ns; ++i)
    st[i] = wb_loop_result(&l, i);
  if (S > 1 && fe_dattn_merge_waves(kb, &a, S, st))
    return -1;
  wb_if ep;
  if (!wb_if_begin(b, &ep, wb_cmpi(b, WB_CMP_EQ, kb->wave, kb_c(kb, 0)), 0,
                   NULL, false))
    return -1;
  if (P > 1)
    write_partial(kb, &a, ws, st);
  else
    store_outputs(kb, &a, st);
  wb_if_end(b, &ep, 0, NULL);
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_decode_attention = {"decode_attention", plan,
                                                  build};
