/* Front end, problem step for reductions without a matrix product: a
 * softmax (max, exp, sum, div), a log-softmax, LayerNorm (mean, variance,
 * rsqrt), RMSNorm (mean of squares), row, column and full sums, max, min.
 *
 * Everything is expressed in one "row space": the output's dimensions, plus
 * the reduced ones when the output has none of them (a row sum's result
 * has one dimension, its row space two; a rank-0 result's row space is the
 * reduced dimensions alone).  Each reduction is composed there through the
 * view the program reads it by, its reduced loops at the axes; a reduction
 * read by another reduction's value (softmax's max under its sum, a
 * LayerNorm's mean under its variance) is composed the same way, so every
 * reduction the kernel computes is read at the current row.
 *
 * A sum of elementwise products that is no matrix product (sum x * x,
 * sum (x - mean)^2: the recogniser takes any out + a * b for a
 * contraction) is a sum of the product: such contractions become
 * reductions here when every product under the result is one. */
#include "Problem/Problem.h"

#include "mlir-c/BuiltinTypes.h"
#include "wmma/Support/ElementwiseOps.h"

#include <string.h>

static const fe_node *node(const fe_graph *g, int n) { return &g->nodes[n]; }

/*===--- sums of elementwise products ---------------------------------------===*/
typedef struct {
  unsigned prods, reds; /* bit sets of the products/reductions reached */
} reached_t;

static fe_walk reached_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = node(g, n);
  reached_t *r = ud;
  if (x->kind == FE_PRODUCT)
    r->prods |= 1u << x->product;
  if (x->kind == FE_REDUCE)
    r->reds |= 1u << x->product;
  return FE_WALK_NEXT;
}

static fe_walk load_pre(const fe_graph *g, int n, void *ud) {
  (void)ud;
  return node(g, n)->kind == FE_LOAD ? FE_WALK_STOP : FE_WALK_NEXT;
}

static bool reads_memory(const fe_graph *g, int n) {
  return fe_graph_visit(g, n, 0, load_pre, NULL, NULL) != 0;
}

/* Does contraction c multiply elementwise: no loop of the output read by
 * one operand only (no M or N loop, so no matrix or matrix-vector
 * product), or one operand computed from no memory (a constant, an index:
 * sum x * 2, sum x * j)? */
static bool elementwise_product(const fe_graph *g, const fe_contraction *c) {
  if (c->combine) /* a pooling: the VALU template's */
    return false;
  if (!reads_memory(g, c->lhs) || !reads_memory(g, c->rhs))
    return true;
  unsigned ul = fe_used_dims(g, c->lhs), ur = fe_used_dims(g, c->rhs);
  for (int l = 0; l < c->nest.nloops; ++l)
    if (!c->nest.reduction[l] && ((ul >> l) & 1) != ((ur >> l) & 1))
      return false;
  return true;
}

static int interned_op(fe_graph *g, const char *name, MlirType t, int nops,
                       const int *ops, MlirLocation loc) {
  const wmma_elementwise_op *e =
      wmma_elementwise_lookup(mlirStringRefCreateFromCString(name));
  return e ? fe_op(g, e->name, t, nops, ops, -1, (MlirAttribute){NULL}, loc)
           : -1;
}

/* Operand n extended to the accumulation type t, as the program did before
 * the recogniser stripped the extension. */
static int extend(fe_graph *g, int n, MlirType t, bool is_unsigned,
                  MlirLocation loc) {
  if (mlirTypeEqual(node(g, n)->type, t))
    return n;
  const char *op = mlirTypeIsAFloat(t) ? "arith.extf"
                   : is_unsigned       ? "arith.extui"
                                       : "arith.extsi";
  return interned_op(g, op, t, 1, &n, loc);
}

/* Contraction i as the sum of its operands' product. */
static int product_to_sum(fe_graph *g, int i) {
  if (g->nreds >= FE_MAX_REDUCTIONS)
    return -1;
  fe_contraction c = g->prods[i];
  MlirType t = c.acc_type;
  bool fl = mlirTypeIsAFloat(t);
  int ops[2] = {extend(g, c.lhs, t, c.lhs_unsigned, c.loc),
                extend(g, c.rhs, t, c.rhs_unsigned, c.loc)};
  if (ops[0] < 0 || ops[1] < 0)
    return -1;
  int v = interned_op(g, fl ? "arith.mulf" : "arith.muli", t, 2, ops, c.loc);
  if (v < 0)
    return -1;
  fe_reduction *rd = &g->reds[g->nreds];
  memset(rd, 0, sizeof *rd);
  rd->nest = c.nest;
  rd->value = v;
  rd->init = c.acc;
  rd->combine = fl ? "arith.addf" : "arith.addi";
  rd->type = t;
  rd->loc = c.loc;
  return fe_retarget_product(g, i, g->nreds++);
}

/*===--- the row space ------------------------------------------------------===*/
typedef struct {
  fe_problem *p;
  fe_red_problem *r;
  int8_t view[FE_MAX_REDUCTIONS][FE_MAX_RANK]; /* each reduction's map */
  bool seen[FE_MAX_REDUCTIONS], done[FE_MAX_REDUCTIONS];
  char *why;
  size_t cap;
  MlirLocation *where;
} ctx_t;

static bool is_axis(const fe_red_problem *r, int d) {
  for (int i = 0; i < r->naxes; ++i)
    if (r->axis[i] == d)
      return true;
  return false;
}

static bool supported_type(MlirType t) {
  return mlirTypeIsAF32(t) || mlirTypeIsAF16(t) || mlirTypeIsABF16(t) ||
         (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 32);
}

static int add_reduction(ctx_t *c, const fe_node *x);

/* The views of reductions in n (a node of the row space): each must read
 * the current row; their reductions are added first. */
typedef struct {
  ctx_t *c;
  int rc;
} views_t;

static fe_walk views_pre(const fe_graph *g, int n, void *ud) {
  views_t *v = ud;
  const fe_node *x = node(g, n);
  if (x->kind == FE_PRODUCT) {
    v->rc = fe_why(v->c->why, v->c->cap, "a reduction combined with a "
                                         "matrix product");
    return FE_WALK_STOP;
  }
  if (x->kind != FE_REDUCE)
    return FE_WALK_NEXT;
  fe_node copy = *x; /* adding nodes may move the array */
  v->rc = add_reduction(v->c, &copy);
  return v->rc ? FE_WALK_STOP : FE_WALK_NEXT;
}

static int add_views(ctx_t *c, int n) {
  views_t v = {c, 0};
  if (fe_graph_visit(&c->p->g, n, 0, views_pre, NULL, &v) < 0)
    return fe_why(c->why, c->cap, "out of memory");
  return v.rc;
}

/* Reduction view x (in the row space): its value and start composed there
 * (after the reductions they read), in evaluation order. */
static int add_reduction(ctx_t *c, const fe_node *x) {
  fe_graph *g = &c->p->g;
  fe_red_problem *r = c->r;
  int ri = x->product;
  const fe_reduction *rd = &g->reds[ri];
  *c->where = rd->loc;
  if (c->seen[ri]) {
    if (memcmp(c->view[ri], x->map, (size_t)x->nmap))
      return fe_why(c->why, c->cap, "a reduction read at another row than "
                                    "the one being computed (through two "
                                    "different index maps)");
    if (!c->done[ri])
      return fe_why(c->why, c->cap, "a reduction that reads itself");
    return 0;
  }
  c->seen[ri] = true;
  int nred = 0;
  for (int l = 0; l < rd->nest.nloops; ++l)
    nred += rd->nest.reduction[l];
  if (nred != r->naxes || x->nmap != r->rank - r->naxes)
    return fe_why(c->why, c->cap, "reductions over different dimensions "
                                  "(every reduction of a function must "
                                  "reduce the same ones)");
  for (int j = 0; j < x->nmap; ++j)
    if (is_axis(r, x->map[j]))
      return fe_why(c->why, c->cap, "reductions over different dimensions "
                                    "of the result (a kernel reduces one "
                                    "set of dimensions: a row and a column "
                                    "reduction together are two kernels)");
  if (!supported_type(rd->type))
    return fe_why(c->why, c->cap, "a reduction in a type other than f32, "
                                  "f16, bf16 or i32");
  memcpy(c->view[ri], x->map, (size_t)x->nmap);
  /* Loop space -> row space: output loops where the view reads them, the
   * reduced loops at the axes in order. */
  int8_t map[FE_MAX_LOOPS];
  for (int j = 0; j < rd->nest.nout; ++j)
    map[rd->nest.out_dims[j]] = x->map[j];
  for (int l = 0, a = 0; l < rd->nest.nloops; ++l)
    if (rd->nest.reduction[l]) {
      /* A static extent wins over a run-time one (they are equal). */
      if (fe_size_static(rd->nest.loop_size[l]))
        r->size[r->axis[a]] = rd->nest.loop_size[l];
      map[l] = (int8_t)r->axis[a++];
    }
  int value = fe_compose(g, rd->value, r->rank, map);
  int init = fe_compose(g, rd->init, r->rank, c->view[ri]);
  if (value < 0 || init < 0)
    return fe_why(c->why, c->cap, "out of memory");
  if (add_views(c, value) || add_views(c, init))
    return -1;
  r->value[ri] = value;
  r->init[ri] = init;
  r->order[r->nreds++] = ri;
  c->done[ri] = true;
  return 0;
}

/* The first reduction view read directly by n (not inside reductions). */
static fe_walk first_view_pre(const fe_graph *g, int n, void *ud) {
  if (node(g, n)->kind != FE_REDUCE)
    return FE_WALK_NEXT;
  *(int *)ud = n;
  return FE_WALK_STOP;
}

/* Loads that index the axis: whether one axis is innermost and contiguous
 * in all of them (row form, vector loads), else the outer dim innermost in
 * the first one (column form). */
typedef struct {
  const fe_problem *p;
  const fe_red_problem *r;
  bool inner, outer_found;
  int outer, bytes;
} layout_t;

static fe_walk layout_pre(const fe_graph *g, int n, void *ud) {
  layout_t *l = ud;
  const fe_node *x = node(g, n);
  if (x->kind != FE_LOAD)
    return FE_WALK_NEXT;
  bool reads_axis = false;
  for (int j = 0; j < x->nmap; ++j)
    reads_axis |= is_axis(l->r, x->map[j]);
  if (!reads_axis)
    return FE_WALK_NEXT;
  if (fe_storage_bytes(x->type) > l->bytes)
    l->bytes = fe_storage_bytes(x->type);
  int last = x->map[x->nmap - 1];
  bool contiguous = wb_memref_inner_contiguous(l->p->args[x->arg].type);
  if (!is_axis(l->r, last) || x->div[x->nmap - 1] || !contiguous)
    l->inner = false;
  if (!l->outer_found && !is_axis(l->r, last)) {
    l->outer_found = true;
    l->outer = last;
  }
  return FE_WALK_NEXT;
}

static void choose_form(const fe_problem *p, fe_red_problem *r) {
  layout_t l = {p, r, true, false, -1, 1};
  for (int i = 0; i < r->nreds; ++i)
    fe_graph_visit(&p->g, r->value[r->order[i]], 0, layout_pre, NULL, &l);
  fe_graph_visit(&p->g, r->root, 0, layout_pre, NULL, &l);
  r->column = -1;
  r->vectorizable = false;
  r->elem_bytes = l.bytes;
  if (r->naxes != 1)
    return; /* several axes: lanes along their flattened index */
  /* The output, when indexed by the axis, is written the same way. */
  const fe_arg *out = &p->args[p->out_arg];
  if (r->axis_in_output && out->rank > 0 &&
      (r->axis[0] != out->rank - 1 ||
       !wb_memref_inner_contiguous(out->type)))
    l.inner = false;
  if (l.outer_found && !l.inner && l.outer >= 0) {
    r->column = l.outer;
    return;
  }
  r->vectorizable = l.inner;
}

/* Loads of the output: only at the element being written. */
static fe_walk out_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = node(g, n);
  const fe_problem *p = ud;
  if (x->kind != FE_LOAD || x->arg != p->out_arg)
    return FE_WALK_NEXT;
  for (int j = 0; j < x->nmap; ++j)
    if (x->map[j] != j || x->div[j])
      return FE_WALK_STOP;
  return FE_WALK_NEXT;
}

static bool reads_output_elsewhere(const fe_problem *p, int n) {
  return fe_graph_visit(&p->g, n, 0, out_pre, NULL, (void *)p) != 0;
}

static int build_row_space(ctx_t *c, int view) {
  fe_problem *p = c->p;
  fe_graph *g = &p->g;
  fe_red_problem *r = c->r;
  const fe_arg *out = &p->args[p->out_arg];
  const fe_node *x = node(g, view);
  const fe_reduction *rd = &g->reds[x->product];
  int R = out->rank, nred = 0;
  int red_loops[FE_MAX_LOOPS];
  for (int l = 0; l < rd->nest.nloops; ++l)
    if (rd->nest.reduction[l])
      red_loops[nred++] = l;
  if (nred > FE_RED_MAX_AXES)
    return fe_why(c->why, c->cap, "a reduction over more than %d dimensions",
                  FE_RED_MAX_AXES);
  memset(r, 0, sizeof *r);
  for (int d = 0; d < R; ++d)
    r->size[d] = out->shape[d];
  if (x->nmap == R) {
    /* A sum, a mean: the axes follow the output's dims. */
    r->axis_in_output = false;
    r->rank = R + nred;
    r->naxes = nred;
    for (int a = 0; a < nred; ++a) {
      r->axis[a] = R + a;
      r->size[R + a] = rd->nest.loop_size[red_loops[a]];
    }
  } else if (x->nmap + 1 == R && nred == 1) {
    /* A softmax, a norm: the output dim the view does not read. */
    r->axis_in_output = true;
    r->rank = R;
    r->naxes = 1;
    unsigned covered = 0;
    for (int j = 0; j < x->nmap; ++j)
      covered |= 1u << x->map[j];
    for (int d = 0; d < R; ++d)
      if (!((covered >> d) & 1))
        r->axis[0] = d;
  } else {
    return fe_why(c->why, c->cap, "a reduction whose result is broadcast "
                                  "along dimensions it does not reduce, or "
                                  "reduced over several dimensions of the "
                                  "output");
  }
  if (r->rank > FE_MAX_RANK + 1)
    return fe_why(c->why, c->cap, "more than %d dimensions", FE_MAX_RANK + 1);
  /* The root in the row space: the output's dims first. */
  int8_t map[FE_MAX_LOOPS];
  for (int d = 0; d < R; ++d)
    map[d] = (int8_t)d;
  r->root = fe_compose(g, p->root, r->rank, map);
  if (r->root < 0)
    return fe_why(c->why, c->cap, "out of memory");
  for (int i = 0; i < FE_MAX_REDUCTIONS; ++i)
    r->value[i] = r->init[i] = -1;
  return 0;
}

int fe_reduction_build(fe_problem *p, char *why, size_t cap,
                       MlirLocation *where) {
  fe_graph *g = &p->g;
  reached_t reached = {0, 0};
  if (fe_graph_visit(g, p->root, FE_WALK_PRODUCTS | FE_WALK_REDUCTIONS,
                     reached_pre, NULL, &reached) < 0)
    return fe_why(why, cap, "out of memory");
  for (int i = 0; i < g->nprods; ++i)
    if (((reached.prods >> i) & 1) && !elementwise_product(g, &g->prods[i]))
      return 1; /* a matrix product: the GEMM shapes */
  if ((reached.prods || reached.reds) && fe_reads_fixed(g, p->root))
    return fe_why(why, cap, "a load at a constant index (a map like "
                            "(d0, d1) -> (0, d1)) is read by the WMMA "
                            "templates only; the reduction template does "
                            "not address it");
  if (!reached.prods && !reached.reds)
    return 1;
  for (int i = 0; i < g->nprods; ++i)
    if (((reached.prods >> i) & 1) && product_to_sum(g, i))
      return fe_why(why, cap, "out of memory or more than %d reductions",
                    FE_MAX_REDUCTIONS);
  int view = -1;
  fe_graph_visit(g, p->root, 0, first_view_pre, NULL, &view);
  *where = p->loc;
  if (view < 0)
    return fe_why(why, cap, "the result reads reductions only through "
                            "other reductions' starts");
  ctx_t c = {.p = p, .r = &p->red, .why = why, .cap = cap, .where = where};
  if (build_row_space(&c, view) || add_views(&c, p->red.root))
    return -1;
  *where = p->loc;
  fe_red_problem *r = &p->red;
  if (reads_output_elsewhere(p, r->root))
    return fe_why(why, cap, "the result reads the output at other elements "
                            "than it writes");
  /* Every element is read by the thread that writes it, after the
   * reductions: reading the output in a reduction is reading its start. */
  for (int i = 0; i < r->nreds; ++i)
    if (reads_output_elsewhere(p, r->value[r->order[i]]) ||
        reads_output_elsewhere(p, r->init[r->order[i]]))
      return fe_why(why, cap, "a reduction reads the output at other "
                              "elements than the result writes");
  for (int d = 0; d < r->rank; ++d)
    if (!fe_size_static(r->size[d]) && r->size[d].sym < 0)
      return fe_why(why, cap, "internal error: a dimension without a size");
  choose_form(p, r);
  p->shape = FE_SHAPE_REDUCTION;
  p->ngemms = 0;
  p->inter = -1;
  return 0;
}
