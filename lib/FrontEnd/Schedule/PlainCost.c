/* The choices of the templates without WMMA by the modelled time
 * (PlainCost.h).  The work of a candidate is what its kernel plans:
 *
 *  VALU tiled (Templates/ValuTiled.c), a T x T tile (T = 16 P) per
 *    workgroup of 8 waves: per wave and K slice of 16, 16 P^2 multiply-
 *    adds (two instructions each in f64) and about 16 instructions of the
 *    staging's addresses; LDS: each slice's A and B panels written once,
 *    2 P values per thread and K read; A and B panels per workgroup from
 *    the L2; A, B and C once from DRAM; VGPRs (P^2 + 2P) x words + 24.
 *  reduction row form (Templates/Reduction.c), Q lanes per row, P rows
 *    per workgroup, V elements per access: per wave and pass (each
 *    reduction and the output) ceil(L / QV) accesses of V + 3
 *    instructions (the op per element, address, compare, loop), per
 *    reduction the in-wave combine (2 per DPP / permlane step) and, with
 *    Q > 32, the cross-wave one through LDS (2 per wave's partial, a
 *    barrier); the rows re-read from the L2 per pass unless they fit the
 *    registers (at most 4 accesses per lane of a static row), once from
 *    DRAM; occupancy from the VGPRs and the partials' LDS.
 *  reduction column form, P columns per lane group, Q groups splitting
 *    the rows: per wave and pass ceil(L / Q) elements of 4 instructions,
 *    per reduction Q partials through LDS summed by a column's first
 *    group (2 each); every pass from the L2, once from DRAM.
 *
 * These VALU counts are estimates of the kernels' IR (what the emulator's
 * VALU counter reads), not fitted; the choice keeps the old rule's within
 * FE_MODEL_MARGIN, so the model overrides it only where it sees a clear
 * difference: usually the workgroups and waves the CUs get. */
#include "Schedule/PlainCost.h"

#include "FrontEnd.h"
#include "Templates/Reduction.h"
#include "Templates/Valu.h"

#include <math.h>
#include <string.h>

double fe_plain_modelled(const wmma_chip_info *chip, fe_grid_work *w) {
  w->instr = WMMA_INSTR_F32_16X16X16_F16;
  w->wmma = 0;
  return fe_modelled_costs(chip, w, NULL);
}

/*===--- VALU tiled: block per thread ----------------------------------------===*/
static double valu_tiled_time(const wmma_chip_info *chip, double M, double N,
                              double K, double B, int eb, int ib, int per) {
  int tile = VALU_SIDE * per;
  double wgs = ceil(M / tile) * ceil(N / tile) * B;
  double slices = ceil(K / VALU_KSTEP);
  double waves = VALU_THREADS / 32.0;
  fe_grid_work w;
  memset(&w, 0, sizeof w);
  w.workgroups = wgs;
  w.waves_per_wg = (int)waves;
  w.valu = wgs * waves * slices *
           ((double)VALU_KSTEP * per * per * (eb > 4 ? 2 : 1) + 16);
  w.lds_written = wgs * slices * 2.0 * VALU_KSTEP * tile * eb;
  w.lds_read = wgs * slices * (double)VALU_THREADS * VALU_KSTEP * 2 * per * eb;
  w.l2_bytes = wgs * slices * VALU_KSTEP * 2.0 * tile * ib;
  w.dram_bytes = (M * K + K * N) * B * ib + M * N * B * eb;
  w.vgprs = (per * per + 2 * per) * (eb / 4) + 24;
  w.lds_bytes = 2 * VALU_KSTEP * tile * eb;
  return fe_plain_modelled(chip, &w);
}

int fe_valu_choose_block(const fe_problem *p, const wmma_chip_info *chip,
                         bool explain, double M, double N, double K, double B,
                         int acc_bytes, int in_bytes, int old) {
  int per[3], n = 0, oi = 0;
  double t[3];
  for (int b = 2; b <= (acc_bytes > 4 ? 4 : 8); b *= 2) {
    if (b == old)
      oi = n;
    per[n] = b;
    t[n] = valu_tiled_time(chip, M, N, K, B, acc_bytes, in_bytes, b);
    ++n;
  }
  int c = fe_model_choose(t, NULL, NULL, n, oi);
  if (explain) {
    for (int i = 0; i < n; ++i)
      fe_remark(p->loc, "valu candidate: block per thread = %d x %d, tile = "
                        "%d x %d: modelled %.4g us%s",
                per[i], per[i], VALU_SIDE * per[i], VALU_SIDE * per[i],
                t[i] * 1e6, i == oi ? ", the old rule's" : "");
    fe_remark(p->loc, "valu chosen: block per thread = %d x %d, tile = %d x "
                      "%d: modelled %.4g us",
              per[c], per[c], VALU_SIDE * per[c], VALU_SIDE * per[c],
              t[c] * 1e6);
  }
  return per[c];
}

/* Of the reduction candidates cs[0..n) (n <= 8, cs[0] the old rule's):
 * the index fe_model_choose picks by their modelled times. */
static int red_pick(const fe_red_cand *cs, int n) {
  double t[8];
  for (int i = 0; i < n; ++i)
    t[i] = cs[i].cost;
  return fe_model_choose(t, NULL, NULL, n, 0);
}

/*===--- reduction row form: lanes per row -----------------------------------===*/
static double red_time(const fe_problem *p, const wmma_chip_info *chip,
                       double L, double fast_n, double rest, bool regs_ok,
                       const fe_red_cand *c) {
  const fe_red_problem *r = &p->red;
  int eb = r->elem_bytes < 1 || r->elem_bytes > 4 ? 4 : r->elem_bytes;
  double groups = ceil(fast_n / c->P) * rest, rows = fast_n * rest;
  int waves = c->P * c->Q / RED_WAVE;
  double vec = ceil(L / ((double)c->Q * c->V));
  bool in_regs = regs_ok && vec <= RED_MAX_CHUNKS;
  int passes = r->nreds + 1;
  double combine = 2 * log2(c->Q < RED_WAVE ? c->Q : RED_WAVE) +
                   (c->Q > RED_WAVE ? 2.0 * c->Q / RED_WAVE + 4 : 0);
  fe_grid_work w;
  memset(&w, 0, sizeof w);
  w.workgroups = groups;
  w.waves_per_wg = waves;
  w.valu = groups * waves * (passes * vec * (c->V + 3) + r->nreds * combine);
  w.l2_bytes = rows * L * eb * (in_regs ? 1 : passes);
  w.dram_bytes = rows * L * eb + (r->axis_in_output ? rows * L : rows) * eb;
  if (c->Q > RED_WAVE) {
    w.lds_written = groups * c->P * (c->Q / RED_WAVE) * 4.0 * r->nreds;
    w.lds_read = groups * c->P * c->Q * (c->Q / RED_WAVE) * 4.0 * r->nreds;
    w.lds_bytes = c->P * (c->Q / RED_WAVE) * 4;
  }
  w.vgprs = 32 + 4 * c->V + (in_regs ? (int)vec * c->V : 0);
  return fe_plain_modelled(chip, &w);
}

void fe_red_choose_lanes(const fe_problem *p, const wmma_chip_info *chip,
                         bool explain, double L, double fast_n, double rest,
                         bool regs_ok, fe_red_cand *c) {
  fe_red_cand cs[5];
  int n = 1;
  cs[0] = *c;
  cs[0].cost = red_time(p, chip, L, fast_n, rest, regs_ok, &cs[0]);
  for (int Q = RED_WAVE; Q <= RED_THREADS; Q *= 2) {
    if (Q == c->Q)
      continue;
    fe_red_cand x = {RED_THREADS / Q, Q, c->V, 0};
    while (x.P > 1 && x.P / 2 >= fast_n)
      x.P /= 2;
    x.cost = red_time(p, chip, L, fast_n, rest, regs_ok, &x);
    cs[n++] = x;
  }
  int k = red_pick(cs, n);
  if (explain) {
    for (int i = 0; i < n; ++i)
      fe_remark(p->loc, "reduction candidate: rows per workgroup = %d, lanes "
                        "per row = %d, elements per access = %d: modelled "
                        "%.4g us%s",
                cs[i].P, cs[i].Q, cs[i].V, cs[i].cost * 1e6,
                i == 0 ? ", the old rule's" : "");
    fe_remark(p->loc, "reduction chosen: rows per workgroup = %d, lanes per "
                      "row = %d, elements per access = %d: modelled %.4g us",
              cs[k].P, cs[k].Q, cs[k].V, cs[k].cost * 1e6);
  }
  *c = cs[k];
}

/*===--- reduction column form: columns and row groups ------------------------===*/
static double red_column_time(const fe_problem *p, const wmma_chip_info *chip,
                              double L, double fast_n, double rest,
                              const fe_red_cand *c) {
  const fe_red_problem *r = &p->red;
  int eb = r->elem_bytes < 1 || r->elem_bytes > 4 ? 4 : r->elem_bytes;
  double groups = ceil(fast_n / c->P) * rest, cols = fast_n * rest;
  int waves = c->P * c->Q / RED_WAVE;
  int passes = r->nreds + 1;
  fe_grid_work w;
  memset(&w, 0, sizeof w);
  w.workgroups = groups;
  w.waves_per_wg = waves;
  w.valu = groups * waves * (passes * ceil(L / c->Q) * 4 +
                             r->nreds * 2.0 * c->Q);
  w.l2_bytes = cols * L * eb * passes;
  w.dram_bytes = cols * L * eb + (r->axis_in_output ? cols * L : cols) * eb;
  w.lds_written = groups * c->P * c->Q * 4.0 * r->nreds;
  w.lds_read = w.lds_written;
  w.lds_bytes = c->P * c->Q * 4;
  w.vgprs = 36;
  return fe_plain_modelled(chip, &w);
}

void fe_red_choose_columns(const fe_problem *p, const wmma_chip_info *chip,
                           bool explain, double L, double fast_n, double rest,
                           fe_red_cand *c) {
  fe_red_cand cs[8];
  int n = 1;
  cs[0] = *c;
  cs[0].cost = red_column_time(p, chip, L, fast_n, rest, &cs[0]);
  for (int P = RED_WAVE; P <= 2 * RED_WAVE; P *= 2)
    for (int Q = RED_THREADS / P; P * Q <= 1024 && n < 8; Q *= 2) {
      if (P == c->P && Q == c->Q)
        continue;
      fe_red_cand x = {P, Q, c->V, 0};
      x.cost = red_column_time(p, chip, L, fast_n, rest, &x);
      cs[n++] = x;
    }
  int k = red_pick(cs, n);
  if (explain) {
    for (int i = 0; i < n; ++i)
      fe_remark(p->loc, "reduction candidate: columns per workgroup = %d, "
                        "row groups = %d: modelled %.4g us%s",
                cs[i].P, cs[i].Q, cs[i].cost * 1e6,
                i == 0 ? ", the old rule's" : "");
    fe_remark(p->loc, "reduction chosen: columns per workgroup = %d, row "
                      "groups = %d: modelled %.4g us",
              cs[k].P, cs[k].Q, cs[k].cost * 1e6);
  }
  *c = cs[k];
}

/*===--- VALU rows: lanes per output ------------------------------------------===*/
/* Per K element a lane evaluates both operands (an address each) and
 * multiply-adds: about 4 VALU instructions (a pooling's combine 3), one
 * more per zero point; per step of VALU_UNROLL elements 3 of the loop. */
static double rows_time(const wmma_chip_info *chip, double rows, double K,
                        double B, int eb, int ib, int per_elem, int group,
                        double dram) {
  int per_wg = VALU_THREADS / group, waves = VALU_THREADS / 32;
  double wgs = ceil(rows / per_wg) * B, outputs = rows * B;
  double steps = ceil(K / ((double)group * VALU_UNROLL));
  double combine = group == 1 ? 0 : 40 + (group > 32 ? 2.0 * group / 32 : 0);
  fe_grid_work w;
  memset(&w, 0, sizeof w);
  w.workgroups = wgs;
  w.waves_per_wg = waves;
  w.valu = wgs * waves * (steps * (VALU_UNROLL * per_elem + 3) + 20 + combine);
  /* A thread alone on its output: the waves past the rows exit at once. */
  if (group == 1)
    w.waves_with_work = ceil(outputs / 32);
  w.l2_bytes = outputs * K * ib * (per_elem > 3 ? 2 : 1);
  w.dram_bytes = dram;
  if (group > 1) {
    w.lds_written = wgs * VALU_THREADS * eb;
    w.lds_read = 2 * w.lds_written;
    w.lds_bytes = VALU_THREADS * eb;
  }
  w.vgprs = 2 * VALU_UNROLL + 4 * (eb / 4) + 24;
  return fe_plain_modelled(chip, &w);
}

/* The problem's sizes as valu_plan estimates them. */
static void valu_sizes(const fe_problem *p, double *M, double *N, double *K,
                       double *B) {
  const fe_gemm *g = &p->gemms[0];
  *B = 1;
  for (int i = 0; i < g->nbatch; ++i)
    *B *= (double)fe_estimate(g->batch[i]);
  *M = (double)fe_estimate_m(p, g->M);
  *N = (double)fe_estimate(g->N);
  *K = (double)fe_estimate(g->K);
}

static int valu_in_bytes(const fe_problem *p) {
  int ia = fe_storage_bytes(p->gemms[0].a_type);
  int ib = fe_storage_bytes(p->gemms[0].b_type);
  return ia > ib ? ia : ib;
}

/* A lane's VALU instructions per K element (rows_time), and the bytes
 * DRAM moves (each operand and the output once). */
static int rows_per_elem(const fe_problem *p) {
  const fe_gemm *g = &p->gemms[0];
  if (p->g.prods[g->prod].combine)
    return 3;
  return 4 + (g->a_zp >= 0) + (g->b_zp >= 0);
}

static double valu_dram(double M, double N, double K, double B, int eb,
                        int ib) {
  return (M * K + K * N) * B * ib + M * N * B * eb;
}

double fe_valu_modelled(const fe_problem *p, const wmma_chip_info *chip,
                        const fe_schedule *s) {
  double M, N, K, B;
  valu_sizes(p, &M, &N, &K, &B);
  int eb = wb_type_bits(s->kacc) / 8, ib = valu_in_bytes(p);
  if (s->staging == FE_STAGE_LDS)
    return valu_tiled_time(chip, M, N, K, B, eb, ib, s->wave_m);
  return rows_time(chip, M * N, K, B, eb, ib, rows_per_elem(p),
                   valu_schedule_group(p, s), valu_dram(M, N, K, B, eb, ib));
}

int fe_valu_choose_group(const fe_problem *p, const wmma_chip_info *chip,
                         bool explain, const fe_schedule *s, int old) {
  double M, N, K, B;
  valu_sizes(p, &M, &N, &K, &B);
  int eb = wb_type_bits(s->kacc) / 8, ib = valu_in_bytes(p);
  int gs[4], n = 0, oi = 0;
  double t[4];
  for (int gr = 32; gr <= VALU_THREADS; gr *= 2) {
    if (gr == old)
      oi = n;
    gs[n] = gr;
    t[n++] = rows_time(chip, M * N, K, B, eb, ib, rows_per_elem(p), gr,
                       valu_dram(M, N, K, B, eb, ib));
  }
  int c = fe_model_choose(t, NULL, NULL, n, oi);
  if (explain) {
    for (int i = 0; i < n; ++i)
      fe_remark(p->loc, "valu rows candidate: lanes per output = %d, outputs "
                        "per workgroup = %d: modelled %.4g us%s",
                gs[i], VALU_THREADS / gs[i], t[i] * 1e6,
                i == oi ? ", the old rule's" : "");
    fe_remark(p->loc, "valu rows chosen: lanes per output = %d, outputs per "
                      "workgroup = %d: modelled %.4g us",
              gs[c], VALU_THREADS / gs[c], t[c] * 1e6);
  }
  return gs[c];
}

