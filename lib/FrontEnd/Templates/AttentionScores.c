/* The forms of the prefill attention's scores (see Attention.h): a
 * causal mask, a positive scale the exponential can fold. */
#include "Templates/Attention.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

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

/* The select's operand taken where the key does not exceed the query
 * (the scores of a block below the diagonal), or -1 when the score is no
 * causal select. */
int fe_att_causal_unmasked(const fe_graph *g, int score) {
  const fe_node *x = &g->nodes[score];
  if (x->kind != FE_OP || strcmp(x->name, "arith.select"))
    return -1;
  const fe_node *c = &g->nodes[x->ops[0]];
  if (c->kind != FE_OP || strcmp(c->name, "arith.cmpi"))
    return -1;
  int l = index_dim(g, c->ops[0]), r = index_dim(g, c->ops[1]);
  bool key_first = l == 1 && r == 0;
  if (!(key_first || (l == 0 && r == 1)))
    return -1;
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
    return -1;
  }
  return is_neg_inf(g, x->ops[gt_true ? 1 : 2]) ? x->ops[gt_true ? 2 : 1] : -1;
}

bool fe_att_causal(const fe_graph *g, int score) {
  return fe_att_causal_unmasked(g, score) >= 0;
}

/*===--- scales ----------------------------------------------------------------===*/
/* The scores written as the first product times a positive finite
 * constant c (either operand order, f32): softmax(c S) = e^(c (S - max S))
 * / sum, so the block max is taken on S and c goes into the exponential's
 * fma (one multiply per score less).  0 for any other score. */
double fe_att_score_factor(const fe_problem *p, int node) {
  const fe_graph *g = &p->g;
  const fe_node *x = &g->nodes[node];
  if (x->kind != FE_OP || strcmp(x->name, "arith.mulf") || x->nops != 2)
    return 0;
  for (int i = 0; i < 2; ++i) {
    const fe_node *s = &g->nodes[x->ops[i]], *c = &g->nodes[x->ops[1 - i]];
    if (s->kind == FE_PRODUCT && s->product == p->gemms[0].prod &&
        mlirTypeIsAF32(g->prods[s->product].acc_type) &&
        c->kind == FE_CONST && c->fval > 0 &&
        isfinite(c->fval))
      return c->fval;
  }
  return 0;
}

/* Are the scores the first product, or it times a positive constant?
 * (Then a block past no key tail needs no mask and nothing but the
 * product's registers.) */
bool fe_att_plain_node(const fe_problem *p, int node) {
  const fe_node *x = &p->g.nodes[node];
  return fe_att_score_factor(p, node) > 0 ||
         (x->kind == FE_PRODUCT && x->product == p->gemms[0].prod);
}

bool fe_att_plain_scores(const fe_problem *p) {
  return fe_att_plain_node(p, p->att.score);
}
