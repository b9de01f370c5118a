/* The attention template (flash attention): O = softmax(score(Q K^T)) V
 * with S and P never leaving registers.
 *
 * One workgroup of 4 waves per (batch item, 64 query rows); each wave owns
 * 16 queries.  Everything is computed transposed so that one lane holds
 * one query:
 *   S^T = K Q^T    A = a 16-key block of K (from LDS), B = Q^T (the wave's
 *                  Q fragments, loaded once, kept in registers); in the
 *                  accumulator layout lane l holds query l % 16 and 8 keys
 *                  (RDNA4: keys 8h..8h+7, RDNA3: 2v+h, h = l / 16);
 *   online softmax per lane: the row max and sum over the 8 keys in the
 *                  lane, then across the halves with one v_permlanex16 each
 *                  (lane l and l ^ 16 hold the same query);
 *   O^T = V^T P^T  A = a block of V^T (LDS holds V transposed), B = P^T,
 *                  which is S^T's layout: no cross-lane move on RDNA4, the
 *                  planner's v_permlanex16 relayout on RDNA3; the running
 *                  O^T accumulators are rescaled per lane (each lane's
 *                  correction is its own query's).
 * K and V blocks are streamed through the schedule's `stages` LDS buffers
 * shared by the waves (Kernel/Pipelined.c), the block stages - 1 ahead
 * loaded from global memory while the current one is multiplied.  Keys past the end score -inf; a causal mask (keys after the
 * query masked by an index comparison) ends the workgroup's key loop at
 * its last query.  Numerics: the running max starts at -inf; a block
 * whose scores are all -inf uses 0 as its max so that exp(-inf - max) is
 * 0, never NaN; a row masked everywhere ends as 0 / 0, which is what the
 * linalg program computes for it (NaN). */
#include "Kernel/Kernel.h"
#include "Templates/Attention.h"
#include "Kernel/Lds.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Keys per block: the rows of S^T = K Q^T (and the K of O^T = V^T P^T);
 * queries per wave: the columns of both. */
#define KB FE_ATOM_M
#define QPW FE_ATOM_N
#define WAVES 4
#define MAX_TILES 16  /* head dims up to 256 */

/*===--- plan ----------------------------------------------------------------===*/
static bool causal(const fe_graph *g, int score);

static int plan(const fe_problem *p, const wmma_chip_info *chip,
                const fe_options *o, fe_schedule *s, char *why, size_t cap) {
  if (!fe_shape_uses_wmma(p->shape))
    return fe_not_for_this_kind(why, cap);
  if (p->shape != FE_SHAPE_ATTENTION)
    return fe_why(why, cap, "the function is not attention");
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  if (!fe_size_static(g1->K) || g1->K.value % FE_ATOM_K ||
      !fe_size_static(g2->N) || g2->N.value % FE_ATOM_M)
    return fe_why(why, cap, "head dimensions must be static multiples of 16 "
                            "(got %lld and %lld)",
                  fe_size_static(g1->K) ? (long long)g1->K.value : -1LL,
                  fe_size_static(g2->N) ? (long long)g2->N.value : -1LL);
  int64_t d = g1->K.value, dv = g2->N.value;
  if (d > FE_ATOM_K * MAX_TILES || dv > FE_ATOM_M * MAX_TILES)
    return fe_why(why, cap, "head dimensions over %d (%lld, %lld)",
                  FE_ATOM_K * MAX_TILES, (long long)d, (long long)dv);
  if (o->staging == WMMA_STAGING_REGISTERS)
    return fe_why(why, cap, "staging=registers: attention streams K and V "
                            "through LDS");
  memset(s, 0, sizeof *s);
  s->template_name = fe_template_attention.name;
  s->instr = fe_att_instr(chip, g1);
  if (s->instr == WMMA_INSTR_COUNT)
    return fe_why(why, cap, "no WMMA instruction for these types");
  const wmma_instr_info *ii = wmma_instr_get(s->instr);
  s->staging = FE_STAGE_LDS;
  s->tile_m = QPW * WAVES;
  s->tile_n = KB;
  s->k_step = ii->k;
  /* Two K/V buffers, or a pin's three (Kernel/Pipelined.c). */
  s->stages = o->pinned ? (int)o->pin.stages : 2;
  if (s->stages < 2 || s->stages > KB_PIPE_MAX_STAGES)
    return fe_why(why, cap, "the K/V pipeline has 2 or %d stages, got %d",
                  KB_PIPE_MAX_STAGES, s->stages);
  s->waves_m = WAVES;
  s->waves_n = 1;
  s->wave_m = s->wave_n = 1;
  s->threads = 32 * WAVES;
  int bits = wb_type_bits(g1->a_type), eb = bits / 8;
  fe_lds_layout yk = fe_lds_layout_get(chip->arch, bits, (int)d);
  fe_lds_layout yv = fe_lds_layout_get(chip->arch, bits, KB);
  s->lds_bytes = fe_lds_bytes(&yk, s->stages, KB, bits) +
                 fe_lds_bytes(&yv, s->stages, (int)dv, bits);
  int fa = wmma_matrix_vgprs(chip->arch, s->instr, WMMA_MATRIX_A);
  int fb = wmma_matrix_vgprs(chip->arch, s->instr, WMMA_MATRIX_B);
  /* Q^T fragments, O^T accumulators, S^T, one K/V fragment, P^T, the
   * prefetched K and V blocks, addresses and loop state. */
  int prefetch = (int)((KB * d + dv * KB) * eb / (4 * s->threads));
  s->vgprs = (int)(d / ii->k) * fb + (int)(dv / ii->m) * 8 + 8 + fa + fb +
             prefetch + 24;
  if (s->vgprs > FE_VGPR_BUDGET)
    return fe_why(why, cap, "head dimensions %lld x %lld need about %d VGPRs "
                            "(budget %d)",
                  (long long)d, (long long)dv, s->vgprs, FE_VGPR_BUDGET);
  if (s->lds_bytes > chip->lds_bytes)
    return fe_why(why, cap, "K and V blocks need %lld bytes of LDS",
                  (long long)s->lds_bytes);
  const wmma_schedule_desc *pin = o->pinned ? &o->pin : NULL;
  s->kacc = mlirF32TypeGet(mlirTypeGetContext(g1->a_type));
  s->acc_pack = 1;
  /* K blocks (keys x d) and V^T blocks (dv x keys) through LDS. */
  if (fe_lds_copy_plan(chip->arch, &p->g, &g1->rhs, KB, (int)d, s->threads,
                       pin ? pin->copy[0] : WMMA_COPY_NONE, &s->copy[0], why,
                       cap) ||
      fe_lds_copy_plan(chip->arch, &p->g, &g2->rhs, (int)dv, KB, s->threads,
                       pin ? pin->copy[1] : WMMA_COPY_NONE, &s->copy[1], why,
                       cap))
    return -1;
  /* A causal mask lets a workgroup stop at its last query's key; visiting
   * every key is right too (the masked scores are -inf). */
  s->causal = causal(&p->g, p->att.score);
  if (pin && pin->causal && !s->causal)
    return fe_why(why, cap, "causal = true needs a causal mask on the scores");
  if (pin)
    s->causal = pin->causal;
  s->m_tail = !fe_size_static(g1->M) || g1->M.value % s->tile_m;
  s->n_tail = !fe_size_static(g1->N) || g1->N.value % KB;
  s->grid[0] = (fe_grid_dim){1, {{g1->M, s->tile_m}}};
  s->grid[1].nterms = 0;
  s->grid[2].nterms = g1->nbatch;
  for (int i = 0; i < g1->nbatch; ++i) {
    s->grid[2].t[i].size = g1->batch[i];
    s->grid[2].t[i].div = 1;
  }
  double M = (double)fe_estimate(g1->M), N = (double)fe_estimate(g1->N);
  double B = 1;
  for (int i = 0; i < g1->nbatch; ++i)
    B *= (double)fe_estimate(g1->batch[i]);
  double blocks = B * ceil(M / s->tile_m);
  double wmma = blocks * WAVES * ceil(N / KB) * (d / ii->k + dv / ii->m);
  double bytes = blocks * ceil(N / KB) * KB * (d + dv) * eb +
                 B * M * (d * eb + dv * 4);
  s->cost = fe_cost(chip, blocks, wmma, bytes);
  return 0;
}

/*===--- causal masks --------------------------------------------------------===*/
/* Is the score -inf wherever the key index exceeds the query index (a
 * causal mask written select(cmpi(key, query), x, -inf))?  Then the keys
 * after a workgroup's last query need not be visited. */
static bool is_neg_inf(const fe_graph *g, int n) {
  const fe_node *x = &g->nodes[n];
  return x->kind == FE_CONST && isinf(x->fval) && x->fval < 0;
}

static int index_dim(const fe_graph *g, int n) {
  const fe_node *x = &g->nodes[n];
  return x->kind == FE_INDEX ? x->dim : -1;
}

static bool causal(const fe_graph *g, int score) {
  const fe_node *x = &g->nodes[score];
  if (x->kind != FE_OP || strcmp(x->name, "arith.select"))
    return false;
  const fe_node *c = &g->nodes[x->ops[0]];
  if (c->kind != FE_OP || strcmp(c->name, "arith.cmpi"))
    return false;
  int l = index_dim(g, c->ops[0]), r = index_dim(g, c->ops[1]);
  bool key_first = l == 1 && r == 0;
  if (!(key_first || (l == 0 && r == 1)))
    return false;
  /* Is the comparison true when key > query? (predicates of arith.cmpi) */
  int64_t pr = c->pred;
  bool gt_true;
  switch (pr) {
  case 4: case 5: case 8: case 9: /* sgt, sge, ugt, uge: left > right */
    gt_true = key_first;
    break;
  case 2: case 3: case 6: case 7: /* slt, sle, ult, ule */
    gt_true = !key_first;
    break;
  default:
    return false;
  }
  return is_neg_inf(g, x->ops[gt_true ? 1 : 2]);
}

/*===--- the kernel -----------------------------------------------------------===*/
typedef struct {
  MlirValue batch[2];
  MlirValue q0;                 /* the wave's first query */
  MlirValue qf[MAX_TILES];      /* Q^T fragments (B operands) */
  fe_lds_copy kblk, vblk;     /* K [key][d], V^T [dv][key] blocks */
  int nd, ndv;
  bool key_tail;
  MlirValue pk[FE_COPY_MAX], pv[FE_COPY_MAX]; /* a prefetched block */
} att_t;

/* Loop state: running max, running sum, O^T accumulators. */
#define NSTATE (2 + MAX_TILES)

/* The block of keys at key0 in LDS buffer buf: scores, online softmax,
 * O^T update; st = {m, l, O^T...}. */
static void block(fe_kb *kb, att_t *a, MlirValue buf, MlirValue key0,
                  MlirValue *st) {
  const fe_problem *p = kb->p;
  const fe_gemm *g1 = &p->gemms[0];
  wb_t *b = &kb->b;
  MlirAttribute fa = kb_frag(kb, WMMA_MATRIX_A, kb->ab_layout, false, kb->atom);
  MlirValue s = kb_fill_zero(kb, kb->atom);
  for (int c = 0; c < a->nd; ++c) {
    MlirValue idx[3] = {buf, kb_c(kb, 0)};
    idx[2] = kb_c(kb, kb->atom_k * c);
    s = kb_mma(kb, kb->atom, kb_load(kb, fa, a->kblk.lds, 3, idx, false),
               a->qf[c], s);
  }
  /* The scores on the (query, key) tile, held transposed. */
  fe_tile t;
  memset(&t, 0, sizeof t);
  t.rank = p->att.rank;
  t.dim_row = 0;
  t.dim_col = 1;
  t.at[0] = a->q0;
  t.at[1] = key0;
  for (int i = 0; i < g1->nbatch; ++i)
    t.at[2 + i] = a->batch[i];
  t.transposed = true;
  MlirValue sc = fe_att_scores(kb, g1, &t, s, a->key_tail);
  if (mlirValueIsNull(sc))
    return;
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  /* Online softmax. */
  MlirValue mx = st[0], l = st[1];
  MlirValue bm = fe_att_row_combine(kb, "arith.maximumf", sc);
  MlirValue mnew = wb_arith(b, "arith.maximumf", mx, bm);
  MlirValue none = wb_cmpf(b, 1 /* oeq */, mnew,
                           wb_const_float(b, f32, -INFINITY));
  MlirValue muse = wb_select(b, none, wb_const_float(b, f32, 0.0), mnew);
  MlirValue corr = fe_att_exp_minus(kb, mx, muse);
  MlirValue pv = fe_att_exp_minus(kb, sc, muse);
  MlirValue bs = fe_att_row_combine(kb, "arith.addf", pv);
  st[0] = mnew;
  st[1] = wb_arith(b, "arith.addf", wb_arith(b, "arith.mulf", l, corr), bs);
  /* P^T (S^T's layout) -> the B operand of O^T = V^T P^T, converted to
   * P's type on the way. */
  MlirAttribute from = kb_frag(kb, WMMA_MATRIX_D, WMMA_LAYOUT_HW, true, kb->atom);
  MlirAttribute to = kb_frag(kb, WMMA_MATRIX_B, kb->ab_layout, true, kb->atom);
  MlirValue pb = kb_relayout(kb, from, to, pv, wmmaFragAttrGetVectorType(to));
  MlirValue cs = fe_att_splat(kb, corr);
  for (int t2 = 0; t2 < a->ndv; ++t2) {
    MlirValue idx[3] = {buf, kb_c(kb, kb->atom_m * t2)};
    idx[2] = kb_c(kb, 0);
    MlirValue o = wb_arith(b, "arith.mulf", st[2 + t2], cs);
    st[2 + t2] = kb_mma(kb, kb->atom,
                        kb_load(kb, fa, a->vblk.lds, 3, idx, false), pb, o);
  }
}

/* The pipeline's callbacks (Kernel/Pipelined.c): slice s is the block of
 * keys from 16 s, loaded masked whenever keys may end inside a block (the
 * pipeline's own `masked` adds nothing: blocks past the key count are not
 * loaded unless the key count is dynamic, which is a key tail). */
static void prefetch_block(fe_kb *kb, void *ud, MlirValue slice, bool masked) {
  att_t *a = ud;
  MlirValue key0 = kb_mulc(kb, slice, KB);
  (void)masked;
  fe_lds_copy_load(kb, &a->kblk, a->batch, key0, kb_c(kb, 0), a->key_tail,
                   a->pk);
  fe_lds_copy_load(kb, &a->vblk, a->batch, kb_c(kb, 0), key0, a->key_tail,
                   a->pv);
}

static void store_block(fe_kb *kb, void *ud, MlirValue buf) {
  att_t *a = ud;
  fe_lds_copy_store(kb, &a->kblk, buf, a->pk);
  fe_lds_copy_store(kb, &a->vblk, buf, a->pv);
}

static void compute_block(fe_kb *kb, void *ud, MlirValue slice, MlirValue buf,
                          bool masked, MlirValue *st) {
  (void)masked; /* keys past the end score -inf in every block */
  block(kb, ud, buf, kb_mulc(kb, slice, KB), st);
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
  a->key_tail = s->n_tail;
  kb_batch_from_z(kb, g1, kb_bid(kb, 2), a->batch);
  MlirValue qwg = kb_mulc(kb, kb_bid(kb, 0), s->tile_m);
  a->q0 = kb_add(kb, qwg, kb_mulc(kb, kb->wave, QPW));
  /* K and V^T blocks in padded, K-contiguous LDS tiles (LdsLayout.c),
   * copied by the GEMMs' cooperative copy (LdsCopy.c: V, stored with its
   * value dim contiguous, is transposed by the identity WMMA). */
  MlirType in = g1->a_type;
  int bits = wb_type_bits(in);
  fe_lds_layout yk = fe_lds_layout_get(kb->arch, bits, (int)g1->K.value);
  fe_lds_layout yv = fe_lds_layout_get(kb->arch, bits, KB);
  int64_t sk[3] = {s->stages, KB, yk.stride},
          sv[3] = {s->stages, g2->N.value, yv.stride};
  if (fe_lds_copy_init(kb, &a->kblk, &g1->rhs, KB, (int)g1->K.value,
                       kb_lds(kb, 3, sk, in), false, s->copy[0]) ||
      fe_lds_copy_init(kb, &a->vblk, &g2->rhs, (int)g2->N.value, KB,
                       kb_lds(kb, 3, sv, in), false, s->copy[1])) {
    free(a);
    return -1;
  }
  /* The wave's Q^T fragments (queries past the end read zeros). */
  for (int c = 0; c < a->nd; ++c)
    a->qf[c] = kb_operand_tile(kb, &g1->lhs, WMMA_MATRIX_B, a->batch, a->q0,
                               kb_c(kb, kb->atom_k * c), s->m_tail);
  /* Key blocks to visit: all, or up to the workgroup's last query. */
  MlirValue nblk = kb_ceil_div(kb, g1->N, KB);
  if (s->causal)
    nblk = wb_min_index(b, nblk,
                        wb_ceil_div_const(b, kb_addc(kb, qwg, s->tile_m), KB));
  /* State. */
  MlirType f32 = mlirF32TypeGet(kb->ctx);
  int ns = 2 + a->ndv;
  MlirValue fin[NSTATE];
  fin[0] = wb_const_float(b, f32, -INFINITY);
  fin[1] = wb_const_float(b, f32, 0.0);
  for (int t = 0; t < a->ndv; ++t)
    fin[2 + t] = kb_fill_zero(kb, kb->atom);
  /* Blocks 0 .. nblk-1 (none when there are no keys), each prefetching
   * the one stages - 1 ahead. */
  kb_pipeline pl = {
      .stages = s->stages,
      .nfull = nblk,
      .tail = false,
      .max_slices = fe_size_static(g1->N) ? (g1->N.value + KB - 1) / KB : -1,
      .nstate = ns,
      .ud = a,
      .prefetch = prefetch_block,
      .store = store_block,
      .compute = compute_block,
  };
  if (kb_pipelined_loop(kb, &pl, fin)) {
    free(a);
    return -1;
  }
  /* O = O^T / l, the epilogue on each (query, value-dim) tile. */
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    free(a);
    return -1;
  }
  MlirValue ls = fe_att_splat(kb, fin[1]);
  for (int t = 0; t < a->ndv; ++t) {
    kb_memo_clear(&m);
    fe_tile ot;
    kb_output_tile(kb, &ot, a->batch, a->q0, kb_c(kb, kb->atom_m * t), true);
    kb_bind_product(kb, &m, g2->prod,
                    wb_arith(b, "arith.divf", fin[2 + t], ls));
    kb_store_output(kb, &ot, kb_eval(kb, &m, &ot, p->root), s->m_tail);
  }
  kb_memo_free(&m);
  free(a);
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_attention = {"attention", plan, build};
