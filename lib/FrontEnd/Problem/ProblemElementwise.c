/* Front end, step 2 for data-parallel functions: a result that reads no
 * product and no reduction is the root expression evaluated at every
 * output element -- fills, copies, transposes, broadcasts, type
 * conversions and any elementwise math of the table
 * (wmma/Support/ElementwiseOps.def).  Its loads keep whatever maps the
 * recogniser gave them (permutations, broadcasts, divided indices,
 * constant indices); how
 * each is read (vectors, LDS tiles, element by element) is the
 * elementwise template's choice (Templates/Elementwise.c). */
#include "FrontEnd.h"

#include <string.h>

/* A load of the output at another element than the one written: stops the
 * walk.  (Every thread writes only its own elements; reading a neighbour's
 * would race with the neighbour's store.) */
static fe_walk output_elsewhere_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = &g->nodes[n];
  const fe_problem *p = ud;
  if (x->kind != FE_LOAD || x->arg != p->out_arg)
    return FE_WALK_NEXT;
  if (x->nmap != p->args[p->out_arg].rank)
    return FE_WALK_STOP;
  for (int j = 0; j < x->nmap; ++j)
    if (x->map[j] != j || x->div[j])
      return FE_WALK_STOP;
  return FE_WALK_NEXT;
}

/* A value whose element type has no byte size the kernel can address. */
typedef struct {
  const fe_problem *p;
  int bad; /* node, or -1 */
} types_t;

static fe_walk types_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = &g->nodes[n];
  types_t *t = ud;
  if (x->kind == FE_LOAD && fe_storage_bytes(x->type) > 8) {
    t->bad = n;
    return FE_WALK_STOP;
  }
  return FE_WALK_NEXT;
}

int fe_elementwise_build(fe_problem *p, char *why, size_t cap,
                         MlirLocation *where) {
  fe_graph *g = &p->g;
  const fe_arg *out = &p->args[p->out_arg];
  *where = p->loc;
  if (p->root < 0 || p->root >= g->nnodes)
    return fe_why(why, cap, "the result has no value");
  if (out->rank < 1 || out->rank > FE_MAX_RANK)
    return fe_why(why, cap, "the output has rank %d (elementwise kernels "
                            "write outputs of rank 1 to %d)",
                  out->rank, FE_MAX_RANK);
  if (fe_storage_bytes(out->elem) > 8)
    return fe_why(why, cap, "the output's elements are wider than 8 bytes");
  int rc = fe_graph_visit(g, p->root, 0, output_elsewhere_pre, NULL, p);
  if (rc < 0)
    return fe_why(why, cap, "out of memory");
  if (rc)
    return fe_why(why, cap, "the result reads the output at other elements "
                            "than it writes");
  types_t t = {p, -1};
  if (fe_graph_visit(g, p->root, 0, types_pre, NULL, &t) < 0)
    return fe_why(why, cap, "out of memory");
  if (t.bad >= 0) {
    *where = g->nodes[t.bad].loc;
    return fe_why(why, cap, "an input's elements are wider than 8 bytes");
  }
  p->shape = FE_SHAPE_ELEMENTWISE;
  p->ngemms = 0;
  p->inter = -1;
  memset(p->gemms, 0, sizeof p->gemms);
  return 0;
}
