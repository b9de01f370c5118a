/* chain_regs: a chain whose intermediate never leaves registers, with every
 * operand tile shared by the workgroup's waves through LDS.
 *
 * Workgroup (x, z) computes rows x * R .. x * R + R - 1 of batch item z with
 * W waves; wave w owns spw strips of 16 rows.
 *
 * First product (GemmLds.c, fe_lds_product): A0's R x 32 and B0's N0 x 32 K
 * slices (or the pin's K step) go through LDS (ping-pong buffers, or a
 * pin's three, Kernel/Pipelined.c; one barrier per slice, B0
 * transposed on its way in when it is stored K x N0), so each is read from
 * global memory once per workgroup; RDNA3's replicated operands are read
 * from LDS, not twice from global memory.  The product is computed swapped
 * (P1^T = B0^T A0^T): each accumulator holds a row segment of P1 (on RDNA3
 * with B0's LDS rows in the rho order, Lds.h), which after the elementwise
 * f (scaling, truncation) is the B operand of the second product computed
 * swapped too: as it is on RDNA4 (kcontig), expanded by v_permlanex16 on
 * RDNA3 (the row segment is the compact operand).
 *
 * Second product, swapped (D^T = B1^T f(P1)^T): B1 moves through LDS in
 * blocks of NB output columns x all of N0 (transposed into LDS when stored
 * N0 x N1; rows in the rho order on RDNA3), one block at a time (prefetched
 * into registers before the barrier that retires the previous block); each
 * wave multiplies its strips by the block's fragments and evaluates the
 * epilogue on row segments: C1 read and D1 written as 8-element vectors
 * (RowSeg.c).
 *
 * Tails: K0 as in the GEMM template (a masked last slice); intermediate
 * columns past N0 are zero (fe_chain_intermediate) and B1's rows past N0 are
 * loaded as zeros; strips past M skip the epilogue, output tiles past N1 are
 * skipped, the stores are masked. */
#include "Templates/Chain.h"
#include "Templates/Gemm.h"
#include "Kernel/Lds.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

#define TK 32     /* first product: K per LDS slice (unless pinned) */
#define MAX_J 4   /* second product: output tiles per B1 block */

/*===--- planning ------------------------------------------------------------===*/
typedef struct {
  int waves, spw;
} regs_config;

/* The work a chain_regs configuration plans (fe_grid_work, without its
 * VGPRs and LDS): workgroups of W waves of spw 16-row strips over M rows of
 * each of B items; first product K0 deep into n0p intermediate columns,
 * second N1 wide.  LDS: each workgroup writes its A0 and B0 slices and
 * B1's blocks once, each wave reads its A0 strip, all of B0 and all of B1.
 * VALU (a lower bound, the same per strip for every configuration): the
 * intermediate's conversion, one instruction per accumulator VGPR. */
static fe_grid_work regs_work(const fe_problem *p, wmma_instr instr,
                              int64_t R, int W, int spw, int nt0, int64_t n0p,
                              int eb, double M, double K0, double N1,
                              double B) {
  const wmma_instr_info *ii = wmma_instr_get(instr);
  const int am = ii->m, an = ii->n, ak = ii->k;
  double blocks = (double)((int64_t)(M + (double)R - 1) / R) * B;
  double n1p = (double)fe_round_up((int64_t)N1, an);
  double wmma = blocks * W * spw * nt0 *
                ((K0 + ak - 1) / ak + (N1 + an - 1) / an);
  double out_bytes = wb_type_bits(p->g.nodes[p->root].type) / 8;
  double shared = (K0 * (double)n0p + (double)n0p * n1p) * eb;
  fe_grid_work w;
  memset(&w, 0, sizeof w);
  w.instr = instr;
  w.wmma = wmma;
  w.workgroups = blocks;
  w.waves_per_wg = W;
  w.valu = blocks * W * spw * nt0 * 8.0;
  w.lds_written = blocks * ((double)R * K0 * eb + shared);
  w.lds_read = blocks * W * (spw * (double)am * K0 * eb + shared);
  w.l2_bytes = blocks * ((double)R * K0 + K0 * (double)n0p +
                         (double)n0p * N1) * eb + B * M * N1 * 4;
  w.dram_bytes = B * (M * K0 + K0 * (double)n0p + (double)n0p * N1) * eb +
                 B * M * N1 * out_bytes;
  w.sparse_instr = WMMA_SPARSE_COUNT;
  return w;
}

static int plan_regs(const fe_problem *p, const wmma_chip_info *chip,
                     const fe_options *o, fe_schedule *best, char *why,
                     size_t cap) {
  fe_schedule s;
  fe_chain_schedule(p, chip, o, &s, fe_template_chain_regs.name);
  if (fe_chain_check(p, chip, &s, why, cap))
    return -1;
  if (o->staging == WMMA_STAGING_LDS)
    return fe_why(why, cap, "staging=lds asks for the intermediate in LDS");
  const fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  const wmma_instr_info *ii = wmma_instr_get(s.instr);
  const int am = ii->m, an = ii->n;
  int64_t n0p = fe_round_up(g1->N.value, an);
  int nt0 = (int)(n0p / an);
  int eb = wb_type_bits(g1->in_type) / 8;
  int fv = wmma_matrix_vgprs(chip->arch, s.instr, WMMA_MATRIX_A);
  int64_t nt1 = fe_size_static(g2->N) ? fe_round_up(g2->N.value, an) / an
                                     : MAX_J;
  double M = (double)fe_estimate(g2->M), K0 = (double)fe_estimate(g1->K);
  double N1 = (double)fe_estimate(g2->N), B = 1;
  for (int i = 0; i < g2->nbatch; ++i)
    B *= (double)fe_estimate(g2->batch[i]);
  int64_t mrows = fe_round_up(fe_estimate(g2->M), am);
  /* One strip per wave (wave_m = 1: two strips per wave would halve the
   * waves the cost rule counts as busy); 8 waves of the default 4 when
   * that halves the workgroups reading B0 and B1. */
  regs_config configs[2];
  int n = 0, tk = TK, stages = 2;
  const wmma_schedule_desc *pin = o->pinned ? &o->pin : NULL;
  if (pin) {
    configs[n++] = (regs_config){(int)pin->waves[0], 1};
    tk = (int)pin->tile[2];
    if (tk > 64)
      return fe_why(why, cap, "the first product's K step is 16, 32 or 64, "
                              "got %d", tk);
    stages = (int)pin->stages;
    if (stages < 2 || stages > KB_PIPE_MAX_STAGES)
      return fe_why(why, cap, "the first product's LDS pipeline has 2 or %d "
                              "stages, got %d", KB_PIPE_MAX_STAGES, stages);
  } else {
    configs[n++] = (regs_config){o->waves, 1};
    if (o->waves == FE_DEFAULT_WAVES)
      configs[n++] = (regs_config){2 * o->waves, 1};
  }
  bool found = false;
  char last[FE_WHY] = "";
  for (int c = 0; c < n; ++c) {
    int W = configs[c].waves, spw = configs[c].spw, threads = 32 * W;
    int64_t R = (int64_t)am * W * spw;
    if (spw * nt0 > FE_MAX_WAVE_TILES) {
      snprintf(last, sizeof last,
               "a %d x %lld strip of the intermediate needs %d accumulator "
               "tiles (limit %d)",
               am, (long long)g1->N.value, nt0, FE_MAX_WAVE_TILES);
      continue;
    }
    if (c > 0 && R > mrows) /* idle waves: only the smallest workgroup */
      continue;
    /* B1 blocks: a thread's share of the copy within FE_COPY_MAX chunks. */
    int J = (int)(nt1 < MAX_J ? nt1 : MAX_J);
    if (pin)
      J = (int)pin->tile[1] / an;
    while (!pin && J > 1 && an * J * n0p > (int64_t)FE_COPY_MAX * 8 * threads)
      --J;
    if (an * J * n0p > (int64_t)FE_COPY_MAX * 8 * threads) {
      snprintf(last, sizeof last, "a %d x %lld block of B1 is too large a "
                                  "copy", an, (long long)n0p);
      continue;
    }
    int v1 = spw * nt0 * 8 + (spw + nt0) * fv +
             (int)((R + n0p) * tk * eb / (4 * threads)) + 24;
    int v2 = spw * nt0 * fv + spw * J * 8 + 2 * fv +
             (int)(an * J * n0p * eb / (4 * threads)) + 24;
    int vg = v1 > v2 ? v1 : v2;
    if (vg > FE_VGPR_BUDGET) {
      snprintf(last, sizeof last, "a %d x %lld strip of the intermediate "
                                  "needs about %d VGPRs", am, (long long)n0p,
               vg);
      continue;
    }
    int bits = wb_type_bits(g1->in_type);
    /* The copies the build makes: the first product's A and B slices (its
     * own choice or the pin's), and B1's blocks. */
    wmma_copy_kind copy[2], b1copy;
    if (J < 1 || J > MAX_J ||
        fe_lds_copy_plan(chip->arch, &p->g, &g1->lhs, (int)R, tk, threads,
                         pin ? pin->copy[0] : WMMA_COPY_NONE, &copy[0], last,
                         sizeof last) ||
        fe_lds_copy_plan(chip->arch, &p->g, &g1->rhs, (int)n0p, tk, threads,
                         pin ? pin->copy[1] : WMMA_COPY_NONE, &copy[1], last,
                         sizeof last) ||
        fe_lds_copy_plan(chip->arch, &p->g, &g2->rhs, an * J, (int)n0p,
                         threads, WMMA_COPY_NONE, &b1copy, last,
                         sizeof last)) {
      if (J < 1 || J > MAX_J)
        snprintf(last, sizeof last, "B1 blocks of %d to %d columns, got %d",
                 an, an * MAX_J, an * J);
      continue;
    }
    fe_lds_layout l1 = fe_lds_layout_get(chip->arch, bits, tk);
    fe_lds_layout l2 = fe_lds_layout_get(chip->arch, bits, (int)n0p);
    int64_t lds = fe_lds_bytes(&l1, stages, (int)(R + n0p), bits) +
                  fe_lds_bytes(&l2, 1, an * J, bits);
    if (lds > chip->lds_bytes) {
      snprintf(last, sizeof last, "%lld bytes of LDS", (long long)lds);
      continue;
    }
    /* Ranked by the modelled time (Schedule/Select.c), as chain_lds's row
     * blocks: B0 and B1 are read once per workgroup (the old rule's L2
     * bytes: a workgroup of 8 waves halves the workgroups re-reading
     * them), every wave reads the shared slices and B1's blocks from LDS,
     * and occupancy follows from the VGPR and LDS estimates.  Within
     * FE_MODEL_MARGIN the old rule decides (a workgroup of 8 waves keeps
     * as many SIMDs busy as two of 4). */
    fe_schedule cand;
    fe_grid_work w = regs_work(p, s.instr, R, W, spw, nt0, n0p, eb, M, K0,
                               N1, B);
    w.vgprs = vg;
    w.lds_bytes = (int)lds;
    cand.cost = fe_modelled_costs(chip, &w, &cand.cost_simd);
    cand.tie_cost = fe_cost(chip, w.workgroups * W / FE_DEFAULT_WAVES,
                            w.wmma, w.l2_bytes);
    cand.tie_bytes = 0;
    if (o->explain_cost) {
      fe_schedule e = s;
      e.staging = FE_STAGE_LDS;
      e.waves_m = W;
      e.tile_m = (int)R;
      e.tile_n = an * J;
      e.k_step = tk;
      e.cost = cand.cost;
      e.tie_cost = cand.tie_cost;
      fe_explain_candidate(p, "chain_regs", &e, "candidate");
    }
    if (!fe_candidate_better(&cand, best, found, FE_MODEL_MARGIN))
      continue;
    *best = s;
    best->staging = FE_STAGE_LDS;
    best->waves_m = W;
    best->threads = threads;
    best->wave_m = spw;
    best->wave_n = nt0;
    best->tile_m = (int)R;
    best->tile_n = an * J;
    best->rows_per_block = (int)R;
    best->k_step = tk;
    best->stages = stages;
    best->k_tail = !fe_size_static(g1->K) || g1->K.value % tk;
    best->form = WMMA_FORM_ROWSEG;
    best->copy[0] = copy[0];
    best->copy[1] = copy[1];
    /* Strips past M (they may belong to the next batch item). */
    best->m_tail = !fe_size_static(g2->M) || g2->M.value % R;
    best->lds_bytes = lds;
    best->vgprs = vg;
    best->cost = cand.cost;
    best->tie_cost = cand.tie_cost;
    best->cost_simd = cand.cost_simd;
    best->grid[0] = (fe_grid_dim){1, {{g2->M, R}}};
    found = true;
  }
  if (!found)
    return fe_why(why, cap, "%s", last);
  if (o->explain_cost)
    fe_explain_candidate(p, "chain_regs", best, "chosen");
  return 0;
}

/*===--- building ---------------------------------------------------------===*/
typedef struct {
  const MlirValue *batch;
  MlirValue row0;               /* the workgroup's first row */
  MlirValue m[2];               /* the wave's strips */
  MlirValue inter[FE_MAX_WAVE_TILES]; /* [strip][n0 tile]: B operands */
} chain_ctx;

/* First product: P1^T tiles of the wave's strips as row segments, then the
 * intermediate as the second product's B operands. */
static int first_product(fe_kb *kb, chain_ctx *c) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g1 = &kb->p->gemms[0];
  int spw = s->wave_m, nt0 = s->wave_n;
  MlirValue acc[FE_MAX_WAVE_TILES];
  for (int i = 0; i < spw; ++i)
    for (int j = 0; j < nt0; ++j)
      acc[i * nt0 + j] = kb_acc_init(kb, g1, c->batch, c->m[i],
                                     kb_c(kb, kb->atom_n * j), FE_FORM_ROWSEG);
  fe_lds_product pr = {
      .gm = g1,
      .tile_m = s->tile_m,
      .tile_n = kb->atom_n * nt0,
      .waves_n = 1,
      .wave_m = spw,
      .wave_n = nt0,
      .k_step = s->k_step,
      .stages = s->stages,
      .k_tail = s->k_tail,
      .copy = {s->copy[0], s->copy[1]},
      .swapped = true,
      .permuted = wmma_arch_acc_rows_interleaved(kb->arch),
      .batch = c->batch,
      .bm0 = c->row0,
      .bn0 = kb_c(kb, 0),
  };
  if (fe_lds_product_run(kb, &pr, acc))
    return -1;
  MlirType in = kb->p->gemms[1].in_type;
  for (int i = 0; i < spw; ++i)
    for (int j = 0; j < nt0; ++j) {
      fe_tile t;
      kb_inter_tile(kb, &t, c->batch, c->m[i], kb_c(kb, kb->atom_n * j),
                    false);
      t.rowseg = true;
      bool is_f32;
      MlirValue h = fe_chain_intermediate(kb, &t, acc[i * nt0 + j], &is_f32);
      if (is_f32)
        h = wb_cast(&kb->b, "arith.truncf", h, kb_acc_vec(kb, in));
      /* A row segment of P1 is the kcontig B operand of the swapped second
       * product (RDNA4), or its compact form (RDNA3). */
      if (wmma_arch_replicates_ab(kb->arch))
        h = kb_expand(kb, WMMA_MATRIX_B, kb->atom, h);
      c->inter[i * nt0 + j] = h;
    }
  return kb->failed ? -1 : 0;
}

/* The epilogue of output tile (m, col) with accumulator acc (row segments);
 * skipped for strips past M. */
static void store_tile(fe_kb *kb, const chain_ctx *c, MlirValue m,
                       MlirValue col, MlirValue acc) {
  const fe_problem *p = kb->p;
  const fe_schedule *s = kb->s;
  wb_if f;
  bool guard = s->m_tail;
  if (guard && !wb_if_begin(&kb->b, &f,
                            wb_cmpi(&kb->b, WB_CMP_ULT, m,
                                    kb_size(kb, p->gemms[1].M)),
                            0, NULL, false)) {
    kb->failed = 1;
    return;
  }
  fe_memo memo;
  if (kb_memo_init(kb, &memo)) {
    kb->failed = 1;
    return;
  }
  kb_bind_product(kb, &memo, p->gemms[1].prod, acc);
  fe_tile t;
  kb_output_tile(kb, &t, c->batch, m, col, false);
  t.rowseg = true;
  kb_store_output(kb, &t, kb_eval(kb, &memo, &t, p->root),
                  s->m_tail || s->n_tail);
  kb_memo_free(&memo);
  if (guard)
    wb_if_end(&kb->b, &f, 0, NULL);
}

/* Second product, one B1 block of NB columns at col0 per iteration. */
static int second_product(fe_kb *kb, chain_ctx *c) {
  const fe_schedule *s = kb->s;
  const fe_problem *p = kb->p;
  const fe_gemm *g2 = &p->gemms[1];
  const int an = kb->atom_n, ak = kb->atom_k;
  int spw = s->wave_m, nt0 = s->wave_n, J = s->tile_n / an;
  int n0p = an * nt0; /* N0 padded as the plan did */
  MlirType in = g2->in_type;
  fe_lds_layout lay = fe_lds_layout_get(kb->arch, wb_type_bits(in), n0p);
  int64_t shape[3] = {1, s->tile_n, lay.stride};
  MlirValue lds = kb_lds(kb, 3, shape, in);
  bool perm = wmma_arch_acc_rows_interleaved(kb->arch);
  fe_lds_copy cp;
  if (fe_lds_copy_init(kb, &cp, &g2->rhs, s->tile_n, n0p, lds, perm,
                       WMMA_COPY_NONE))
    return -1;
  MlirAttribute afrag = kb_frag(kb, WMMA_MATRIX_A, kb->ab_layout, false,
                                kb->atom);
  bool masked = p->gemms[0].N.value % an || s->n_tail;
  wb_loop l;
  MlirValue lo = kb_c(kb, 0), hi = kb_ceil_div(kb, g2->N, s->tile_n);
  if (!wb_for_begin(&kb->b, &l, lo, hi, kb_c(kb, 1), 0, NULL))
    return -1;
  MlirValue col0 = kb_mulc(kb, l.iv, s->tile_n);
  MlirValue regs[FE_COPY_MAX];
  fe_lds_copy_load(kb, &cp, c->batch, col0, kb_c(kb, 0), masked, regs);
  wb_lds_barrier(&kb->b); /* every wave is done with the previous block */
  fe_lds_copy_store(kb, &cp, kb_c(kb, 0), regs);
  wb_lds_barrier(&kb->b);
  for (int j = 0; j < J; ++j) {
    MlirValue col = kb_addc(kb, col0, an * j);
    wb_if f;
    bool guard = !fe_size_static(g2->N) || g2->N.value % s->tile_n;
    if (guard && !wb_if_begin(&kb->b, &f,
                              wb_cmpi(&kb->b, WB_CMP_ULT, col,
                                      kb_size(kb, g2->N)),
                              0, NULL, false))
      return -1;
    MlirValue acc[2];
    for (int i = 0; i < spw; ++i)
      acc[i] = kb_acc_init(kb, g2, c->batch, c->m[i], col, FE_FORM_ROWSEG);
    for (int kk = 0; kk < nt0; ++kk) {
      MlirValue idx[3];
      idx[0] = kb_c(kb, 0);
      idx[1] = kb_c(kb, an * j);
      idx[2] = kb_c(kb, ak * kk);
      MlirValue a = kb_load(kb, afrag, lds, 3, idx, false);
      for (int i = 0; i < spw; ++i)
        acc[i] = kb_mma(kb, kb->atom, a, c->inter[i * nt0 + kk], acc[i]);
    }
    for (int i = 0; i < spw; ++i)
      store_tile(kb, c, c->m[i], col, acc[i]);
    if (guard)
      wb_if_end(&kb->b, &f, 0, NULL);
  }
  wb_for_end(&kb->b, &l, 0, NULL);
  return kb->failed ? -1 : 0;
}

static int build_regs(fe_kb *kb) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g2 = &kb->p->gemms[1];
  chain_ctx c;
  memset(&c, 0, sizeof c);
  MlirValue batch[FE_MAX_BATCH];
  if (g2->nbatch)
    kb_batch_from_z(kb, g2, kb_bid(kb, 2), batch);
  c.batch = batch;
  c.row0 = kb_mulc(kb, kb_bid(kb, 0), s->tile_m);
  MlirValue w0 = kb_add(kb, c.row0, kb_mulc(kb, kb->wave,
                                                  kb->atom_m * s->wave_m));
  for (int i = 0; i < s->wave_m; ++i)
    c.m[i] = kb_addc(kb, w0, kb->atom_m * i);
  if (first_product(kb, &c) || second_product(kb, &c))
    return -1;
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_chain_regs = {"chain_regs", plan_regs,
                                            build_regs};
