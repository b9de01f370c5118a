/* The reduction template: softmax, log-softmax, LayerNorm, RMSNorm, sums,
 * max and min over rows, columns or everything, as plain (non-WMMA)
 * kernels.  The problem (Problem/ProblemReduction.c) gives the row space:
 * rows (points of the outer dimensions) and the axes every reduction
 * reduces, the reductions in dependency order and the output's contents.
 *
 * Row form (the axis innermost in memory): a group of Q consecutive lanes
 * (Q a power of two, 32..256) per row, P = 256 / Q rows per workgroup when
 * rows are short.  Each lane strides along the row, V elements at a time
 * with vector loads where every access along the axis is contiguous (the
 * row's last V - 1 elements or fewer by a scalar tail loop when the length
 * is not known to be a multiple of V), keeping a
 * partial result; the group combines the partials inside the wave (DPP
 * row_xmask 1, 2, 4, 8 and v_permlanex16), then across its waves through
 * LDS.  Every lane of the row ends with the result, so the next reduction
 * (a variance after its mean, a sum after its max) reads it directly, and
 * the output -- the elementwise expression over the row and its
 * reductions -- is written by the same lanes, along the row again.  A row
 * of whole vectors (static length, a multiple of V) of at most MAX_CHUNKS
 * vectors per lane is held in registers: loaded once, its values kept for
 * every reduction and the output (chunks past the row's end masked);
 * longer rows are re-read from global memory (L2 holds them) per pass.
 *
 * Column form (the axis not innermost: a sum over dim 0 of a row-major
 * matrix): lanes own P (32 or 64) consecutive columns (coalesced), Q
 * lane groups split the rows (256 lanes per workgroup, up to 1024 when
 * there are few columns of many rows); the Q partials of a column are
 * combined through LDS.
 *
 * A result with no outer dimension (rank 0) is one row: one workgroup. */
#include "Templates/Reduction.h"

#include "Schedule/PlainCost.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define THREADS RED_THREADS
#define WAVE RED_WAVE
#define MAX_CHUNKS RED_MAX_CHUNKS

/*===--- plan ---------------------------------------------------------------===*/
static bool is_axis(const fe_red_problem *r, int d) {
  for (int i = 0; i < r->naxes; ++i)
    if (r->axis[i] == d)
      return true;
  return false;
}

/* The outer dims in row-space order, and the one the workgroups' P rows
 * (row form) or columns (column form) run along (-1: none, rank 0). */
static int outer_dims(const fe_red_problem *r, int *od, int *fast) {
  int n = 0;
  for (int d = 0; d < r->rank; ++d)
    if (!is_axis(r, d))
      od[n++] = d;
  *fast = r->column >= 0 ? r->column : n ? od[n - 1] : -1;
  return n;
}

static bool pow2(int64_t v) { return v > 0 && !(v & (v - 1)); }

/* A pinned schedule's rows (columns) per workgroup P, lanes per row Q and
 * elements per access V, if this problem can be built with them. */
static int pinned_shape(const fe_red_problem *r, const wmma_schedule_desc *pin,
                        int *P, int *Q, int *V, char *why, size_t cap) {
  int64_t p = pin->tile[0], q = pin->tile[1], v = pin->tile[2];
  if ((p * q) % WAVE || p * q > 1024)
    return fe_why(why, cap, "tile = [%lld, %lld, %lld]: rows x lanes per row "
                            "must be a multiple of 32 up to 1024",
                  (long long)p, (long long)q, (long long)v);
  if (r->column < 0 && !pow2(q))
    return fe_why(why, cap, "lanes per row (tile[1] = %lld) must be a power "
                            "of two",
                  (long long)q);
  if (v != 1 && !(r->vectorizable && pow2(v) && v <= 16))
    return fe_why(why, cap, "tile[2] = %lld elements per access: the rows "
                            "are read %s",
                  (long long)v,
                  r->vectorizable ? "by 1, 2, 4, 8 or 16 elements"
                                  : "element by element");
  *P = (int)p;
  *Q = (int)q;
  *V = (int)v;
  return 0;
}

static int plan(const fe_problem *p, const wmma_chip_info *chip,
                const fe_options *o, fe_schedule *s, char *why, size_t cap) {
  if (p->shape != FE_SHAPE_REDUCTION)
    return fe_why(why, cap, "the function has no reduction without a "
                            "product");
  const fe_red_problem *r = &p->red;
  const fe_graph *g = &p->g;
  memset(s, 0, sizeof *s);
  s->template_name = fe_template_reduction.name;
  s->instr = WMMA_INSTR_COUNT; /* no WMMA */
  s->staging = FE_STAGE_REGS;
  s->stages = 1;
  s->acc_pack = 1;
  s->kacc = g->reds[r->order[0]].type;
  double L = 1;
  for (int a = 0; a < r->naxes; ++a)
    L *= (double)fe_estimate(r->size[r->axis[a]]);
  int od[FE_MAX_LOOPS], fast;
  int nod = outer_dims(r, od, &fast);
  double fast_n = fast >= 0 ? (double)fe_estimate(r->size[fast]) : 1;
  int P, Q, V = 1;
  if (r->column >= 0) {
    /* Few columns of many rows: more lane groups split the rows (up to
     * 1024 lanes, each group about 16 rows or more). */
    P = fast_n <= WAVE ? WAVE : 2 * WAVE;
    Q = THREADS / P;
    while (P * Q < 1024 && Q * 16 * 2 <= L && fast_n <= 4 * P)
      Q *= 2;
  } else {
    /* 16-byte loads of the widest element (4 f32, 8 f16). */
    int eb = r->elem_bytes < 1 || r->elem_bytes > 4 ? 4 : r->elem_bytes;
    V = r->vectorizable ? 16 / eb : 1;
    Q = WAVE;
    while (Q < THREADS && Q * V * 4 < L)
      Q *= 2;
    P = THREADS / Q;
    while (P > 1 && P / 2 >= fast_n)
      P /= 2;
  }
  if (o->pinned && pinned_shape(r, &o->pin, &P, &Q, &V, why, cap))
    return -1;
  /* Lanes per row (columns and row groups) by the modelled time
   * (Schedule/PlainCost.c); the rule above within its margin. */
  double others = 1; /* the outer dims but the fast one */
  for (int i = 0; i < nod; ++i)
    if (od[i] != fast)
      others *= (double)fe_estimate(r->size[od[i]]);
  if (!o->pinned && r->column >= 0) {
    fe_red_cand c = {P, Q, V, 0};
    fe_red_choose_columns(p, chip, o->explain_cost, L, fast_n, others, &c);
    P = c.P;
    Q = c.Q;
  }
  if (!o->pinned && r->column < 0) {
    bool regs_ok = r->naxes == 1 && fe_size_static(r->size[r->axis[0]]) &&
                   r->size[r->axis[0]].value % V == 0;
    fe_red_cand c = {P, Q, V, 0};
    fe_red_choose_lanes(p, chip, o->explain_cost, L, fast_n, others, regs_ok,
                        &c);
    P = c.P;
    Q = c.Q;
  }
  s->tile_m = P;  /* rows (columns) per workgroup */
  s->tile_n = Q;  /* lanes per row (column) */
  s->k_step = V;  /* elements per lane access */
  s->threads = P * Q;
  s->waves_m = s->threads / WAVE;
  s->waves_n = 1;
  s->wave_m = s->wave_n = 1;
  s->m_tail = fast >= 0 && (!fe_size_static(r->size[fast]) ||
                            r->size[fast].value % P);
  s->n_tail = r->naxes != 1 || !fe_size_static(r->size[r->axis[0]]) ||
              r->size[r->axis[0]].value % V;
  int slots = r->column >= 0 ? Q : Q > WAVE ? Q / WAVE : 0;
  if (s->threads % WAVE)
    return fe_why(why, cap, "internal error: %d threads", s->threads);
  s->lds_bytes = (int64_t)P * slots * 4;
  s->vgprs = 32 + 4 * V;
  /* Workgroups: x along the fast dim, y and z the other outer dims. */
  int rest[FE_MAX_LOOPS], nrest = 0;
  for (int i = 0; i < nod; ++i)
    if (od[i] != fast)
      rest[nrest++] = od[i];
  if (nrest > 3)
    return fe_why(why, cap, "more than 4 outer dimensions");
  double groups = 1;
  if (fast >= 0) {
    s->grid[0] = (fe_grid_dim){1, {{r->size[fast], P}}};
    groups *= (fast_n + P - 1) / P;
  }
  if (nrest > 0) {
    s->grid[1] = (fe_grid_dim){1, {{r->size[rest[nrest - 1]], 1}}};
    groups *= (double)fe_estimate(r->size[rest[nrest - 1]]);
  }
  s->grid[2].nterms = nrest > 1 ? nrest - 1 : 0;
  for (int i = 0; i + 1 < nrest; ++i) {
    s->grid[2].t[i].size = r->size[rest[i]];
    s->grid[2].t[i].div = 1;
    groups *= (double)fe_estimate(r->size[rest[i]]);
  }
  /* Every row read once per reduction and once for the output. */
  double bytes = groups * P * L * 4 * (r->nreds + 1);
  s->cost = fe_cost(chip, groups, 0, bytes);
  if (s->lds_bytes > chip->lds_bytes)
    return fe_why(why, cap, "internal error: partials exceed LDS");
  return 0;
}

/*===--- the kernel ------------------------------------------------------------===*/
typedef struct {
  fe_red_point pt;   /* the thread's row: outer dims set, axes per use */
  MlirValue split;   /* this lane's index among its row's (column's) Q */
  MlirValue slot;    /* its row (column) among the workgroup's P */
  MlirValue valid;   /* the row exists */
  MlirValue len;     /* elements along the axes, 0 for a missing row */
  MlirValue lds;     /* partials, P x slots f32 (or null) */
  int P, Q, V;
  size_t memo_bytes;
  /* A short row held in registers: each lane's T chunks (vectors of V at
   * j = split + t Q) are loaded once, their values kept (one memo per
   * chunk) for every reduction and the output; chunk_ok: whether the
   * current chunk lies in the row (null: every chunk does). */
  int T;
  MlirValue *chunk_memo[MAX_CHUNKS];
  MlirValue chunk_ok;
} red_t;

static void forget(red_t *k) { memset(k->pt.memo, 0, k->memo_bytes); }

/* The axes at flattened element i (row-major). */
static void set_axes(fe_kb *kb, red_t *k, MlirValue i) {
  const fe_red_problem *r = &kb->p->red;
  for (int a = r->naxes - 1; a > 0; --a) {
    MlirValue n = kb_size(kb, r->size[r->axis[a]]);
    k->pt.at[r->axis[a]] = wb_arith(&kb->b, "arith.remui", i, n);
    i = wb_arith(&kb->b, "arith.divui", i, n);
  }
  k->pt.at[r->axis[0]] = i;
}

/* Element visitor over the thread's part of the row: `fn` gets the point
 * (width V or 1) and the loop state. */
typedef void (*visit_fn)(fe_kb *kb, red_t *k, void *ud, MlirValue *state);

static void visit_loop(fe_kb *kb, red_t *k, MlirValue lb, MlirValue ub,
                       MlirValue step, int width, int nstate, MlirValue *state,
                       visit_fn fn, void *ud) {
  wb_loop l;
  if (!wb_for_begin(&kb->b, &l, lb, ub, step, nstate, state)) {
    kb->failed = 1;
    return;
  }
  k->pt.width = width;
  set_axes(kb, k, width > 1 ? kb_mulc(kb, l.iv, width) : l.iv);
  forget(k);
  MlirValue st[2] = {l.iter[0], nstate > 1 ? l.iter[1] : l.iter[0]};
  fn(kb, k, ud, st);
  wb_for_end(&kb->b, &l, nstate, st);
  forget(k);
  /* The loop's indices do not reach past it. */
  for (int a = 0; a < kb->p->red.naxes; ++a)
    k->pt.at[kb->p->red.axis[a]] = kb_c(kb, 0);
  for (int i = 0; i < nstate; ++i)
    state[i] = wb_loop_result(&l, i);
}

/* Vector part (elements 0 .. V * floor(len / V) in steps of V per lane),
 * then the rest one by one; vstate is the vector pass's state, state the
 * scalar one (the caller folds the first into the second in between). */
typedef struct {
  visit_fn vec, one;
  void (*fold)(fe_kb *kb, red_t *k, void *ud, MlirValue *vstate,
               MlirValue *state);
  int nstate;
} visitor;

/* Whole vectors in the row: len / V, folded when static. */
static MlirValue vectors(fe_kb *kb, red_t *k) {
  int64_t n;
  if (wb_const_value(k->len, &n))
    return kb_c(kb, n / k->V);
  return wb_arith(&kb->b, "arith.divui", k->len, kb_c(kb, k->V));
}

/* A row held in registers: straight-line code per chunk, each chunk's
 * values kept across the calls. */
static void visit_chunks(fe_kb *kb, red_t *k, const visitor *v, void *ud,
                         MlirValue *vstate, MlirValue *state) {
  MlirValue *memo = k->pt.memo;
  MlirValue nvec = vectors(kb, k);
  bool full = !kb->s->m_tail &&
              (kb->p->red.size[kb->p->red.axis[0]].value / k->V) % k->Q == 0;
  for (int t = 0; t < k->T; ++t) {
    MlirValue j = kb_addc(kb, k->split, (int64_t)t * k->Q);
    k->chunk_ok = full ? (MlirValue){NULL} : wb_cmpi(&kb->b, WB_CMP_ULT, j, nvec);
    k->pt.width = k->V;
    k->pt.memo = k->chunk_memo[t];
    set_axes(kb, k, kb_mulc(kb, j, k->V));
    (k->V > 1 ? v->vec : v->one)(kb, k, ud, k->V > 1 ? vstate : state);
  }
  k->chunk_ok = (MlirValue){NULL};
  k->pt.memo = memo;
  for (int a = 0; a < kb->p->red.naxes; ++a)
    k->pt.at[kb->p->red.axis[a]] = kb_c(kb, 0);
  if (k->V > 1 && v->fold)
    v->fold(kb, k, ud, vstate, state);
}

static void visit_row(fe_kb *kb, red_t *k, const visitor *v, void *ud,
                      MlirValue *vstate, MlirValue *state) {
  if (k->T) {
    visit_chunks(kb, k, v, ud, vstate, state);
    return;
  }
  MlirValue start = k->split, step = kb_c(kb, k->Q);
  if (k->V > 1) {
    MlirValue nvec = vectors(kb, k);
    visit_loop(kb, k, k->split, nvec, step, k->V, v->nstate, vstate, v->vec,
               ud);
    if (v->fold)
      v->fold(kb, k, ud, vstate, state);
    if (!kb->s->n_tail)
      return; /* rows of whole vectors */
    start = kb_add(kb, kb_mulc(kb, nvec, k->V), k->split);
  }
  visit_loop(kb, k, start, k->len, step, 1, v->nstate, state, v->one, ud);
}

/*--- reductions ---------------------------------------------------------------*/
typedef struct {
  int red;
  const char *combine;
  MlirType type;
} reduce_t;

static void reduce_step(fe_kb *kb, red_t *k, void *ud, MlirValue *st) {
  const reduce_t *rc = ud;
  MlirValue v = fe_red_eval(kb, &k->pt, kb->p->red.value[rc->red]);
  if (k->pt.width == 1)
    v = wb_extract(&kb->b, v, 0);
  /* A chunk past the row's end (read from the next row, or zeros past
   * the buffer) adds nothing. */
  if (!mlirValueIsNull(k->chunk_ok))
    v = wb_select(&kb->b, k->chunk_ok, v,
                  fe_red_identity(kb, rc->combine, mlirValueGetType(v)));
  st[0] = fe_red_combine(kb, rc->combine, st[0], v);
}

static void reduce_fold(fe_kb *kb, red_t *k, void *ud, MlirValue *vst,
                        MlirValue *st) {
  const reduce_t *rc = ud;
  MlirValue acc = st[0];
  for (int e = 0; e < k->V; ++e)
    acc = fe_red_combine(kb, rc->combine, acc, wb_extract(&kb->b, vst[0], e));
  st[0] = acc;
}

static MlirValue lds_slot(fe_kb *kb, red_t *k, MlirValue i, MlirValue j) {
  MlirValue idx[2] = {i, j};
  return wb_load(&kb->b, k->lds, 2, idx);
}

/* The combination of the Q partials of each row (column), in every lane. */
static MlirValue combine_partials(fe_kb *kb, red_t *k, const reduce_t *rc,
                                  MlirValue acc) {
  wb_t *b = &kb->b;
  bool column = kb->p->red.column >= 0;
  if (!column)
    acc = fe_red_lanes(kb, rc->combine, acc, k->Q < WAVE ? k->Q : WAVE);
  if (!column && k->Q <= WAVE)
    return acc;
  MlirValue x, y;
  int n;
  if (column) { /* lds[split][column] */
    x = k->split;
    y = k->slot;
    n = k->Q;
    MlirValue idx[2] = {x, y};
    wb_store(b, fe_red_to_slot(kb, acc), k->lds, 2, idx);
  } else { /* lds[row][wave of the row], by the wave's first lane */
    x = k->slot;
    y = wb_arith(b, "arith.divui", k->split, kb_c(kb, WAVE));
    n = k->Q / WAVE;
    MlirValue lane = wb_arith(b, "arith.remui", k->split, kb_c(kb, WAVE));
    MlirValue first = wb_cmpi(b, WB_CMP_EQ, lane, kb_c(kb, 0));
    wb_if f;
    if (!wb_if_begin(b, &f, first, 0, NULL, false)) {
      kb->failed = 1;
      return acc;
    }
    MlirValue idx[2] = {x, y};
    wb_store(b, fe_red_to_slot(kb, acc), k->lds, 2, idx);
    wb_if_end(b, &f, 0, NULL);
  }
  wb_lds_barrier(b);
  MlirValue t = (MlirValue){NULL};
  for (int i = 0; i < n; ++i) {
    MlirValue v = fe_red_from_slot(
        kb, column ? lds_slot(kb, k, kb_c(kb, i), y)
                   : lds_slot(kb, k, x, kb_c(kb, i)),
        rc->type);
    t = i ? fe_red_combine(kb, rc->combine, t, v) : v;
  }
  /* The buffer is written again by the next reduction. */
  wb_lds_barrier(b);
  return t;
}

static void reduce(fe_kb *kb, red_t *k, int ri) {
  const fe_reduction *rd = &kb->p->g.reds[ri];
  reduce_t rc = {ri, rd->combine, rd->type};
  wb_t *b = &kb->b;
  MlirValue id = fe_red_identity(kb, rd->combine, rd->type);
  MlirValue st = id;
  MlirValue vst = k->V > 1 ? wb_broadcast(b, id, wb_vec(k->V, rd->type)) : id;
  visitor v = {reduce_step, reduce_step, reduce_fold, 1};
  visit_row(kb, k, &v, &rc, &vst, &st);
  MlirValue total = combine_partials(kb, k, &rc, st);
  /* The start (linalg's init: a fill, or the output's old contents). */
  k->pt.width = 1;
  forget(k);
  MlirValue init = fe_red_eval(kb, &k->pt, kb->p->red.init[ri]);
  forget(k);
  if (mlirValueIsNull(init) || kb->failed)
    return;
  k->pt.red[ri] = fe_red_combine(kb, rd->combine, wb_extract(b, init, 0),
                                 total);
}

/*--- the output ----------------------------------------------------------------*/
static void store_step(fe_kb *kb, red_t *k, void *ud, MlirValue *st) {
  (void)ud;
  (void)st;
  const fe_problem *p = kb->p;
  int R = p->args[p->out_arg].rank;
  MlirValue v = fe_red_eval(kb, &k->pt, p->red.root);
  MlirValue mem = kb->args[p->out_arg];
  wb_if f;
  bool guard = !mlirValueIsNull(k->chunk_ok);
  if (guard && !wb_if_begin(&kb->b, &f, k->chunk_ok, 0, NULL, false)) {
    kb->failed = 1;
    return;
  }
  if (k->pt.width > 1)
    wb_vstore(&kb->b, v, mem, R, k->pt.at);
  else
    wb_store(&kb->b, wb_extract(&kb->b, v, 0), mem, R, k->pt.at);
  if (guard)
    wb_if_end(&kb->b, &f, 0, NULL);
}

static void write_output(fe_kb *kb, red_t *k) {
  const fe_problem *p = kb->p;
  wb_t *b = &kb->b;
  if (p->red.axis_in_output) {
    /* Loops without state: a dummy index carried through. */
    MlirValue st = kb_c(kb, 0), vst = kb_c(kb, 0);
    visitor v = {store_step, store_step, NULL, 1};
    visit_row(kb, k, &v, NULL, &vst, &st);
    return;
  }
  /* One element per row, by its first lane. */
  MlirValue first = wb_arith(b, "arith.andi", k->valid,
                             wb_cmpi(b, WB_CMP_EQ, k->split, kb_c(kb, 0)));
  wb_if f;
  if (!wb_if_begin(b, &f, first, 0, NULL, false)) {
    kb->failed = 1;
    return;
  }
  k->pt.width = 1;
  forget(k);
  store_step(kb, k, NULL, NULL);
  forget(k);
  wb_if_end(b, &f, 0, NULL);
}

/* The thread's row: outer dims from the block ids, its lane split. */
static void locate(fe_kb *kb, red_t *k) {
  const fe_red_problem *r = &kb->p->red;
  wb_t *b = &kb->b;
  int od[FE_MAX_LOOPS], fast, rest[FE_MAX_LOOPS], nrest = 0;
  int nod = outer_dims(r, od, &fast);
  for (int i = 0; i < nod; ++i)
    if (od[i] != fast)
      rest[nrest++] = od[i];
  MlirValue P = kb_c(kb, k->P), Q = kb_c(kb, k->Q);
  if (r->column >= 0) {
    k->slot = wb_arith(b, "arith.remui", kb->tid, P);
    k->split = wb_arith(b, "arith.divui", kb->tid, P);
  } else {
    k->slot = wb_arith(b, "arith.divui", kb->tid, Q);
    k->split = wb_arith(b, "arith.remui", kb->tid, Q);
  }
  k->valid = wb_const_bool(b, true);
  if (fast >= 0) {
    k->pt.at[fast] = kb_add(kb, kb_mulc(kb, kb_bid(kb, 0), k->P), k->slot);
    if (kb->s->m_tail)
      k->valid = wb_cmpi(b, WB_CMP_ULT, k->pt.at[fast],
                         kb_size(kb, r->size[fast]));
  }
  if (nrest > 0)
    k->pt.at[rest[nrest - 1]] = kb_bid(kb, 1);
  MlirValue z = kb_bid(kb, 2);
  for (int i = nrest - 2; i >= 0; --i) {
    MlirValue n = kb_size(kb, r->size[rest[i]]);
    k->pt.at[rest[i]] = i ? wb_arith(b, "arith.remui", z, n) : z;
    if (i)
      z = wb_arith(b, "arith.divui", z, n);
  }
  MlirValue len = kb_c(kb, 1);
  for (int a = 0; a < r->naxes; ++a)
    len = wb_muli(b, len, kb_size(kb, r->size[r->axis[a]]));
  k->len = kb->s->m_tail ? wb_select(b, k->valid, len, kb_c(kb, 0)) : len;
}

static int build(fe_kb *kb) {
  const fe_problem *p = kb->p;
  const fe_schedule *s = kb->s;
  const fe_red_problem *r = &p->red;
  red_t k;
  memset(&k, 0, sizeof k);
  k.P = s->tile_m;
  k.Q = s->tile_n;
  k.V = s->k_step;
  k.memo_bytes = sizeof(MlirValue) * (size_t)p->g.nnodes;
  k.pt.memo = calloc((size_t)p->g.nnodes + 1, sizeof(MlirValue));
  if (!k.pt.memo)
    return -1;
  locate(kb, &k);
  /* A row of whole vectors, at most MAX_CHUNKS per lane: in registers. */
  if (r->column < 0 && r->naxes == 1 && !s->n_tail &&
      fe_size_static(r->size[r->axis[0]])) {
    int64_t nvec = r->size[r->axis[0]].value / k.V;
    int64_t T = (nvec + k.Q - 1) / k.Q;
    if (T >= 1 && T <= MAX_CHUNKS)
      k.T = (int)T;
  }
  for (int t = 0; t < k.T; ++t)
    if (!(k.chunk_memo[t] = calloc((size_t)p->g.nnodes + 1,
                                   sizeof(MlirValue))))
      kb->failed = 1;
  if (s->lds_bytes) {
    int64_t shape[2] = {r->column >= 0 ? k.Q : k.P,
                        r->column >= 0 ? k.P : k.Q / WAVE};
    k.lds = kb_lds(kb, 2, shape, mlirF32TypeGet(kb->ctx));
  }
  for (int i = 0; i < r->nreds && !kb->failed; ++i)
    reduce(kb, &k, r->order[i]);
  if (!kb->failed)
    write_output(kb, &k);
  for (int t = 0; t < k.T; ++t)
    free(k.chunk_memo[t]);
  free(k.pt.memo);
  return kb->failed ? -1 : 0;
}

const fe_template fe_template_reduction = {"reduction", plan, build};
