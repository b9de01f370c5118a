/* Front end, problem step for attention: O = softmax(score(Q K^T)) V.
 *
 * After normalisation (linalg.softmax decomposed into its reductions,
 * named ops generalised) attention is a chain of two products whose
 * intermediate reads two reductions of the first product's scores along
 * the key dimension:
 *
 *   S  = Q x K^T                         gemms[0]: M = queries, N = keys
 *   X  = score(S)                        elementwise: scale, masks (index
 *                                        comparisons, additive tensors)
 *   mx = max_key X                       a max-reduction, from -inf, the
 *                                        lowest finite value (-3.4e38) or
 *                                        a NaN start with maxnumf
 *   E  = exp(X - mx)
 *   l  = sum_key E                       a sum-reduction, from 0
 *   P  = [cast](E / l)                   f16/bf16 for the second product
 *   O  = P x V                           gemms[1]: K = keys, N = value dim
 *
 * Everything is matched in the (query, key) space: every node involved is
 * composed there, so hash-consing makes "the same expression" the same
 * node.  A softmax over the wrong dimension or any other use of the
 * reductions is not attention (the caller refuses it with the reason). */
#include "Problem/Problem.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

static const fe_node *node(const fe_graph *g, int n) { return &g->nodes[n]; }

static bool is_op(const fe_graph *g, int n, const char *name) {
  return n >= 0 && node(g, n)->kind == FE_OP && !strcmp(node(g, n)->name, name);
}

/* A view of reduction r in the attention space: one of its output dims is
 * the query (space dim 0; none when the query has no token dimension:
 * unit_m), the others batches (dims 2..), none the key. */
static bool is_row_stat(const fe_graph *g, int n, bool unit_m, int *r) {
  const fe_node *x = node(g, n);
  if (x->kind != FE_REDUCE)
    return false;
  int queries = 0;
  for (int j = 0; j < x->nmap; ++j) {
    if (x->map[j] == 1)
      return false;
    queries += x->map[j] == 0;
  }
  if (queries != (unit_m ? 0 : 1))
    return false;
  *r = x->product;
  return true;
}

static bool const_is(const fe_graph *g, int n, double v) {
  const fe_node *x = node(g, n);
  if (x->kind != FE_CONST)
    return false;
  if (isnan(v))
    return isnan(x->fval);
  return x->fval == v;
}

/* Where the row maximum starts: -inf, or a finite constant (frameworks
 * write the lowest finite value, -3.4028235e38 for f32, or a large
 * negative number such as -3e38).  The kernel's running maximum starts at
 * the same value, so exp(x - max) and the sum are the function's even
 * where every score of a row lies below it.  maxnumf from NaN is max from
 * -inf.  Returns false for other starts (+inf, NaN with maximumf, not a
 * constant). */
static bool max_start(const fe_graph *g, const fe_reduction *r, double *v) {
  const fe_node *x = node(g, r->init);
  if (x->kind != FE_CONST)
    return false;
  if (isnan(x->fval)) {
    *v = -INFINITY;
    return !strcmp(r->combine, "arith.maxnumf");
  }
  *v = x->fval;
  return !(isinf(x->fval) && x->fval > 0);
}

/* The value of reduction view n composed into the attention space (rank
 * `rank`): each output dim where the view puts it, the reduced loop at the
 * key dim. */
static int red_value(fe_graph *g, int n, int rank, char *why, size_t cap) {
  fe_node v = *node(g, n);
  const fe_reduction *rd = &g->reds[v.product];
  int8_t map[FE_MAX_LOOPS];
  int nred = 0;
  for (int l = 0; l < rd->nest.nloops; ++l) {
    map[l] = 1;
    nred += rd->nest.reduction[l];
  }
  if (nred != 1)
    return fe_why(why, cap, "a softmax reduction over more than one loop");
  for (int j = 0; j < rd->nest.nout; ++j)
    map[rd->nest.out_dims[j]] = v.map[j];
  return fe_compose(g, rd->value, rank, map);
}

/* The first reduction under n (its index), or -1. */
static fe_walk first_reduction_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = node(g, n);
  if (x->kind != FE_REDUCE)
    return FE_WALK_NEXT;
  *(int *)ud = x->product;
  return FE_WALK_STOP;
}

static int first_reduction(const fe_graph *g, int n) {
  int r = -1;
  fe_graph_visit(g, n, 0, first_reduction_pre, NULL, &r);
  return r;
}

int fe_refuse_reduction(const fe_problem *p, char *why, size_t cap,
                        MlirLocation *where) {
  const fe_graph *g = &p->g;
  int r = first_reduction(g, p->root);
  for (int i = 0; r < 0 && i < g->nprods; ++i) {
    r = first_reduction(g, g->prods[i].lhs);
    if (r < 0)
      r = first_reduction(g, g->prods[i].rhs);
    if (r < 0)
      r = first_reduction(g, g->prods[i].acc);
  }
  if (r < 0)
    return fe_why(why, cap, "internal error: no reduction to refuse");
  *where = g->reds[r].loc;
  if (fe_reads(g, g->reds[r].value, FE_PRODUCT, -1))
    return fe_why(why, cap, "a reduction over the result of a matrix "
                            "product (a row or column sum, a norm, a "
                            "softmax) needs whole rows or columns of it, "
                            "which no output tile holds: not expressible "
                            "per tile");
  return fe_why(why, cap, "a reduction in the same function as a matrix "
                          "product (other than attention's softmax): the "
                          "reduction and the product are separate kernels");
}

/* Every view of the first product under n maps its output dims (m, n,
 * batches) to the attention space's (query, key, batches). */
static fe_walk qk_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = node(g, n);
  const fe_gemm *g1 = *(const fe_gemm *const *)ud;
  if (x->kind != FE_PRODUCT || x->product != g1->prod)
    return FE_WALK_NEXT;
  if ((g1->out_m >= 0 && x->map[g1->out_m] != 0) ||
      x->map[g1->out_n] != 1)
    return FE_WALK_STOP;
  for (int i = 0; i < g1->nbatch; ++i)
    if (x->map[g1->out_batch[i]] != 2 + i)
      return FE_WALK_STOP;
  return FE_WALK_NEXT;
}

static bool product_at_qk(const fe_graph *g, int n, const fe_gemm *g1) {
  return fe_graph_visit(g, n, 0, qk_pre, NULL, &g1) == 0;
}

int fe_attention_build(fe_problem *p, int last, int first, char *why,
                       size_t cap, MlirLocation *where) {
  fe_graph *g = &p->g;
  const fe_contraction *c2 = &g->prods[last];
  if (first < 0)
    return fe_refuse_reduction(p, why, cap, where);
  *where = g->prods[first].loc;
  if (fe_analyze_attention_gemm(p, &p->gemms[0], first, false, why, cap))
    return -1;
  *where = c2->loc;
  if (fe_analyze_attention_gemm(p, &p->gemms[1], last, true, why, cap))
    return -1;
  fe_gemm *g1 = &p->gemms[0], *g2 = &p->gemms[1];
  if (g1->unit_m != g2->unit_m)
    return fe_why(why, cap, "attention whose %s product has no query "
                            "dimension and the %s has",
                  g1->unit_m ? "first" : "second",
                  g1->unit_m ? "second" : "first");
  if (g1->nbatch != g2->nbatch)
    return fe_why(why, cap, "attention whose two products have different "
                            "batch dimensions");
  /* P in the attention space: (query, key, batches...). */
  int rank = 2 + g2->nbatch;
  int8_t map[FE_MAX_LOOPS];
  for (int l = 0; l < c2->nest.nloops; ++l)
    map[l] = 0;
  map[g2->m_loop] = 0;
  map[g2->k_loop] = 1;
  for (int i = 0; i < g2->nbatch; ++i)
    map[g2->batch_loop[i]] = (int8_t)(2 + i);
  int pn = fe_compose(g, c2->lhs, rank, map);
  if (pn < 0)
    return fe_why(why, cap, "out of memory");
  p->att.p_type = node(g, pn)->type;
  if (is_op(g, pn, "arith.truncf"))
    pn = node(g, pn)->ops[0];
  if (!is_op(g, pn, "arith.divf"))
    return fe_why(why, cap, "the second product's A operand is not a "
                            "softmax (exp(x - max) / sum) of the first "
                            "product's scores");
  int e = node(g, pn)->ops[0], lsum = node(g, pn)->ops[1], rs = -1, rm = -1;
  if (!is_row_stat(g, lsum, g1->unit_m, &rs) || !is_op(g, e, "math.exp"))
    return fe_why(why, cap, "the softmax is not normalised by the sum of "
                            "its exponentials along the key dimension "
                            "(a softmax over another dimension is not "
                            "attention)");
  int d = node(g, e)->ops[0];
  if (!is_op(g, d, "arith.subf") || !is_row_stat(g, node(g, d)->ops[1], g1->unit_m, &rm))
    return fe_why(why, cap, "the softmax does not subtract the row "
                            "maximum before the exponential");
  int x = node(g, d)->ops[0], mview = node(g, d)->ops[1];
  const fe_reduction *rdm = &g->reds[rm], *rds = &g->reds[rs];
  if (strcmp(rds->combine, "arith.addf") || !const_is(g, rds->init, 0.0))
    return fe_why(why, cap, "the softmax's normaliser is not a sum from 0");
  double start;
  if ((strcmp(rdm->combine, "arith.maximumf") &&
       strcmp(rdm->combine, "arith.maxnumf")) ||
      !max_start(g, rdm, &start))
    return fe_why(why, cap, "the softmax's maximum is not a max-reduction "
                            "from -inf or from a finite constant");
  int xm = red_value(g, mview, rank, why, cap);
  if (xm < 0)
    return -1;
  int em = red_value(g, lsum, rank, why, cap);
  if (em < 0)
    return -1;
  if (xm != x || em != e)
    return fe_why(why, cap, "the softmax's reductions do not read the same "
                            "scores along the key dimension as its "
                            "exponentials (a softmax over another dimension "
                            "is not attention)");
  if (!fe_reads(g, x, FE_PRODUCT, first) || !product_at_qk(g, x, g1))
    return fe_why(why, cap, "the softmax's scores do not read the first "
                            "product as (query, key): the product's N must "
                            "be the key dimension");
  if (fe_reads(g, x, FE_REDUCE, -1))
    return fe_why(why, cap, "the scores read another reduction");
  /* Types: f16/bf16 Q, K, V; P cast to V's type; f32 accumulations. */
  g2->in_type = g2->a_type = g2->b_type = node(g, c2->rhs)->type;
  if (!mlirTypeEqual(g1->a_type, g1->b_type) ||
      !(mlirTypeIsAF16(g1->a_type) || mlirTypeIsABF16(g1->a_type)) ||
      !mlirTypeIsAF32(g1->kacc_type) || !mlirTypeIsAF32(g2->kacc_type))
    return fe_why(why, cap, "attention with Q and K other than f16 x f16 or "
                            "bf16 x bf16 accumulated in f32");
  if (!mlirTypeEqual(g2->in_type, g1->a_type))
    return fe_why(why, cap, "attention with V of another type than Q and K");
  if (!mlirTypeEqual(p->att.p_type, g2->in_type) ||
      !(mlirTypeIsAF16(g2->in_type) || mlirTypeIsABF16(g2->in_type)))
    return fe_why(why, cap, "P must be cast to V's type (f16 or bf16) before "
                            "P x V: RDNA has no f32 WMMA");
  if (!fe_is_zero(g, c2->acc))
    return fe_why(why, cap, "P x V must start from zero (add other terms in "
                            "the epilogue)");
  p->shape = FE_SHAPE_ATTENTION;
  p->ngemms = 2;
  p->att.score = x;
  p->att.rank = rank;
  p->att.max_init = start;
  p->inter = -1;
  return 0;
}
