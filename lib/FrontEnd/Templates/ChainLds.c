/* The chain_lds template (see ChainCommon.c for the chain problem and what
 * both chain templates share; chain_regs is ChainRegs.c).
 *
 * chain_lds (an intermediate too wide for registers): one workgroup per
 * block of rows (per batch item when it fits).  The waves compute the
 * intermediate tiles, convert them to the input type and store them to
 * LDS; a barrier; then the output tiles read their A fragments from LDS.
 *
 * Tails: K0 as in the GEMM template (a masked last step); intermediate
 * columns past N0 are set to zero before they become K of the second
 * product, and the matching rows of B1 are loaded masked, so the padding
 * contributes exactly nothing; M and N1 tails only mask the stores. */
#include "Templates/Chain.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define MAX_NT0 32 /* first-product tiles of one K loop */

static int plan_lds(const fe_problem *p, const wmma_chip_info *chip,
                    const fe_options *o, fe_schedule *s, char *why,
                    size_t cap) {
  fe_chain_schedule(p, chip, o, s, fe_template_chain_lds.name);
  if (fe_chain_check(p, chip, s, why, cap))
    return -1;
  if (o->staging == WMMA_STAGING_REGISTERS)
    return fe_why(why, cap, "staging=registers keeps the intermediate out of "
                            "LDS");
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  const wmma_instr_info *ii = wmma_instr_get(s->instr);
  const int am = ii->m, an = ii->n, ak = ii->k;
  int64_t n0p = fe_round_up(g1->N.value, an);
  int64_t row_bytes = n0p * (wb_type_bits(g1->in_type) / 8);
  int64_t max_rows = chip->lds_bytes / row_bytes / am * am;
  if (max_rows < am)
    return fe_why(why, cap, "a %d x %lld strip of the intermediate needs "
                            "%lld bytes of LDS (limit %d)",
                  am, (long long)g1->N.value, (long long)(am * row_bytes),
                  chip->lds_bytes);
  int64_t want = am * s->waves_m;
  if (g2->nbatch && fe_size_static(g2->M))
    want = fe_round_up(g2->M.value, am); /* the whole item per workgroup */
  if (fe_size_static(g2->M) && want > fe_round_up(g2->M.value, am))
    want = fe_round_up(g2->M.value, am);
  int64_t rows = want < max_rows ? want : max_rows;
  if (o->pinned) /* exactly the pinned rows, if LDS holds them */
    rows = o->pin.tile[0] <= max_rows ? o->pin.tile[0] : rows;
  s->staging = FE_STAGE_LDS;
  s->rows_per_block = (int)rows;
  s->tile_m = (int)rows;
  s->lds_bytes = rows * row_bytes;
  s->grid[0] = (fe_grid_dim){1, {{g2->M, rows}}};
  s->vgprs = 8 + (int)(n0p / an) * 2 + 24;
  double M = (double)fe_estimate(g2->M), K0 = (double)fe_estimate(g1->K);
  double N1 = (double)fe_estimate(g2->N), N0 = (double)n0p;
  double blocks = (double)((int64_t)(M + rows - 1) / rows);
  double wmma = fe_round_up((int64_t)M, am) / am * (N0 / an) *
                ((K0 + ak - 1) / ak + (N1 + an - 1) / an);
  double bytes = blocks * (rows * K0 + K0 * N0 + N0 * N1) * 2 + M * N1 * 4;
  s->cost = fe_cost(chip, blocks, wmma, bytes);
  return 0;
}


/* One first-product tile's K loop (and masked tail) for `n` tiles at once:
 * a[j], b[j] give each tile's operands per K step. */
typedef void (*operands_fn)(fe_kb *kb, void *ud, int j, MlirValue k,
                            bool masked, MlirValue *a, MlirValue *b);

static void k_loop(fe_kb *kb, fe_size K, int n, MlirValue *acc,
                   operands_fn operands, void *ud) {
  const int ak = kb->atom_k;
  MlirValue kfull;
  if (fe_size_static(K))
    kfull = kb_c(kb, K.value / ak * ak);
  else
    kfull = kb_mulc(kb, wb_arith(&kb->b, "arith.divui", kb_size(kb, K),
                                 kb_c(kb, ak)),
                    ak);
  int64_t kf;
  if (!wb_const_value(kfull, &kf) || kf > 0) {
    wb_loop l;
    if (!wb_for_begin(&kb->b, &l, kb_c(kb, 0), kfull, kb_c(kb, ak), n, acc)) {
      kb->failed = 1;
      return;
    }
    MlirValue it[MAX_NT0];
    memcpy(it, l.iter, sizeof(MlirValue) * (size_t)n);
    for (int j = 0; j < n; ++j) {
      MlirValue a, b;
      operands(kb, ud, j, l.iv, false, &a, &b);
      it[j] = kb_mma(kb, kb->atom, a, b, it[j]);
    }
    wb_for_end(&kb->b, &l, n, it);
    for (int j = 0; j < n; ++j)
      acc[j] = wb_loop_result(&l, j);
  }
  if (fe_size_static(K) && K.value % ak == 0)
    return;
  MlirValue more = fe_size_static(K)
                       ? (MlirValue){NULL}
                       : wb_cmpi(&kb->b, WB_CMP_ULT, kfull, kb_size(kb, K));
  wb_if f;
  MlirType types[MAX_NT0];
  for (int j = 0; j < n; ++j)
    types[j] = mlirValueGetType(acc[j]);
  if (!mlirValueIsNull(more) &&
      !wb_if_begin(&kb->b, &f, more, n, types, true)) {
    kb->failed = 1;
    return;
  }
  MlirValue in[MAX_NT0];
  memcpy(in, acc, sizeof(MlirValue) * (size_t)n);
  for (int j = 0; j < n; ++j) {
    MlirValue a, b;
    operands(kb, ud, j, kfull, true, &a, &b);
    acc[j] = kb_mma(kb, kb->atom, a, b, acc[j]);
  }
  if (!mlirValueIsNull(more)) {
    wb_if_else(&kb->b, &f, n, acc);
    wb_if_end(&kb->b, &f, n, in);
    for (int j = 0; j < n; ++j)
      acc[j] = mlirOperationGetResult(f.op, j);
  }
}

/* Second product over K = N0 with A fragments from the LDS rows at
 * lds_row, then the epilogue and the store of output tile (row, col): a
 * loop over the full K tiles (any N0) plus the partial one. */
static void second_product(fe_kb *kb, const MlirValue *batch, MlirValue row,
                           MlirValue col, MlirValue lds, MlirValue lds_row) {
  const fe_problem *p = kb->p;
  const fe_gemm *g2 = &p->gemms[1];
  const fe_schedule *s = kb->s;
  int64_t n0 = p->gemms[0].N.value;
  const int ak = kb->atom_k; /* N0 is this product's K */
  int nt0 = (int)(fe_round_up(n0, ak) / ak), full = (int)(n0 / ak);
  MlirValue c = kb_acc_init(kb, g2, batch, row, col, FE_FORM_ACC);
  MlirAttribute afrag_attr =
      kb_frag(kb, WMMA_MATRIX_A, kb->ab_layout, false, kb->atom);
  wb_loop l;
  if (!wb_for_begin(&kb->b, &l, kb_c(kb, 0), kb_c(kb, ak * full),
                    kb_c(kb, ak), 1, &c)) {
    kb->failed = 1;
    return;
  }
  MlirValue idx[2] = {lds_row, l.iv};
  MlirValue a = kb_load(kb, afrag_attr, lds, 2, idx, false);
  MlirValue b = kb_operand_tile(kb, &g2->rhs, WMMA_MATRIX_B, batch, col,
                                l.iv, false);
  MlirValue d = kb_mma(kb, kb->atom, a, b, l.iter[0]);
  wb_for_end(&kb->b, &l, 1, &d);
  c = wb_loop_result(&l, 0);
  if (full < nt0) { /* B1 rows past N0 read zero */
    MlirValue ix[2] = {lds_row, kb_c(kb, ak * full)};
    a = kb_load(kb, afrag_attr, lds, 2, ix, false);
    b = kb_operand_tile(kb, &g2->rhs, WMMA_MATRIX_B, batch, col,
                        kb_c(kb, ak * full), true);
    c = kb_mma(kb, kb->atom, a, b, c);
  }
  fe_memo m;
  if (kb_memo_init(kb, &m)) {
    kb->failed = 1;
    return;
  }
  kb_bind_product(kb, &m, g2->prod, c);
  fe_tile t;
  kb_output_tile(kb, &t, batch, row, col, false);
  kb_store_output(kb, &t, kb_eval(kb, &m, &t, p->root),
                  s->m_tail || s->n_tail);
  kb_memo_free(&m);
}

/*===--- chain_lds -------------------------------------------------------------===*/
typedef struct {
  const MlirValue *batch;
  MlirValue m, n;
} lds_ctx;

static void plain_operands(fe_kb *kb, void *ud, int j, MlirValue k,
                           bool masked, MlirValue *a, MlirValue *b) {
  lds_ctx *c = ud;
  const fe_gemm *g1 = &kb->p->gemms[0];
  (void)j;
  *a = kb_operand_tile(kb, &g1->lhs, WMMA_MATRIX_A, c->batch, c->m, k,
                       masked);
  *b = kb_operand_tile(kb, &g1->rhs, WMMA_MATRIX_B, c->batch, c->n, k,
                       masked);
}

/* scf.for t = wave to tiles step waves. */
static bool wave_loop(fe_kb *kb, wb_loop *l, MlirValue tiles) {
  return wb_for_begin(&kb->b, l, kb->wave, tiles, kb_c(kb, kb->s->waves_m), 0,
                      NULL);
}

static int build_lds(fe_kb *kb) {
  const fe_problem *p = kb->p;
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  const fe_schedule *s = kb->s;
  const int am = kb->atom_m, an = kb->atom_n;
  int64_t rows = s->rows_per_block, n0p = fe_round_up(g1->N.value, an);
  int nt0 = (int)(n0p / an);
  MlirType in = g2->in_type;
  int64_t shape[2] = {rows, n0p};
  MlirValue lds = kb_lds(kb, 2, shape, in);
  MlirValue batch[2];
  if (g2->nbatch)
    kb_batch_from_z(kb, g2, kb_bid(kb, 2), batch);
  MlirValue row0 = kb_mulc(kb, kb_bid(kb, 0), rows);
  MlirAttribute atom16 = kb_atom(kb, in, in);
  MlirAttribute store_frag =
      kb_frag(kb, WMMA_MATRIX_D, WMMA_LAYOUT_HW, false, atom16);
  int64_t len16 = 0;
  wb_is_vec1d(wmmaFragAttrGetVectorType(store_frag), &len16, NULL);

  /* Phase 1: intermediate tiles -> LDS, in the input type. */
  wb_loop l;
  if (!wave_loop(kb, &l, kb_c(kb, rows / am * nt0)))
    return -1;
  MlirValue tm = wb_arith(&kb->b, "arith.divui", l.iv, kb_c(kb, nt0));
  MlirValue tn = wb_arith(&kb->b, "arith.remui", l.iv, kb_c(kb, nt0));
  MlirValue ml = kb_mulc(kb, tm, am);
  lds_ctx c = {batch, kb_add(kb, row0, ml), kb_mulc(kb, tn, an)};
  MlirValue acc = kb_acc_init(kb, g1, batch, c.m, c.n, FE_FORM_ACC);
  k_loop(kb, g1->K, 1, &acc, plain_operands, &c);
  fe_tile t;
  kb_inter_tile(kb, &t, batch, c.m, c.n, false);
  bool is_f32;
  MlirValue h = fe_chain_intermediate(kb, &t, acc, &is_f32);
  if (is_f32)
    h = wb_cast(&kb->b, "arith.truncf", h, kb_acc_vec(kb, in));
  if (len16 == 16) {
    int64_t mask[16];
    for (int i = 0; i < 16; ++i)
      mask[i] = i / 2;
    h = wb_shuffle(&kb->b, h, h, 16, mask);
  }
  MlirValue sidx[2] = {ml, c.n};
  kb_store(kb, store_frag, h, lds, 2, sidx, false);
  wb_for_end(&kb->b, &l, 0, NULL);
  wb_lds_barrier(&kb->b);

  /* Phase 2: output tiles, A fragments from LDS. */
  MlirValue nt1 = kb_ceil_div(kb, g2->N, an);
  if (!wave_loop(kb, &l, kb_mulc(kb, nt1, rows / am)))
    return -1;
  tm = wb_arith(&kb->b, "arith.divui", l.iv, nt1);
  tn = wb_arith(&kb->b, "arith.remui", l.iv, nt1);
  ml = kb_mulc(kb, tm, am);
  second_product(kb, batch, kb_add(kb, row0, ml), kb_mulc(kb, tn, an), lds,
                 ml);
  wb_for_end(&kb->b, &l, 0, NULL);
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_chain_lds = {"chain_lds", plan_lds, build_lds};
