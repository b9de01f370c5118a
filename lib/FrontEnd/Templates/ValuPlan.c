/* The VALU template's planning (Templates/Valu.h describes the kernels):
 * which kernel, its block per thread (tiled) or lanes per output (rows),
 * its grid and cost, and the remark on the rows kernel's parallelism. */
#include "Templates/Valu.h"
#include "Schedule/PlainCost.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/*===--- planning ------------------------------------------------------------===*/
static bool is_one(fe_size s) { return fe_size_static(s) && s.value == 1; }

/* The tiled kernel needs both M and N (and neither of size 1). */
bool valu_tiled(const fe_gemm *g) {
  return g->m_loop >= 0 && g->n_loop >= 0 && !is_one(g->M) && !is_one(g->N);
}

/* rows: the loop whose outputs are spread over lane groups (M, else N;
 * -1 for a dot product), and its size. */
int valu_row_loop(const fe_gemm *g, fe_size *size) {
  bool m = g->m_loop >= 0 && !(is_one(g->M) && g->n_loop >= 0);
  *size = m ? g->M : g->n_loop >= 0 ? g->N : fe_static(1);
  return m ? g->m_loop : g->n_loop;
}

/* The first load under node (through elementwise ops) indexing loops `row`
 * and `k`, or NULL. */
static const fe_node *matrix_load(const fe_graph *g, int node, int row, int k) {
  const fe_node *x = &g->nodes[node];
  if (x->kind == FE_LOAD) {
    bool r = row < 0, kk = false;
    for (int j = 0; j < x->nmap; ++j) {
      r |= x->map[j] == row;
      kk |= x->map[j] == k;
    }
    return r && kk ? x : NULL;
  }
  if (x->kind != FE_OP)
    return NULL;
  for (int i = 0; i < x->nops; ++i) {
    const fe_node *l = matrix_load(g, x->ops[i], row, k);
    if (l)
      return l;
  }
  return NULL;
}

/* Is K the innermost memory dimension of the operand indexing loop `row`
 * (A for M, B for N)?  Then consecutive threads load along K. */
bool valu_k_innermost(const fe_problem *p, bool lhs, int row) {
  const fe_gemm *g = &p->gemms[0];
  const fe_node *x =
      matrix_load(&p->g, lhs ? g->lhs.node : g->rhs.node, row, g->k_loop);
  return !x || (x->nmap > 0 && x->map[x->nmap - 1] == g->k_loop);
}

/* Lanes per output in the rows kernel: the workgroup for a single output
 * row (a dot product); a wave striding over K when K is the matrix's
 * innermost dimension (matrix-vector: coalesced along K); else one thread
 * per output, consecutive threads on consecutive rows (vector-matrix with
 * A stored K x N: coalesced along N). */
int valu_row_group(const fe_problem *p) {
  const fe_gemm *g = &p->gemms[0];
  fe_size r;
  int rl = valu_row_loop(g, &r);
  if (is_one(r) || rl < 0)
    return VALU_THREADS;
  /* A pooling's window (a few taps, gathered) is a thread's alone. */
  if (p->g.prods[g->prod].combine)
    return 1;
  return valu_k_innermost(p, rl == g->m_loop, rl) ? 32 : 1;
}

/* A pooling at run-time sizes keeps its output loops apart (they collapse
 * into one M only at static sizes): its rows are the innermost output
 * loop (the channel of a channels-last form) and the others batch loops.
 * When the rows are static and at most half a workgroup, the workgroup
 * takes P = 256 / rows values of the innermost batch loop as well (the
 * output columns; grid x over them): thread t the row t % rows of column
 * t / rows, so that 64 channels fill 4 columns' 256 threads instead of 64
 * of them.  The pixels per workgroup, or 1 (no merge). */
int valu_merged_columns(const fe_problem *p) {
  const fe_gemm *g = &p->gemms[0];
  fe_size rows;
  if (!p->g.prods[g->prod].combine || g->nbatch < 1 || valu_row_loop(g, &rows) < 0 ||
      !fe_size_static(rows) || rows.value * 2 > VALU_THREADS)
    return 1;
  return VALU_THREADS / (int)rows.value;
}

/* A pooling with run-time rows (NCHW's width; merging needs a division by
 * it) takes a 2-D block: 16 rows (grid x) x 16 values of the innermost
 * batch loop (grid y), thread t row t % 16 of column t / 16.  Columns per
 * workgroup, or 1. */
int valu_column_block(const fe_problem *p) {
  const fe_gemm *g = &p->gemms[0];
  fe_size rows;
  if (!p->g.prods[g->prod].combine || g->nbatch < 1 ||
      valu_row_loop(g, &rows) < 0 || fe_size_static(rows))
    return 1;
  return VALU_THREADS / VALU_ROW_BLOCK;
}

int valu_schedule_group(const fe_problem *p, const fe_schedule *s) {
  if (valu_merged_columns(p) > 1 || valu_column_block(p) > 1 ||
      s->tile_m < 1 || s->tile_m > VALU_THREADS)
    return 1;
  return VALU_THREADS / (int)s->tile_m;
}

/* The rows kernel's lanes per output: the old rule's (valu_row_group), or
 * where K is the matrix's innermost dimension (or there is one output)
 * and no pooling combines, the modelled time's of 32 to 256 lanes
 * (PlainCost.c): fewer outputs per workgroup make more workgroups.  A
 * pinned schedule keeps its outputs per workgroup. */
static int rows_group(const fe_problem *p, const wmma_chip_info *chip,
                      const fe_options *o, const fe_schedule *s) {
  const fe_gemm *g = &p->gemms[0];
  int group = valu_row_group(p);
  if (group == 1 || p->g.prods[g->prod].combine)
    return group;
  if (o && o->pinned) {
    int64_t per = o->pin.tile[0];
    return per == 1 || per == 2 || per == 4 || per == 8
               ? VALU_THREADS / (int)per
               : group;
  }
  return fe_valu_choose_group(p, chip, o && o->explain_cost, s, group);
}

/* Window taps per step of a pooling's thread (the whole window unrolled
 * when it has at most 16 taps; else the largest divisor of K from 8 down
 * to 3, so that no step is masked), else VALU_UNROLL. */
static int taps_per_step(const fe_problem *p, int group) {
  const fe_gemm *g = &p->gemms[0];
  if (group != 1 || !p->g.prods[g->prod].combine || !fe_size_static(g->K))
    return VALU_UNROLL;
  int64_t k = g->K.value;
  if (k <= 16)
    return (int)k;
  for (int d = 8; d >= 3; --d)
    if (k % d == 0)
      return d;
  return VALU_UNROLL;
}

static bool tail(fe_size s, int64_t step) {
  return !fe_size_static(s) || s.value % step;
}

static double tiles(double n, int tile) { return ceil(n / tile); }

/* The old rule for the tiled kernel's block per thread, which the
 * modelled time (Schedule/PlainCost.c) overrides beyond its margin: of 2 x 2, 4 x 4 and 8 x 8 (32-bit
 * accumulators: 64 of them in VGPRs; f64 stops at 4 x 4), the one whose
 * estimate is least, the larger on a tie.  As in the speed-of-light model
 * (docs/speed-of-light/model.md), a workgroup runs on one WGP, its waves on the
 * WGP's SIMDs: its time is the larger of its VALU instructions per SIMD
 * (the multiply-adds, T x T x K over 32 lanes, plus the staging's address
 * arithmetic, about 16 per thread and K slice) and its LDS reads (256
 * threads x K x 2 P values) over the WGP's LDS bandwidth; the workgroups
 * over the WGPs, rounded up, multiply it.  The larger block halves the
 * LDS bytes per multiply-add, the smaller quarters the tile: a 100 x 70
 * product has 12 workgroups of 32 x 32 but 4 of 64 x 64. */
static int block_per_thread(const wmma_chip_info *chip, double M, double N,
                            double K, double B, int eb) {
  const wmma_arch_traits *t = wmma_arch_traits_get(chip->arch);
  int simds = t->simds_per_cu * t->cus_per_wgp;
  double wgps = chip->compute_units / t->cus_per_wgp;
  double lds_rate = (double)t->lds_bytes_per_clk_per_cu * t->cus_per_wgp;
  double slices = tiles(K, VALU_KSTEP);
  int best = 2;
  double best_t = 0;
  for (int per = 2; per <= (eb > 4 ? 4 : VALU_MAX_PER); per *= 2) {
    int tile = VALU_SIDE * per;
    double wgs = tiles(M, tile) * tiles(N, tile) * B;
    double waves = VALU_THREADS / 32.0;
    double valu = waves / simds * slices * (VALU_KSTEP * per * per + 16) /
                  t->valu_instr_per_clk_per_simd;
    double lds = (double)VALU_THREADS * slices * VALU_KSTEP * 2 * per * eb /
                 lds_rate;
    double time = ceil(wgs / wgps) * (valu > lds ? valu : lds);
    if (per == 2 || time <= best_t * (1 + 1e-9))
      best = per, best_t = time;
  }
  return best;
}

int valu_plan(const fe_problem *p, const wmma_chip_info *chip,
                const fe_options *o, fe_schedule *s, char *why, size_t cap) {
  if (p->shape != FE_SHAPE_VALU)
    return fe_why(why, cap, "only products no WMMA instruction takes");
  const fe_gemm *g = &p->gemms[0];
  memset(s, 0, sizeof *s);
  s->template_name = fe_template_valu.name;
  s->instr = WMMA_INSTR_COUNT; /* no WMMA: instruction = "none" */
  s->kacc = p->valu.acc;
  s->threads = VALU_THREADS;
  s->stages = 1;
  s->acc_pack = 1;
  s->form = WMMA_FORM_ACC;
  s->copy[0] = s->copy[1] = WMMA_COPY_NONE;
  int eb = wb_type_bits(s->kacc) / 8;
  double B = 1;
  s->grid[2].nterms = g->nbatch;
  for (int i = 0; i < g->nbatch; ++i) {
    s->grid[2].t[i].size = g->batch[i];
    s->grid[2].t[i].div = 1;
    B *= (double)fe_estimate(g->batch[i]);
  }
  double M = (double)fe_estimate_m(p, g->M), N = (double)fe_estimate(g->N);
  double K = (double)fe_estimate(g->K), wgs;
  /* Zero points: a subtraction per operand element operand_at evaluates
   * (tiled: A per N tile, B per M tile; rows: per multiply-add). */
  double zp_ops = 0;
  if (valu_tiled(g)) {
    int per = block_per_thread(chip, M, N, K, B, eb);
    /* The modelled time decides beyond FE_MODEL_MARGIN (PlainCost.c). */
    if (!(o && o->pinned)) {
      int ib = fe_storage_bytes(g->a_type), ibb = fe_storage_bytes(g->b_type);
      per = fe_valu_choose_block(p, chip, o && o->explain_cost, M, N, K, B,
                                 eb, ib > ibb ? ib : ibb, per);
    }
    /* A pinned schedule (as another compile printed it) keeps its block;
     * fe_schedule_match refuses any other tile. */
    if (o && o->pinned && !strcmp(o->pin.template_name, "valu") &&
        o->pin.staging == WMMA_SCHED_LDS && o->pin.wave_tile[0] >= 2 &&
        o->pin.wave_tile[0] <= (eb > 4 ? 4 : VALU_MAX_PER) &&
        !(o->pin.wave_tile[0] & (o->pin.wave_tile[0] - 1)))
      per = (int)o->pin.wave_tile[0];
    int tile = VALU_SIDE * per;
    s->staging = FE_STAGE_LDS;
    s->tile_m = s->tile_n = tile;
    s->k_step = VALU_KSTEP;
    s->waves_m = VALU_THREADS / 32;
    s->waves_n = 1;
    s->wave_m = s->wave_n = per; /* outputs per thread */
    s->m_tail = tail(g->M, tile);
    s->n_tail = tail(g->N, tile);
    s->k_tail = tail(g->K, VALU_KSTEP);
    s->lds_bytes = 2 * (int64_t)VALU_KSTEP * tile * eb;
    s->grid[0] = (fe_grid_dim){1, {{g->N, tile}}};
    s->grid[1] = (fe_grid_dim){1, {{g->M, tile}}};
    s->vgprs = (per * per + 2 * per) * (eb / 4) + 24;
    wgs = tiles(M, tile) * tiles(N, tile) * B;
    if (g->a_zp >= 0)
      zp_ops += M * K * B * tiles(N, tile);
    if (g->b_zp >= 0)
      zp_ops += N * K * B * tiles(M, tile);
  } else {
    zp_ops = ((g->a_zp >= 0) + (g->b_zp >= 0)) * M * N * K * B;
    fe_size rows;
    valu_row_loop(g, &rows);
    int group = rows_group(p, chip, o, s);
    int per_wg = VALU_THREADS / group, cols = valu_merged_columns(p);
    s->staging = FE_STAGE_REGS;
    s->tile_m = per_wg; /* outputs per workgroup */
    s->tile_n = 1;
    s->k_step = group * taps_per_step(p, group);
    s->waves_m = VALU_THREADS / 32;
    s->waves_n = 1;
    s->wave_m = s->wave_n = 1;
    s->m_tail = tail(rows, per_wg);
    s->k_tail = tail(g->K, s->k_step);
    s->lds_bytes = group > 1 ? (int64_t)VALU_THREADS * eb : 0;
    s->grid[0] = (fe_grid_dim){1, {{rows, per_wg}}};
    s->grid[1] = (fe_grid_dim){0, {{fe_static(1), 1}}};
    s->vgprs = 4 * (eb / 4) + 24;
    wgs = (double)((int64_t)((double)fe_estimate(rows) + per_wg - 1) /
                   per_wg) * B;
    if (cols > 1) { /* the innermost batch loop on grid x beside the rows */
      fe_size last = g->batch[g->nbatch - 1];
      s->tile_m = cols * (int)rows.value;
      s->m_tail = true;
      s->grid[0] = (fe_grid_dim){1, {{last, cols}}};
      s->grid[2].nterms = g->nbatch - 1;
      double lb = (double)fe_estimate(last);
      wgs = B / lb * ceil(lb / cols);
    }
    int cb = valu_column_block(p);
    if (cb > 1) { /* rows on grid x, the innermost batch loop on grid y */
      fe_size last = g->batch[g->nbatch - 1];
      s->tile_m = VALU_THREADS;
      s->m_tail = true;
      s->grid[0] = (fe_grid_dim){1, {{rows, VALU_ROW_BLOCK}}};
      s->grid[1] = (fe_grid_dim){1, {{last, cb}}};
      s->grid[2].nterms = g->nbatch - 1;
      double lb = (double)fe_estimate(last);
      wgs = B / lb * ceil(lb / cb) *
            ceil((double)fe_estimate(rows) / VALU_ROW_BLOCK);
    }
  }
  if (s->lds_bytes > chip->lds_bytes)
    return fe_why(why, cap, "%lld bytes of LDS", (long long)s->lds_bytes);
  /* The cost rule's units (Schedule/Select.c): one WMMA's time is about
   * 1024 VALU multiply-adds of a CU (64 lanes x 16 cycles); a zero
   * point's subtraction counts as one. */
  double bytes = (M * K + K * N) * B * eb + M * N * B * eb;
  s->cost = fe_cost(chip, wgs, (M * N * K * B + zp_ops) / 1024.0, bytes);
  return 0;
}

/* The rows kernel's parallelism, and why a wide matrix-vector product is
 * not the decode template's: that one splits K across a workgroup with
 * the rows padded to a WMMA's 16, and needs the product's M loop (its
 * [1, K] activations) to pad; a form without it has none. */
void fe_valu_remark(const fe_problem *p, const wmma_chip_info *chip,
                    const fe_schedule *s, char *buf, size_t cap) {
  const fe_gemm *g = &p->gemms[0];
  buf[0] = 0;
  if (valu_tiled(g) || !fe_size_static(g->K))
    return;
  int group = valu_schedule_group(p, s);
  double waves = (double)s->waves_m;
  /* (At run-time sizes the grid's count is the launch's: an estimate from
   * placeholder sizes would be no figure of the program's.) */
  bool runtime = false;
  for (int i = 0; i < s->grid[0].nterms; ++i) {
    double sz = (double)fe_estimate(s->grid[0].t[i].size);
    runtime |= !fe_size_static(s->grid[0].t[i].size);
    waves *= ceil(sz / s->grid[0].t[i].div);
  }
  for (int i = 0; i < s->grid[2].nterms; ++i) {
    runtime |= !fe_size_static(s->grid[2].t[i].size);
    waves *= (double)fe_estimate(s->grid[2].t[i].size);
  }
  const char *how = group == VALU_THREADS ? "the workgroup reduces"
                    : group > 32          ? "waves reduce over K"
                    : group == 32         ? "a wave reduces over K"
                                          : "a thread walks K";
  if (runtime) {
    int cols = valu_merged_columns(p), cb = valu_column_block(p);
    char merged[96] = "";
    if (cols > 1 || cb > 1)
      snprintf(merged, sizeof merged, " (%d rows x %d of the innermost "
               "batch loop)", cols > 1 ? (int)(s->tile_m / cols) : VALU_ROW_BLOCK,
               cols > 1 ? cols : cb);
    snprintf(buf, cap,
             "; rows kernel: %s per output, %d waves per workgroup of %d "
             "outputs%s, the workgroups from the run-time sizes",
             how, s->waves_m, (int)s->tile_m, merged);
    return;
  }
  int n = snprintf(buf, cap,
                   "; rows kernel: %s per output, %.0f waves, %.1f per CU "
                   "of the largest %s part (%d CUs)",
                   how, waves, waves / chip->compute_units, chip->name,
                   chip->compute_units);
  MlirType a = g->a_type, b = g->b_type;
  bool wide = (mlirTypeIsAF16(a) || mlirTypeIsABF16(a)) &&
              mlirTypeEqual(a, b) && g->K.value >= 1024;
  if (n > 0 && (size_t)n < cap && wide && (g->m_loop < 0 || g->n_loop < 0) &&
      waves < 8.0 * chip->compute_units)
    snprintf(buf + n, cap - (size_t)n,
             ": below 8 per CU; the decode template (K split across a "
             "workgroup) takes the product written with its unit M "
             "dimension, linalg.matmul of [1, K] x [K, N]");
}
