/* The VALU template: a product no WMMA instruction takes (FE_SHAPE_VALU,
 * Problem/ProblemValu.c), computed exactly as the program states it with
 * VALU multiply-adds (math.fma in the kernel's accumulator type, f32 or
 * f64; arith.muli + arith.addi in i32).  Operands, the accumulator and the
 * epilogue are evaluated element by element (Kernel/Point.c), so any
 * operand layout, prologue and epilogue works.  Two kernels:
 *
 *  tiled (M and N of at least 2): a workgroup of 256 threads (16 x 16)
 *    computes a T x T output tile, each thread a P x P block in registers
 *    (T = 16 P; P = 2, 4 or 8, chosen in plan() by a time estimate: VALU
 *    multiply-adds against the LDS bytes that feed them, over the
 *    workgroups the CUs run at once -- a larger block reads fewer LDS
 *    bytes per multiply-add, a smaller one makes more workgroups).  K
 *    advances in slices of 16: the workgroup stages A (T x 16) and B (16 x
 *    T) through LDS (stored K-major, already converted to the accumulator
 *    type, the slice past K zeroed), then every thread reads P A and P B
 *    values per K, in runs of at most 4 (one 16-byte LDS read each; the
 *    runs of a block 64 apart, so that a wave's reads of one run are
 *    consecutive), and does P x P multiply-adds.  Consecutive threads load
 *    consecutive elements along each operand's innermost loop (K when it
 *    is contiguous, else M or N).  Grid: x over N tiles, y over M tiles, z
 *    over the batch loops; stores guarded on M/N tails.
 *  rows (no M or no N, or one of them 1: matrix-vector, vector-matrix,
 *    batched matrix-vector, dot): each output element is a reduction over
 *    K by a group of lanes: a wave (8 outputs per workgroup) when K is the
 *    matrix's innermost dimension, the whole workgroup when there is one
 *    output (a dot product), else a single thread (256 outputs per
 *    workgroup, consecutive threads on consecutive outputs: coalesced
 *    along the matrix's rows).  Lanes stride over K (consecutive lanes,
 *    consecutive K), each keeping a partial sum; the partials meet in LDS
 *    and are added in lane order (deterministic; a workgroup's per wave
 *    first, then over the waves); the group's first lane adds the
 *    accumulator, applies the epilogue and stores.  A pooling (no B,
 *    fe_contraction.combine) is a rows kernel of one thread per output
 *    whose partials combine with its max, min or add, masked elements
 *    its identity; it reads its window in one unmasked step when it has
 *    at most 16 taps (taps_per_step); at run-time sizes its workgroup
 *    takes several values of the innermost batch loop too (static rows:
 *    merged_columns; run-time rows: column_block).  A thread alone on its
 *    output skips the K loop where the output does not exist.  Grid: x
 *    over output blocks, z over the batch. */
#include "Kernel/Kernel.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define VALU_THREADS 256
#define VALU_SIDE 16     /* tiled: threads along M and along N */
#define VALU_MAX_PER 8   /* tiled: outputs per thread along M and N, at most */
#define VALU_RUN 4       /* tiled: a thread's consecutive rows (columns) */
#define VALU_KSTEP 16    /* tiled: K per LDS slice */
#define VALU_UNROLL 4    /* rows: K elements per lane per loop step */
#define VALU_ROW_BLOCK 16 /* rows: a pooling's run-time rows per workgroup */

/*===--- planning ------------------------------------------------------------===*/
static bool is_one(fe_size s) { return fe_size_static(s) && s.value == 1; }

/* The tiled kernel needs both M and N (and neither of size 1). */
static bool tiled(const fe_gemm *g) {
  return g->m_loop >= 0 && g->n_loop >= 0 && !is_one(g->M) && !is_one(g->N);
}

/* rows: the loop whose outputs are spread over lane groups (M, else N;
 * -1 for a dot product), and its size. */
static int row_loop(const fe_gemm *g, fe_size *size) {
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
static bool k_innermost(const fe_problem *p, bool lhs, int row) {
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
static int row_group(const fe_problem *p) {
  const fe_gemm *g = &p->gemms[0];
  fe_size r;
  int rl = row_loop(g, &r);
  if (is_one(r) || rl < 0)
    return VALU_THREADS;
  /* A pooling's window (a few taps, gathered) is a thread's alone. */
  if (p->g.prods[g->prod].combine)
    return 1;
  return k_innermost(p, rl == g->m_loop, rl) ? 32 : 1;
}

/* A pooling at run-time sizes keeps its output loops apart (they collapse
 * into one M only at static sizes): its rows are the innermost output
 * loop (the channel of a channels-last form) and the others batch loops.
 * When the rows are static and at most half a workgroup, the workgroup
 * takes P = 256 / rows values of the innermost batch loop as well (the
 * output columns; grid x over them): thread t the row t % rows of column
 * t / rows, so that 64 channels fill 4 columns' 256 threads instead of 64
 * of them.  The pixels per workgroup, or 1 (no merge). */
static int merged_columns(const fe_problem *p) {
  const fe_gemm *g = &p->gemms[0];
  fe_size rows;
  if (!p->g.prods[g->prod].combine || g->nbatch < 1 || row_loop(g, &rows) < 0 ||
      !fe_size_static(rows) || rows.value * 2 > VALU_THREADS)
    return 1;
  return VALU_THREADS / (int)rows.value;
}

/* A pooling with run-time rows (NCHW's width; merging needs a division by
 * it) takes a 2-D block: 16 rows (grid x) x 16 values of the innermost
 * batch loop (grid y), thread t row t % 16 of column t / 16.  Columns per
 * workgroup, or 1. */
static int column_block(const fe_problem *p) {
  const fe_gemm *g = &p->gemms[0];
  fe_size rows;
  if (!p->g.prods[g->prod].combine || g->nbatch < 1 ||
      row_loop(g, &rows) < 0 || fe_size_static(rows))
    return 1;
  return VALU_THREADS / VALU_ROW_BLOCK;
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

/* The tiled kernel's block per thread: of 2 x 2, 4 x 4 and 8 x 8 (32-bit
 * accumulators: 64 of them in VGPRs; f64 stops at 4 x 4), the one whose
 * estimate is least, the larger on a tie.  As in the speed-of-light model
 * (docs/speed-of-light.md), a workgroup runs on one WGP, its waves on the
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

static int plan(const fe_problem *p, const wmma_chip_info *chip,
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
  if (tiled(g)) {
    int per = block_per_thread(chip, M, N, K, B, eb);
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
    row_loop(g, &rows);
    int group = row_group(p);
    int per_wg = VALU_THREADS / group, cols = merged_columns(p);
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
    int cb = column_block(p);
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

/*===--- shared pieces ---------------------------------------------------------===*/
/* A pooling's combining op (fe_contraction.combine), or NULL. */
static const char *pool_combine(const fe_kb *kb) {
  return kb->p->g.prods[kb->p->gemms[0].prod].combine;
}

static bool is_op(const char *name, const char *a, const char *b) {
  return !strcmp(name, a) || !strcmp(name, b);
}

/* The combining op's identity in the accumulator type: the value masked
 * elements (past K) and a partial's start read. */
static MlirValue identity(fe_kb *kb) {
  const char *op = pool_combine(kb);
  MlirType t = kb->s->kacc;
  if (!op || is_op(op, "arith.addf", "arith.addi") || !strcmp(op, "arith.maxui"))
    return wb_const_zero(&kb->b, t);
  if (is_op(op, "arith.maximumf", "arith.maxnumf"))
    return wb_const_float(&kb->b, t, -INFINITY);
  if (is_op(op, "arith.minimumf", "arith.minnumf"))
    return wb_const_float(&kb->b, t, INFINITY);
  return wb_const_int(&kb->b, t, !strcmp(op, "arith.maxsi")   ? INT32_MIN
                                 : !strcmp(op, "arith.minsi") ? INT32_MAX
                                                              : -1);
}

/* c + a * b in the accumulator type. */
static MlirValue mac(fe_kb *kb, MlirValue a, MlirValue b, MlirValue c) {
  if (mlirTypeIsAInteger(mlirValueGetType(c)))
    return wb_arith(&kb->b, "arith.addi", c, wb_arith(&kb->b, "arith.muli", a, b));
  MlirValue ops[3] = {a, b, c};
  return wb_op1(&kb->b, "math.fma", 3, ops, mlirValueGetType(c), 0, NULL);
}

static MlirValue add(fe_kb *kb, MlirValue a, MlirValue b) {
  if (pool_combine(kb)) /* a pooling's partials and initial value */
    return wb_arith(&kb->b, pool_combine(kb), a, b);
  return wb_arith(&kb->b,
                  mlirTypeIsAInteger(mlirValueGetType(a)) ? "arith.addi"
                                                          : "arith.addf",
                  a, b);
}

/* Where one output element is, in the product's loop space (loop[l]), its
 * output space (po[j]) and the output buffer's (out[j]). */
typedef struct {
  MlirValue loop[FE_MAX_LOOPS];
  MlirValue po[FE_MAX_RANK];
  MlirValue out[FE_MAX_RANK];
} valu_point;

/* The point of (batch, row m, column n); m or n null where the product
 * has no such loop (its index stays 0, as does K's until set). */
static void point_at(fe_kb *kb, valu_point *pt, const MlirValue *batch,
                     MlirValue m, MlirValue n) {
  const fe_problem *p = kb->p;
  const fe_gemm *g = &p->gemms[0];
  for (int l = 0; l < FE_MAX_LOOPS; ++l)
    pt->loop[l] = kb_c(kb, 0);
  for (int j = 0; j < FE_MAX_RANK; ++j)
    pt->po[j] = pt->out[j] = kb_c(kb, 0);
  for (int i = 0; i < g->nbatch; ++i) {
    pt->loop[g->batch_loop[i]] = batch[i];
    pt->po[g->out_batch[i]] = batch[i];
    pt->out[p->out_space_batch[i]] = batch[i];
  }
  if (g->m_loop >= 0 && !mlirValueIsNull(m)) {
    pt->loop[g->m_loop] = m;
    pt->po[g->out_m] = m;
    pt->out[p->out_space_m] = m;
  }
  if (g->n_loop >= 0 && !mlirValueIsNull(n)) {
    pt->loop[g->n_loop] = n;
    pt->po[g->out_n] = n;
    pt->out[p->out_space_n] = n;
  }
}

/* Operand `node` (A if lhs, else B) at loop point pt with K = k, in the
 * accumulator type, less its zero point (a quantized product's operand is
 * ext(x) - zp: the front end folded zp out for WMMA's sake, so it is
 * subtracted here per element, in i32 as the program does); zero past K
 * when masked. */
static MlirValue operand_at(fe_kb *kb, fe_memo *m, valu_point *pt, bool lhs,
                            MlirValue k, bool masked) {
  const fe_gemm *g = &kb->p->gemms[0];
  pt->loop[g->k_loop] = k;
  kb_memo_clear(m);
  MlirValue v = kb_point_eval(kb, m, pt->loop, lhs ? g->lhs.node : g->rhs.node);
  v = kb_convert_scalar(kb, v, kb->s->kacc, lhs ? g->a_unsigned : g->b_unsigned);
  int zp = lhs ? g->a_zp : g->b_zp;
  if (zp >= 0 && !mlirValueIsNull(v)) {
    /* (The zero point reads no loop: any point evaluates it.) */
    MlirValue z = kb_point_eval(kb, m, pt->loop, zp);
    if (mlirValueIsNull(z))
      return z;
    v = wb_arith(&kb->b, "arith.subi", v, z);
  }
  if (!masked || mlirValueIsNull(v))
    return v;
  MlirValue in = wb_cmpi(&kb->b, WB_CMP_ULT, k, kb_size(kb, g->K));
  return wb_select(&kb->b, in, v, identity(kb));
}

/* The accumulator's initial value at pt (zero, or the program's initial
 * contents, C += ...). */
static MlirValue acc_init(fe_kb *kb, fe_memo *m, const valu_point *pt) {
  const fe_gemm *g = &kb->p->gemms[0];
  if (fe_is_zero(&kb->p->g, g->acc))
    return wb_const_zero(&kb->b, kb->s->kacc);
  kb_memo_clear(m);
  MlirValue v = kb_point_eval(kb, m, pt->po, g->acc);
  /* (An unsigned max or min reads its start zero-extended as well.) */
  return kb_convert_scalar(kb, v, kb->s->kacc, pool_combine(kb) && g->a_unsigned);
}

/* The epilogue at pt on the product's value `acc`, stored to the output
 * (only where `ok`, when not null). */
static void store_at(fe_kb *kb, fe_memo *m, const valu_point *pt,
                     MlirValue acc, MlirValue ok) {
  const fe_problem *p = kb->p;
  const fe_graph *g = &p->g;
  int prod = p->gemms[0].prod;
  wb_if guard;
  if (!mlirValueIsNull(ok) && !wb_if_begin(&kb->b, &guard, ok, 0, NULL, false)) {
    kb->failed = 1;
    return;
  }
  kb_memo_clear(m);
  MlirValue v = kb_convert_scalar(kb, acc, g->prods[prod].acc_type, false);
  for (int n = 0; n < g->nnodes; ++n)
    if (g->nodes[n].kind == FE_PRODUCT && g->nodes[n].product == prod)
      kb_memo_bind(m, n, v);
  MlirValue r = kb_point_eval(kb, m, pt->out, p->root);
  if (!mlirValueIsNull(r))
    wb_store(&kb->b, r, kb->args[p->out_arg], p->args[p->out_arg].rank,
             pt->out);
  if (!mlirValueIsNull(ok))
    wb_if_end(&kb->b, &guard, 0, NULL);
}

/* ceil(K / step) * step: the end of a K loop whose last step is masked. */
static MlirValue k_end(fe_kb *kb, int step) {
  return kb_mulc(kb, kb_ceil_div(kb, kb->p->gemms[0].K, step), step);
}

static MlirValue and_(fe_kb *kb, MlirValue a, MlirValue b) {
  if (mlirValueIsNull(a))
    return b;
  if (mlirValueIsNull(b))
    return a;
  return wb_arith(&kb->b, "arith.andi", a, b);
}

/*===--- tiled -----------------------------------------------------------------===*/
/* Stages this thread's share of one operand's K slice at k0 into lds
 * ([K step][tile], K-major): 64 x 16 values over 256 threads, consecutive
 * threads along K when it is the operand's innermost memory dimension
 * (else along its row). */
static void stage(fe_kb *kb, fe_memo *m, bool lhs, const MlirValue *batch,
                  MlirValue r0, MlirValue k0, MlirValue lds) {
  const fe_gemm *g = &kb->p->gemms[0];
  bool k_inner = k_innermost(kb->p, lhs, lhs ? g->m_loop : g->n_loop);
  int tile = kb->s->tile_m;
  int per = tile * VALU_KSTEP / VALU_THREADS;
  MlirValue tid = kb->tid;
  for (int i = 0; i < per; ++i) {
    MlirValue kk, r;
    if (k_inner) {
      kk = wb_arith(&kb->b, "arith.remui", tid, kb_c(kb, VALU_KSTEP));
      r = kb_addc(kb, wb_arith(&kb->b, "arith.divui", tid, kb_c(kb, VALU_KSTEP)),
                  (int64_t)i * (VALU_THREADS / VALU_KSTEP));
    } else {
      r = wb_arith(&kb->b, "arith.remui", tid, kb_c(kb, tile));
      kk = kb_addc(kb, wb_arith(&kb->b, "arith.divui", tid, kb_c(kb, tile)),
                   (int64_t)i * (VALU_THREADS / tile));
    }
    valu_point pt;
    MlirValue row = kb_add(kb, r0, r);
    point_at(kb, &pt, batch, lhs ? row : (MlirValue){NULL},
             lhs ? (MlirValue){NULL} : row);
    MlirValue v = operand_at(kb, m, &pt, lhs, kb_add(kb, k0, kk), kb->s->k_tail);
    MlirValue idx[2] = {kk, r};
    if (!mlirValueIsNull(v))
      wb_store(&kb->b, v, lds, 2, idx);
  }
}

/* A thread's e-th row (column) of the tile, from its thread row (column)
 * t: runs of `run` consecutive rows, the runs 16 x run apart. */
static int64_t block_run(int per) { return per < VALU_RUN ? per : VALU_RUN; }

static MlirValue block_row(fe_kb *kb, MlirValue t, int per, int e) {
  int64_t run = block_run(per);
  return kb_addc(kb, kb_mulc(kb, t, run), (e / run) * VALU_SIDE * run + e % run);
}

static int build_tiled(fe_kb *kb) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  const int per = s->wave_m, tile = s->tile_m;
  const int64_t run = block_run(per);
  fe_memo m;
  if (per < 1 || per > VALU_MAX_PER || kb_memo_init(kb, &m))
    return -1;
  MlirValue batch[FE_MAX_BATCH] = {{NULL}};
  if (g->nbatch)
    kb_batch_from_z(kb, g, kb_bid(kb, 2), batch);
  MlirValue m0 = kb_mulc(kb, kb_bid(kb, 1), tile);
  MlirValue n0 = kb_mulc(kb, kb_bid(kb, 0), tile);
  MlirValue tx = wb_arith(b, "arith.remui", kb->tid, kb_c(kb, VALU_SIDE));
  MlirValue ty = wb_arith(b, "arith.divui", kb->tid, kb_c(kb, VALU_SIDE));
  MlirValue rows[VALU_MAX_PER], cols[VALU_MAX_PER];
  for (int i = 0; i < per; ++i) {
    rows[i] = kb_add(kb, m0, block_row(kb, ty, per, i));
    cols[i] = kb_add(kb, n0, block_row(kb, tx, per, i));
  }
  const int nacc = per * per;
  MlirValue acc[VALU_MAX_PER * VALU_MAX_PER];
  for (int i = 0; i < per; ++i)
    for (int j = 0; j < per; ++j) {
      valu_point pt;
      point_at(kb, &pt, batch, rows[i], cols[j]);
      acc[i * per + j] = acc_init(kb, &m, &pt);
    }
  int64_t shape[2] = {VALU_KSTEP, tile};
  MlirValue la = kb_lds(kb, 2, shape, s->kacc);
  MlirValue lb = kb_lds(kb, 2, shape, s->kacc);
  wb_loop l;
  MlirValue lo = kb_c(kb, 0), hi = k_end(kb, VALU_KSTEP);
  if (kb->failed ||
      !wb_for_begin(b, &l, lo, hi, kb_c(kb, VALU_KSTEP), nacc, acc)) {
    kb_memo_free(&m);
    return -1;
  }
  MlirValue cur[VALU_MAX_PER * VALU_MAX_PER];
  memcpy(cur, l.iter, sizeof(MlirValue) * nacc);
  stage(kb, &m, true, batch, m0, l.iv, la);
  stage(kb, &m, false, batch, n0, l.iv, lb);
  wb_lds_barrier(b);
  MlirType vt = wb_vec(run, s->kacc);
  for (int kk = 0; kk < VALU_KSTEP; ++kk) {
    MlirValue ae[VALU_MAX_PER], be[VALU_MAX_PER];
    for (int r = 0; r < per; r += run) {
      MlirValue ia[2] = {kb_c(kb, kk)}, ib[2] = {ia[0]};
      ia[1] = block_row(kb, ty, per, r);
      ib[1] = block_row(kb, tx, per, r);
      MlirValue av = wb_vload(b, vt, la, 2, ia), bv = wb_vload(b, vt, lb, 2, ib);
      for (int i = 0; i < run; ++i) {
        ae[r + i] = wb_extract(b, av, i);
        be[r + i] = wb_extract(b, bv, i);
      }
    }
    for (int i = 0; i < per; ++i)
      for (int j = 0; j < per; ++j)
        cur[i * per + j] = mac(kb, ae[i], be[j], cur[i * per + j]);
  }
  /* The next slice overwrites LDS only after every thread has read it. */
  wb_lds_barrier(b);
  wb_for_end(b, &l, nacc, cur);
  for (int t = 0; t < nacc; ++t)
    acc[t] = wb_loop_result(&l, t);
  for (int i = 0; i < per; ++i)
    for (int j = 0; j < per; ++j) {
      MlirValue ok = {NULL};
      if (s->m_tail)
        ok = wb_cmpi(b, WB_CMP_ULT, rows[i], kb_size(kb, g->M));
      if (s->n_tail)
        ok = and_(kb, ok, wb_cmpi(b, WB_CMP_ULT, cols[j], kb_size(kb, g->N)));
      valu_point pt;
      point_at(kb, &pt, batch, rows[i], cols[j]);
      store_at(kb, &m, &pt, acc[i * per + j], ok);
    }
  kb_memo_free(&m);
  return kb->failed ? -1 : 0;
}

/*===--- rows ------------------------------------------------------------------===*/
/* red[base] + red[base + stride] + ... (n terms, in that order). */
static MlirValue sum_lds(fe_kb *kb, MlirValue red, MlirValue base, int n,
                         int stride) {
  MlirValue sum = wb_load(&kb->b, red, 1, &base);
  for (int i = 1; i < n; ++i) {
    MlirValue idx = kb_addc(kb, base, (int64_t)i * stride);
    sum = add(kb, sum, wb_load(&kb->b, red, 1, &idx));
  }
  return sum;
}

static int build_rows(fe_kb *kb) {
  const fe_schedule *s = kb->s;
  const fe_gemm *g = &kb->p->gemms[0];
  wb_t *b = &kb->b;
  fe_memo m;
  if (kb_memo_init(kb, &m))
    return -1;
  fe_size nrows;
  int rl = row_loop(g, &nrows);
  int group = row_group(kb->p), cols = merged_columns(kb->p);
  int cb = column_block(kb->p);
  int unroll = (int)(s->k_step / group);
  MlirValue batch[FE_MAX_BATCH] = {{NULL}};
  fe_gemm on_z = *g; /* the batch loops on grid z */
  on_z.nbatch -= cols > 1 || cb > 1;
  if (on_z.nbatch)
    kb_batch_from_z(kb, &on_z, kb_bid(kb, 2), batch);
  MlirValue lane = group == 1 ? kb_c(kb, 0)
                              : wb_arith(b, "arith.remui", kb->tid, kb_c(kb, group));
  MlirValue slot = group == 1 ? kb->tid
                              : wb_arith(b, "arith.divui", kb->tid, kb_c(kb, group));
  MlirValue row = slot;
  if (cols == 1 && cb == 1)
    row = kb_add(kb, kb_mulc(kb, kb_bid(kb, 0), s->tile_m), slot);
  /* Outputs that exist: rows in range, or with the columns merged
   * (merged_columns) threads of a whole column, columns in range. */
  MlirValue ok = {NULL};
  if (cols > 1) {
    MlirValue nr = kb_c(kb, nrows.value);
    MlirValue col = wb_arith(b, "arith.divui", kb->tid, nr);
    row = wb_arith(b, "arith.remui", kb->tid, nr);
    batch[g->nbatch - 1] = kb_add(kb, kb_mulc(kb, kb_bid(kb, 0), cols), col);
    if (cols * nrows.value < VALU_THREADS)
      ok = wb_cmpi(b, WB_CMP_ULT, col, kb_c(kb, cols));
    ok = and_(kb, ok, wb_cmpi(b, WB_CMP_ULT, batch[g->nbatch - 1],
                              kb_size(kb, g->batch[g->nbatch - 1])));
  } else if (cb > 1) {
    MlirValue rb = kb_c(kb, VALU_ROW_BLOCK);
    MlirValue col = wb_arith(b, "arith.divui", kb->tid, rb);
    MlirValue r = wb_arith(b, "arith.remui", kb->tid, rb);
    row = kb_add(kb, kb_mulc(kb, kb_bid(kb, 0), VALU_ROW_BLOCK), r);
    batch[g->nbatch - 1] = kb_add(kb, kb_mulc(kb, kb_bid(kb, 1), cb), col);
    ok = wb_cmpi(b, WB_CMP_ULT, row, kb_size(kb, nrows));
    ok = and_(kb, ok, wb_cmpi(b, WB_CMP_ULT, batch[g->nbatch - 1],
                              kb_size(kb, g->batch[g->nbatch - 1])));
  } else if (s->m_tail) {
    ok = wb_cmpi(b, WB_CMP_ULT, row, kb_size(kb, nrows));
  }
  MlirValue mrow = rl == g->m_loop ? row : (MlirValue){NULL};
  MlirValue nrow = rl == g->n_loop && rl >= 0 ? row : (MlirValue){NULL};
  valu_point pt;
  point_at(kb, &pt, batch, mrow, nrow);
  /* A thread alone on its output skips the window where there is none
   * (no barrier below: the branch may diverge). */
  wb_if live;
  bool guarded = group == 1 && !mlirValueIsNull(ok);
  if (guarded && !wb_if_begin(b, &live, ok, 0, NULL, false)) {
    kb_memo_free(&m);
    return -1;
  }
  MlirValue zero = identity(kb);
  wb_loop l;
  MlirValue lo = kb_c(kb, 0), hi = k_end(kb, s->k_step);
  if (!wb_for_begin(b, &l, lo, hi, kb_c(kb, s->k_step), 1, &zero)) {
    kb_memo_free(&m);
    return -1;
  }
  MlirValue part = l.iter[0];
  for (int u = 0; u < unroll; ++u) {
    MlirValue k = kb_add(kb, l.iv, kb_addc(kb, lane, (int64_t)u * group));
    MlirValue a = operand_at(kb, &m, &pt, true, k, s->k_tail);
    if (pool_combine(kb)) { /* no B: the window's values combined */
      if (mlirValueIsNull(a))
        break;
      part = add(kb, part, a);
      continue;
    }
    MlirValue c = operand_at(kb, &m, &pt, false, k, s->k_tail);
    if (mlirValueIsNull(a) || mlirValueIsNull(c))
      break;
    part = mac(kb, a, c, part);
  }
  wb_for_end(b, &l, 1, &part);
  part = wb_loop_result(&l, 0);
  /* The group's partial sums meet in LDS and are added in lane order
   * (deterministic): by the group's first lane, or for a workgroup-wide
   * group by each wave's first lane, then thread 0 over the waves. */
  MlirValue red = {NULL};
  if (group > 1) {
    int64_t shape[1] = {VALU_THREADS};
    red = kb_lds(kb, 1, shape, s->kacc);
    if (kb->failed) {
      kb_memo_free(&m);
      return -1;
    }
    wb_store(b, part, red, 1, &kb->tid);
    wb_lds_barrier(b);
  }
  if (group == VALU_THREADS) {
    MlirValue wave_lane = wb_arith(b, "arith.remui", kb->tid, kb_c(kb, 32));
    wb_if first;
    if (!wb_if_begin(b, &first, wb_cmpi(b, WB_CMP_EQ, wave_lane, kb_c(kb, 0)),
                     0, NULL, false)) {
      kb_memo_free(&m);
      return -1;
    }
    wb_store(b, sum_lds(kb, red, kb->tid, 32, 1), red, 1, &kb->tid);
    wb_if_end(b, &first, 0, NULL);
    wb_lds_barrier(b);
  }
  /* The group's first lane stores (every thread when a thread is a
   * group, already guarded), on rows that exist. */
  if (guarded)
    ok = (MlirValue){NULL};
  else if (group > 1)
    ok = and_(kb, wb_cmpi(b, WB_CMP_EQ, lane, kb_c(kb, 0)), ok);
  wb_if guard;
  if (!mlirValueIsNull(ok) && !wb_if_begin(b, &guard, ok, 0, NULL, false)) {
    kb_memo_free(&m);
    return -1;
  }
  MlirValue sum = group == 1 ? part
                  : group == 32
                      ? sum_lds(kb, red, kb_mulc(kb, slot, 32), 32, 1)
                      : sum_lds(kb, red, kb_c(kb, 0), VALU_THREADS / 32, 32);
  /* (A max or min always combines with its start, zero or not.) */
  const char *pc = pool_combine(kb);
  if (!fe_is_zero(&kb->p->g, g->acc) ||
      (pc && !is_op(pc, "arith.addf", "arith.addi")))
    sum = add(kb, acc_init(kb, &m, &pt), sum);
  store_at(kb, &m, &pt, sum, (MlirValue){NULL});
  if (!mlirValueIsNull(ok))
    wb_if_end(b, &guard, 0, NULL);
  if (guarded)
    wb_if_end(b, &live, 0, NULL);
  kb_memo_free(&m);
  return kb->failed ? -1 : 0;
}

static int build(fe_kb *kb) {
  return tiled(&kb->p->gemms[0]) ? build_tiled(kb) : build_rows(kb);
}

const fe_template fe_template_valu = {"valu", plan, build};

/* The rows kernel's parallelism, and why a wide matrix-vector product is
 * not the decode template's: that one splits K across a workgroup with
 * the rows padded to a WMMA's 16, and needs the product's M loop (its
 * [1, K] activations) to pad; a form without it has none. */
void fe_valu_remark(const fe_problem *p, const wmma_chip_info *chip,
                    const fe_schedule *s, char *buf, size_t cap) {
  const fe_gemm *g = &p->gemms[0];
  buf[0] = 0;
  if (tiled(g) || !fe_size_static(g->K))
    return;
  int group = row_group(p);
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
                    : group == 32         ? "a wave reduces over K"
                                          : "a thread walks K";
  if (runtime) {
    int cols = merged_columns(p), cb = column_block(p);
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
