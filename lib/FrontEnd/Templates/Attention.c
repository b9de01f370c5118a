/* The attention template (flash attention): O = softmax(score(Q K^T)) V
 * with S and P never leaving registers.
 *
 * One workgroup of 1, 2, 4 or 8 waves per (batch item, 16 query rows per
 * wave: the schedule's tile[0], AttentionPlan.c); each wave owns 16
 * queries.  Everything is computed transposed so that one lane holds
 * one query.  The KV loop walks blocks of 16, 32 or 64 keys (the
 * schedule's tile[1]), each one to four 16-key tiles:
 *   S^T = K Q^T    A = a 16-key tile of K (from LDS), B = Q^T (the wave's
 *                  Q fragments, loaded once, kept in registers); in the
 *                  accumulator layout lane l holds query l % 16 and 8 keys
 *                  (RDNA4: keys 8h..8h+7, RDNA3: 2v+h, h = l / 16);
 *   online softmax per lane, once per block: the row max and sum over
 *                  the block's keys in the lane (8 per tile), then across
 *                  the halves with one v_permlanex16 each (lane l and
 *                  l ^ 16 hold the same query);
 *   O^T = V^T P^T  A = a block of V^T (LDS holds V transposed), B = P^T,
 *                  which is S^T's layout: no cross-lane move on RDNA4;
 *                  on RDNA3 4 v_permlanex16 per tile with V^T's keys
 *                  stored in the accumulator's pair order
 *                  (p_operand_pairs; the planner's relayout when V
 *                  is not copied by the WMMA transpose); the running
 *                  O^T accumulators are rescaled per lane once per
 *                  block (each lane's correction is its own query's).
 * K and V blocks are streamed through the schedule's `stages` LDS buffers
 * shared by the waves (Kernel/Pipelined.c), the block stages - 1 ahead
 * loaded from global memory while the current one is multiplied.  Keys
 * past the end score -inf (in the partial block only, run after the
 * loop's full blocks, unless a causal stop ends the loop inside the
 * keys); a causal mask (keys after the
 * query masked by an index comparison) ends the workgroup's key loop at
 * its last query.  Numerics: the running max starts where the
 * function's max-reduction does (-inf, or its finite start); a block
 * whose scores are all -inf uses 0 as its max so that exp(-inf - max) is
 * 0, never NaN; a row masked everywhere ends as 0 / 0, which is what the
 * linalg program computes for it (NaN). */
#include "Kernel/Kernel.h"
#include "Templates/Attention.h"
#include "Templates/AttentionPrefill.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The pipeline's callbacks (Kernel/Pipelined.c): slice s is the block of
 * keys from s * keys-per-block.  Without a causal stop the loop visits
 * the full blocks and a masked partial one last (the pipeline's tail), so
 * the steady-state loop neither masks loads nor scores; with one, blocks
 * up to the workgroup's last query may end inside the keys, and each is
 * masked when the key count may not be a multiple of the block. */
/* K's block at key0 with key0's rows as the loads' scalar offset (an
 * SGPR), the lanes' offsets loop-invariant: LLVM otherwise adds the
 * block's offset to each lane's in VALU, and where loop strength
 * reduction makes the immediate offsets negative, one v_add per load
 * (the causal d = 128 diagonal-first loop on gfx1100, 2 heads x 256 x
 * 1024: 578 -> 565 instructions for 72 WMMAs, 1 -> 0 VGPRs spilled with
 * the rows' step as immediate offsets).  False
 * where the copy is not a vector copy of a buffer whose offsets fit. */
static bool load_k_scalar(fe_kb *kb, att_t *a, MlirValue key0, bool masked) {
  const fe_lds_copy *cp = &a->kblk;
  const fe_operand *o = cp->o;
  const fe_arg *ar = &kb->p->args[o->arg];
  int64_t c;
  int step = fe_lds_copy_row_step(cp, kb->s->threads);
  if (!a->k_scalar || masked || !step || wb_const_value(key0, &c) ||
      o->mem_row > o->mem_k || !fe_lds_copy_soffset_stride(kb, cp))
    return false;
  int64_t row_stride = 1;
  for (int d = o->mem_row + 1; d < ar->rank; ++d)
    row_stride *= ar->shape[d].value;
  for (int i = 0; i < cp->chunks; ++i) {
    MlirValue idx[FE_MAX_RANK];
    kb_operand_origin(kb, o, a->batch, idx);
    idx[o->mem_row] = kb_addc(kb, cp->ld_row[0], (int64_t)step * i);
    idx[o->mem_k] = cp->ld_col[0];
    a->pk[i] = fe_lds_copy_soffset_load(kb, cp, idx, key0, row_stride,
                                        cp->lay.vec);
  }
  return true;
}

static void prefetch_block(fe_kb *kb, void *ud, MlirValue slice, bool masked) {
  att_t *a = ud;
  if (!mlirValueIsNull(a->slice0))
    slice = kb_add(kb, slice, a->slice0);
  MlirValue key0 = kb_mulc(kb, slice, a->keys);
  bool m = a->tail_peeled ? masked : a->key_tail;
  if (!load_k_scalar(kb, a, key0, m))
    fe_lds_copy_load(kb, &a->kblk, a->batch, key0, kb_c(kb, 0), m, a->pk);
  fe_lds_copy_load(kb, &a->vblk, a->batch, kb_c(kb, 0), key0, m, a->pv);
}

static void store_block(fe_kb *kb, void *ud, MlirValue buf) {
  att_t *a = ud;
  fe_lds_copy_store(kb, &a->kblk, buf, a->pk);
  fe_lds_copy_store(kb, &a->vblk, buf, a->pv);
}

static void compute_block(fe_kb *kb, void *ud, MlirValue slice, MlirValue buf,
                          bool masked, MlirValue *st) {
  att_t *a = ud;
  if (!mlirValueIsNull(a->slice0))
    slice = kb_add(kb, slice, a->slice0);
  MlirValue key0 = kb_mulc(kb, slice, a->keys);
  bool mask = a->tail_peeled ? masked : a->key_tail;
  if (!a->diag_per_tile) {
    fe_att_block(kb, a, buf, key0, mask, st);
    return;
  }
  /* A diagonal block one 16-key tile at a time: a masked tile's scores,
   * compare and select next to the prefetched block fit where the masked
   * block of all its tiles spills. */
  int nkt = a->nkt;
  a->nkt = 1;
  for (int kt = 0; kt < nkt; ++kt) {
    a->tile0 = kt;
    fe_att_block(kb, a, buf, kt ? kb_addc(kb, key0, KT * kt) : key0, mask,
                 st);
  }
  a->nkt = nkt;
  a->tile0 = 0;
}

/* One step of a pipeline over LDS buffers: with fetch, the block at
 * slice `fetch` loaded while block `slice` is computed from buffer buf,
 * then stored into fbuf and published by a barrier. */
static void step(fe_kb *kb, att_t *a, MlirValue slice, int buf,
                 MlirValue fetch, int fbuf, MlirValue *st) {
  bool more = !mlirValueIsNull(fetch);
  if (more)
    prefetch_block(kb, a, fetch, false);
  compute_block(kb, a, slice, kb_c(kb, buf), false, st);
  if (more) {
    store_block(kb, a, kb_c(kb, fbuf));
    wb_lds_barrier(&kb->b);
  }
}

/* From the unmasked blocks to the diagonal's: the causal select's scores,
 * the running max of the scaled scores when the scale was folded (fl(c x)
 * is monotonic in x), the running sum's lane halves added when the
 * diagonal's blocks keep the row's whole sum. */
static void to_diagonal(fe_kb *kb, att_t *a, bool per_tile, MlirValue *st) {
  wb_t *b = &kb->b;
  const fe_problem *p = kb->p;
  a->score = p->att.score;
  if (a->fold > 0)
    st[0] = wb_arith(b, "arith.mulf", st[0],
                     wb_const_float(b, mlirF32TypeGet(kb->ctx), a->fold));
  a->fold = fe_att_score_factor(p, a->score);
  if (a->pairs && per_tile) {
    st[1] = wb_arith(b, "arith.addf", st[1], fe_att_other_half(kb, st[1]));
    a->pairs = false;
  }
  a->diag_per_tile = per_tile;
}

/* The unmasked blocks 0 .. ub (i32, even) in a loop unrolled by the two
 * buffers (constant buffer addresses), each step prefetching the next
 * block; st carries the online softmax's state in and out. */
static int unmasked_pairs(fe_kb *kb, att_t *a, MlirValue ub, int ns,
                          MlirValue *st) {
  wb_t *b = &kb->b;
  MlirValue lb = wb_const_i32(b, 0);
  MlirValue two = wb_const_i32(b, 2);
  wb_loop l;
  if (!wb_for_begin(b, &l, lb, ub, two, ns, st))
    return -1;
  MlirValue iv = wb_cast(b, "arith.index_castui", l.iv, wb_index(kb->ctx));
  MlirValue it[NSTATE];
  memcpy(it, l.iter, sizeof(MlirValue) * (size_t)ns);
  for (int j = 0; j < 2; ++j) {
    MlirValue slice = kb_addc(kb, iv, j);
    step(kb, a, slice, j, kb_addc(kb, slice, 1), 1 - j, it);
  }
  wb_for_end(b, &l, ns, it);
  for (int t = 0; t < ns; ++t)
    st[t] = wb_loop_result(&l, t);
  return 0;
}

/* The workgroup's ndiag diagonal blocks from nbelow, in buffers known
 * statically, each prefetching the next but the last. */
static void diagonal_steps(fe_kb *kb, att_t *a, MlirValue nbelow, int ndiag,
                           MlirValue *st) {
  for (int j = 0; j < ndiag; ++j) {
    MlirValue slice = kb_addc(kb, nbelow, j);
    step(kb, a, slice, j % 2,
         j + 1 < ndiag ? kb_addc(kb, slice, 1) : (MlirValue){NULL},
         (j + 1) % 2, st);
  }
}

/* The causal split as one pipeline of two buffers when the workgroup's
 * ndiag diagonal blocks are even in number (so are the nbelow blocks
 * before them, a multiple of ndiag): the unmasked blocks in a loop
 * unrolled by the buffers (constant buffer addresses, the dense loop's
 * body), its last step prefetching the first diagonal block, then the
 * diagonal's blocks, each one tile at a time, in buffers known
 * statically.  No second prologue and no drain of the unmasked loop: the
 * values the diagonal's loads need stay live across one loop only
 * (measured at d = 128 on gfx1100: two pipelines spill 12 VGPRs). */
static int split_pipeline(fe_kb *kb, att_t *a, MlirValue nbelow, int ndiag,
                          bool per_tile, int ns, MlirValue *st) {
  wb_t *b = &kb->b;
  MlirType i32 = wb_i32(kb->ctx);
  prefetch_block(kb, a, kb_c(kb, 0), false);
  store_block(kb, a, kb_c(kb, 0));
  wb_lds_barrier(b);
  MlirValue ub = wb_cast(b, "arith.index_castui", nbelow, i32);
  if (unmasked_pairs(kb, a, ub, ns, st))
    return -1;
  to_diagonal(kb, a, per_tile, st);
  diagonal_steps(kb, a, nbelow, ndiag, st);
  return kb->failed ? -1 : 0;
}

/* From the diagonal's blocks (the causal select's scores) to the
 * unmasked ones: the running max into the unmasked scores' domain (their
 * scale folded into the exponential), the running sum split over the
 * lane halves when the unmasked blocks keep it per half (each half holds
 * the row's; halved exactly, so their sum is the row's). */
static void from_diagonal(fe_kb *kb, att_t *a, int below, bool pairs,
                          MlirValue *st) {
  wb_t *b = &kb->b;
  const fe_problem *p = kb->p;
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  double c_old = a->fold > 0 ? a->fold : 1.0;
  a->score = below;
  a->fold = fe_att_score_factor(p, below);
  double c_new = a->fold > 0 ? a->fold : 1.0;
  if (c_old != c_new)
    st[0] = wb_arith(b, "arith.mulf", st[0],
                     wb_const_float(b, f32, c_old / c_new));
  if (pairs)
    st[1] = wb_arith(b, "arith.mulf", st[1], wb_const_float(b, f32, 0.5));
  a->pairs = pairs;
  a->diag_per_tile = false;
}

/* The causal split with the diagonal first (RDNA3, two buffers): the
 * workgroup's ndiag (even) diagonal blocks, each a tile at a time, then
 * block 0 loaded by a prologue of its own (one block's load latency per
 * workgroup) and the nbelow unmasked blocks in a loop unrolled by the
 * buffers, its last pair peeled (no prefetch past them).  Nothing the diagonal needs is live across the loop, which is
 * the dense one's (softmax order does not change the result).  Measured
 * at d = 128 with 32-key blocks on gfx1100 (2 heads x 256 x 1024): the
 * diagonal after the loop 578 instructions for 72 WMMAs and 7 VGPRs
 * spilled, before it 578 and none (with the last diagonal step
 * prefetching block 0 instead of a second prologue: 572 and 15 spilled,
 * in the diagonal's code); then K's offsets scalar (load_k_scalar) and
 * the epilogue's query opaque: 568, none, at 512 x 512 and 1024 x 1024
 * too (3 spilled without the opaque query). */
static int diagonal_first(fe_kb *kb, att_t *a, MlirValue nbelow, int ndiag,
                          int below, bool pairs, int ns, MlirValue *st) {
  wb_t *b = &kb->b;
  a->k_scalar = true;
  prefetch_block(kb, a, nbelow, false);
  store_block(kb, a, kb_c(kb, 0));
  wb_lds_barrier(b);
  a->score = kb->p->att.score;
  a->fold = fe_att_score_factor(kb->p, a->score);
  a->diag_per_tile = true;
  a->pairs = false;
  diagonal_steps(kb, a, nbelow, ndiag, st);
  from_diagonal(kb, a, below, pairs, st);
  wb_lds_barrier(b);
  prefetch_block(kb, a, kb_c(kb, 0), false);
  store_block(kb, a, kb_c(kb, 0));
  wb_lds_barrier(b);
  MlirType i32 = wb_i32(kb->ctx);
  MlirValue n32 = wb_cast(b, "arith.index_castui", nbelow, i32);
  MlirValue ub = wb_arith(b, "arith.subi", n32, wb_const_i32(b, 2));
  if (unmasked_pairs(kb, a, ub, ns, st))
    return -1;
  /* The last pair, when there are unmasked blocks. */
  MlirType types[NSTATE];
  for (int t = 0; t < ns; ++t)
    types[t] = mlirValueGetType(st[t]);
  wb_if f;
  MlirValue any = wb_cmpi(b, WB_CMP_NE, nbelow, kb_c(kb, 0));
  if (!wb_if_begin(b, &f, any, ns, types, true))
    return -1;
  MlirValue in[NSTATE];
  memcpy(in, st, sizeof(MlirValue) * (size_t)ns);
  MlirValue last = kb_addc(kb, nbelow, -2);
  step(kb, a, last, 0, kb_addc(kb, last, 1), 1, st);
  step(kb, a, kb_addc(kb, last, 1), 1, (MlirValue){NULL}, 0, st);
  wb_if_else(b, &f, ns, st);
  wb_if_end(b, &f, ns, in);
  for (int t = 0; t < ns; ++t)
    st[t] = mlirOperationGetResult(f.op, t);
  return kb->failed ? -1 : 0;
}

static int build(fe_kb *kb) {
  const fe_problem *p = kb->p;
  const fe_schedule *s = kb->s;
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  wb_t *b = &kb->b;
  att_t *a = calloc(1, sizeof *a);
  if (!a)
    return -1;
  a->nd = (int)(g1->K.value / kb->atom_k);
  a->ndv = (int)(g2->N.value / kb->atom_m);
  a->keys = s->tile_n;
  a->nkt = a->keys / KT;
  /* Blocks of several key tiles without a causal stop: the exponentials'
   * shift and the O^T correction in register pairs (copy_pair), the
   * running sum per lane half.  Measured (2 heads, 256 x 1024, loop
   * instructions for 72 WMMAs): d = 64 gfx1100 692 -> 689, gfx1201
   * 567 -> 519; d = 128 gfx1100 605 -> 575, gfx1201 482 -> 460.  With a
   * causal stop split into two pipelines they cost the 16-key gfx1100
   * loop (248 -> 257 for 18 WMMAs) and spill 14 VGPRs on gfx1201 at
   * d = 128; in one pipeline (split_pipeline) they pay as without a
   * stop (gfx1201, d = 128, 256 x 1024: 513 -> 473 for 72 WMMAs). */
  int ndiag = s->tile_m / a->keys;
  bool split = s->causal && fe_att_causal_split(p, kb->arch, s->tile_m,
                                                a->keys, s->stages);
  bool one_pipe = split && s->stages == 2 && ndiag % 2 == 0;
  bool per_tile = split && fe_att_causal_diag_per_tile(p, kb->arch, s->tile_m,
                                                       a->keys);
  bool first = one_pipe && fe_att_causal_diag_first(p, kb->arch, s->tile_m,
                                                    a->keys, s->stages);
  a->pairs = a->nkt > 1 && (!s->causal || one_pipe);
  a->key_tail = s->n_tail;
  a->tail_peeled = s->n_tail && !s->causal;
  a->score = p->att.score;
  a->fold = fe_att_score_factor(p, a->score);
  kb_batch_from_z(kb, g1, kb_bid(kb, 2), a->batch);
  MlirValue qwg = kb_mulc(kb, kb_bid(kb, 0), s->tile_m);
  a->q0 = kb_add(kb, qwg, kb_mulc(kb, kb->wave, QPW));
  /* K and V^T blocks in padded, K-contiguous LDS tiles (LdsLayout.c),
   * copied by the GEMMs' cooperative copy (LdsCopy.c: V, stored with its
   * value dim contiguous, is transposed by the identity WMMA). */
  MlirType in = g1->a_type;
  int bits = wb_type_bits(in);
  fe_lds_layout yk = fe_lds_layout_get(kb->arch, bits, (int)g1->K.value);
  fe_lds_layout yv = fe_lds_layout_get(kb->arch, bits, a->keys);
  int64_t sk[3] = {s->stages, a->keys, yk.stride},
          sv[3] = {s->stages, g2->N.value, yv.stride};
  if (fe_lds_copy_init(kb, &a->kblk, &g1->rhs, a->keys, (int)g1->K.value,
                       kb_lds(kb, 3, sk, in), false, s->copy[0]) ||
      fe_lds_copy_init(kb, &a->vblk, &g2->rhs, (int)g2->N.value, a->keys,
                       kb_lds(kb, 3, sv, in), false, s->copy[1])) {
    free(a);
    return -1;
  }
  /* RDNA3 (replicated B, accumulator rows 2v + h) with V^T transposed
   * by the WMMA copy: V^T's keys stored in sigma order, which P^T then
   * takes without moving 16-bit halves (p_operand_pairs). */
  {
    MlirAttribute to = kb_frag(kb, WMMA_MATRIX_B, kb->ab_layout, true, kb->atom);
    int64_t n = 0;
    MlirType el = (MlirType){NULL};
    bool fits = !mlirAttributeIsNull(to) &&
                wb_is_vec1d(wmmaFragAttrGetVectorType(to), &n, &el) &&
                n == 16 && wb_type_bits(el) == 16;
    a->p_pairs = fits && wmma_arch_replicates_ab(kb->arch) &&
                 wmma_arch_acc_rows_interleaved(kb->arch) &&
                 fe_lds_copy_swap_k_pairs(kb, &a->vblk);
  }
  /* The wave's Q^T fragments (queries past the end read zeros). */
  for (int c = 0; c < a->nd; ++c)
    a->qf[c] = kb_operand_tile(kb, &g1->lhs, WMMA_MATRIX_B, a->batch, a->q0,
                               kb_c(kb, kb->atom_k * c), s->m_tail);
  /* Key blocks to visit: the full ones and a partial one last (the
   * pipeline's tail), or with a causal stop all up to the workgroup's
   * last query. */
  MlirValue nblk;
  if (!a->tail_peeled) {
    nblk = kb_ceil_div(kb, g1->N, a->keys);
  } else if (fe_size_static(g1->N)) {
    nblk = kb_c(kb, g1->N.value / a->keys);
  } else {
    MlirValue keys = kb_size(kb, g1->N);
    nblk = wb_arith(b, "arith.divui", keys, kb_c(kb, a->keys));
  }
  if (s->causal)
    nblk = wb_min_index(
        b, nblk, wb_ceil_div_const(b, kb_addc(kb, qwg, s->tile_m), a->keys));
  /* State. */
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  int ns = 2 + a->ndv;
  MlirValue fin[NSTATE];
  fin[0] = wb_const_float(b, f32, kb->p->att.max_init);
  fin[1] = wb_const_float(b, f32, 0.0);
  for (int t = 0; t < a->ndv; ++t)
    fin[2 + t] = kb_fill_zero(kb, kb->atom);
  /* Blocks 0 .. nblk-1 (none when there are no keys), each prefetching
   * the one stages - 1 ahead. */
  kb_pipeline pl = {
      .stages = s->stages,
      .nfull = nblk,
      .tail = a->tail_peeled,
      .max_slices = fe_size_static(g1->N)
                        ? (g1->N.value + a->keys - 1) / a->keys
                        : -1,
      /* Unrolled by the buffers where the block count is static: every
       * block's LDS buffer a constant (no buffer address arithmetic in
       * the loop); the odd block before it. */
      .unroll = KB_UNROLL_REST_FIRST,
      .nstate = ns,
      .ud = a,
      .prefetch = prefetch_block,
      .store = store_block,
      .compute = compute_block,
  };
  /* A causal stop where every workgroup's diagonal blocks exist in full
   * (static sizes, no key tail, keys >= the queries rounded up to a
   * workgroup): the blocks before the workgroup's first query need no
   * mask, so they run first with the select's unmasked operand as the
   * scores (no compare and select per score, the scale folded into the
   * exponential), and the workgroup's tile_m / keys diagonal blocks after
   * them, masked and unrolled: in the same pipeline when they are even
   * in number (split_pipeline), else in a second one (one barrier and
   * one block's load of latency more per workgroup). */
  int below = fe_att_causal_unmasked(&p->g, p->att.score);
  if (one_pipe) {
    a->score = below;
    a->fold = fe_att_score_factor(p, below);
    MlirValue nbelow = kb_mulc(kb, kb_bid(kb, 0), ndiag);
    if (first ? diagonal_first(kb, a, nbelow, ndiag, below, a->pairs, ns, fin)
              : split_pipeline(kb, a, nbelow, ndiag, per_tile, ns, fin)) {
      free(a);
      return -1;
    }
  } else if (split) {
    MlirValue nbelow = kb_mulc(kb, kb_bid(kb, 0), s->tile_m / a->keys);
    a->score = below;
    a->fold = fe_att_score_factor(p, below);
    pl.nfull = nbelow;
    pl.max_slices = g1->N.value / a->keys;
    if (kb_pipelined_loop(kb, &pl, fin)) {
      free(a);
      return -1;
    }
    /* The last blocks' readers retire before the diagonal's first
     * stores; the running max, taken on the unscaled product when the
     * scale is folded, becomes the max of the scaled scores the
     * diagonal's blocks compare with it (fl(c x) is monotonic in x). */
    wb_lds_barrier(b);
    to_diagonal(kb, a, false, fin);
    a->slice0 = nbelow;
    pl.nfull = kb_c(kb, s->tile_m / a->keys);
  }
  if (!one_pipe && kb_pipelined_loop(kb, &pl, fin)) {
    free(a);
    return -1;
  }
  /* O = O^T / l, the epilogue on each (query, value-dim) tile. */
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    free(a);
    return -1;
  }
  if (a->pairs)
    fin[1] = wb_arith(b, "arith.addf", fin[1], fe_att_other_half(kb, fin[1]));
  MlirValue ls = fe_att_splat(kb, fin[1]);
  /* After the diagonal-first pipeline the wave's first query as an opaque
   * SGPR: the output's addresses are then computed here, where LLVM
   * otherwise shares them with Q^T's loads before the loop and keeps
   * them live across it (d = 128, 32-key blocks on gfx1100: 3 VGPRs
   * spilled at 512 x 512, 0 at 256 x 1024 by allocation luck; its dense
   * and RDNA4 loops lose by it: 575 -> 582, 13 spilled). */
  MlirValue q0 = first ? fe_att_opaque_index(kb, a->q0) : a->q0;
  for (int t = 0; t < a->ndv; ++t) {
    kb_memo_clear(&m);
    fe_tile ot;
    kb_output_tile(kb, &ot, a->batch, q0, kb_c(kb, kb->atom_m * t), true);
    kb_bind_product(kb, &m, g2->prod,
                    wb_arith(b, "arith.divf", fin[2 + t], ls));
    kb_store_output(kb, &ot, kb_eval(kb, &m, &ot, p->root), s->m_tail);
  }
  kb_memo_free(&m);
  free(a);
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_attention = {"attention", fe_att_prefill_plan,
                                           build};
