/* Front end, step 2 (continued): two products of one A operand whose
 * results the output combines elementwise -- SwiGLU's silu(x Wg) * (x Wu),
 * a gated linear unit, two projections summed -- as one kernel (horizontal
 * fusion): each workgroup reads its A tile once and multiplies it with both
 * B operands, keeping two sets of accumulators, and the epilogue combines
 * them, so neither product's result goes through memory.  Also (Q, K, V)
 * two or three products of one A written to separate outputs. */
#include "FrontEnd.h"

#include <string.h>

static bool same_size(fe_size a, fe_size b) {
  return fe_size_static(a) ? a.value == b.value
                           : !fe_size_static(b) && a.sym == b.sym;
}

/* Do the two products read the same A matrix the same way (a plain load
 * of one buffer through the same dimensions)? */
static bool same_lhs(const fe_gemm *a, const fe_gemm *b) {
  const fe_operand *x = &a->lhs, *y = &b->lhs;
  return x->arg >= 0 && x->arg == y->arg && x->is_load && y->is_load &&
         x->mem_row == y->mem_row && x->mem_k == y->mem_k &&
         x->nbatch == y->nbatch &&
         !memcmp(x->mem_batch, y->mem_batch, sizeof x->mem_batch) &&
         x->permuted == y->permuted &&
         (!x->permuted || !memcmp(x->perm, y->perm, sizeof x->perm));
}

/* Why product c cannot be one of several fused products: an operand
 * computed from a product or a reduction (0 when it can). */
static int operands_plain(const fe_graph *g, const fe_contraction *c,
                          char *why, size_t cap) {
  if (fe_reads(g, c->lhs, FE_PRODUCT, -1) ||
      fe_reads(g, c->rhs, FE_PRODUCT, -1) ||
      fe_reads(g, c->acc, FE_PRODUCT, -1) ||
      fe_reads(g, c->lhs, FE_REDUCE, -1) ||
      fe_reads(g, c->rhs, FE_REDUCE, -1) ||
      fe_reads(g, c->acc, FE_REDUCE, -1))
    return fe_why(why, cap, "an operand of one product is computed from "
                            "a product or a reduction");
  return 0;
}

/* Can products a and b share one kernel's A tiles, copy plan and
 * accumulator types?  0, or -1 with why. */
static int fusable(const fe_graph *g, const fe_gemm *a, const fe_gemm *b,
                   char *why, size_t cap) {
  if (!same_lhs(a, b))
    return fe_why(why, cap, "they do not read one A operand (horizontal "
                            "fusion shares A's tiles between the products)");
  if (!same_size(a->M, b->M) || !same_size(a->N, b->N) ||
      !same_size(a->K, b->K) || a->nbatch != b->nbatch)
    return fe_why(why, cap, "their shapes differ");
  for (int i = 0; i < a->nbatch; ++i)
    if (!same_size(a->batch[i], b->batch[i]))
      return fe_why(why, cap, "their batch sizes differ");
  if (b->rhs.arg < 0 || a->rhs.arg < 0 ||
      !mlirTypeEqual(g->nodes[a->rhs.leaf].type, g->nodes[b->rhs.leaf].type) ||
      a->rhs.k_contiguous != b->rhs.k_contiguous ||
      a->rhs.permuted != b->rhs.permuted)
    return fe_why(why, cap, "their B operands differ in type or layout (one "
                            "copy plan stages them all)");
  if (!mlirTypeEqual(a->a_type, b->a_type) ||
      !mlirTypeEqual(a->b_type, b->b_type) ||
      !mlirTypeEqual(a->kacc_type, b->kacc_type) ||
      a->a_unsigned != b->a_unsigned || a->b_unsigned != b->b_unsigned)
    return fe_why(why, cap, "they multiply or accumulate in different "
                            "types");
  if (a->a_zp >= 0 || a->b_zp >= 0 || b->a_zp >= 0 || b->b_zp >= 0)
    return fe_why(why, cap, "a product has zero points");
  return 0;
}

int fe_dual_problem(fe_problem *p, int *last, char *why, size_t cap,
                    MlirLocation *where) {
  const fe_graph *g = &p->g;
  int prods[2], n = 0;
  for (int i = 0; i < g->nprods && n < 3; ++i)
    if (fe_reads(g, p->root, FE_PRODUCT, i)) {
      if (n < 2)
        prods[n] = i;
      ++n;
    }
  if (n != 2)
    return fe_why(why, cap, "not two products");
  if (fe_reads(g, p->root, FE_REDUCE, -1))
    return fe_why(why, cap, "the result also reduces");
  for (int s = 0; s < 2; ++s) {
    const fe_contraction *c = &g->prods[prods[s]];
    *where = c->loc;
    if (operands_plain(g, c, why, cap))
      return -1;
  }
  p->shape = FE_SHAPE_DUAL;
  p->ngemms = 2;
  p->inter = -1;
  for (int s = 0; s < 2; ++s) {
    *where = g->prods[prods[s]].loc;
    if (fe_analyze_gemm(p, &p->gemms[s], prods[s], false, why, cap))
      return -1;
  }
  const fe_gemm *a = &p->gemms[0], *b = &p->gemms[1];
  if (fusable(g, a, b, why, cap))
    return -1;
  /* The epilogue reads both accumulators at the same output element. */
  fe_views v[2];
  v[0] = fe_product_views(g, p->root, prods[0]);
  v[1] = fe_product_views(g, p->root, prods[1]);
  if (!v[0].view || !v[1].view || !v[0].one_map || !v[1].one_map ||
      a->out_m != b->out_m || a->out_n != b->out_n ||
      memcmp(a->out_batch, b->out_batch, sizeof a->out_batch) ||
      memcmp(v[0].view->map, v[1].view->map, sizeof v[0].view->map))
    return fe_why(why, cap, "the result reads them at different elements");
  *last = prods[1];
  return 0;
}

/* Q, K and V: each output the root of one product of the shared A, with
 * its own per-element epilogue; one kernel loads A once per K step and
 * stores each accumulator set to its own buffer. */
int fe_multi_problem(fe_problem *p, int *last, char *why, size_t cap,
                     MlirLocation *where) {
  const fe_graph *g = &p->g;
  int prods[FE_MAX_OUTS];
  for (int o = 0; o < p->nouts; ++o) {
    int n = 0;
    for (int i = 0; i < g->nprods; ++i)
      if (fe_reads(g, p->roots[o], FE_PRODUCT, i)) {
        prods[o] = i;
        ++n;
      }
    if (n != 1)
      return fe_why(why, cap, "output %d reads %d products (each must be "
                              "one product's result)",
                    o, n);
    if (fe_reads(g, p->roots[o], FE_REDUCE, -1))
      return fe_why(why, cap, "output %d reduces", o);
    for (int q = 0; q < o; ++q)
      if (prods[q] == prods[o])
        return fe_why(why, cap, "two outputs read one product");
    const fe_contraction *c = &g->prods[prods[o]];
    *where = c->loc;
    if (operands_plain(g, c, why, cap))
      return -1;
  }
  p->shape = FE_SHAPE_DUAL;
  p->ngemms = p->nouts;
  p->inter = -1;
  for (int o = 0; o < p->nouts; ++o) {
    *where = g->prods[prods[o]].loc;
    if (fe_analyze_gemm(p, &p->gemms[o], prods[o], false, why, cap))
      return -1;
  }
  const fe_gemm *a = &p->gemms[0];
  const fe_arg *oa = &p->args[p->outs[0]];
  fe_views v0 = fe_product_views(g, p->roots[0], prods[0]);
  for (int o = 1; o < p->nouts; ++o) {
    const fe_gemm *b = &p->gemms[o];
    const fe_arg *ob = &p->args[p->outs[o]];
    if (fusable(g, a, b, why, cap))
      return -1;
    /* One output tile addresses every output: same rank, same element
     * type (one store shape), the same map from product to output. */
    fe_views v = fe_product_views(g, p->roots[o], prods[o]);
    if (!v0.view || !v.view || !v0.one_map || !v.one_map ||
        a->out_m != b->out_m || a->out_n != b->out_n ||
        memcmp(a->out_batch, b->out_batch, sizeof a->out_batch) ||
        memcmp(v0.view->map, v.view->map, sizeof v.view->map) ||
        oa->rank != ob->rank || !mlirTypeEqual(oa->elem, ob->elem))
      return fe_why(why, cap, "their outputs are not written at the same "
                              "elements in the same type");
  }
  *last = prods[0];
  return 0;
}
