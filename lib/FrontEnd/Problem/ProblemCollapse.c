/* Front end, step 2 (continued): contractions over several M, N or K
 * dimensions (IREE's expanded matmuls, (b, m0, m1, k) x (k, n); K split in
 * two).  When every buffer reading such a group of loops holds them as
 * adjacent dimensions in one order, with static sizes and a contiguous
 * (identity) layout, the group is one loop: the innermost takes the product
 * of the sizes and the others size 1 (the GEMM analysis puts them at index
 * 0), and each such buffer is read through a view (memref.reinterpret_cast)
 * whose innermost dimension of the group spans the group (stride of the
 * innermost), the others size 1 with stride 0.  Loop indices stay where
 * they were: no node changes but the sizes. */
#include "FrontEnd.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RANGES 16

/* The nodes of one index space, gathered by a walk that stops at products
 * (their operands and accumulator live in other spaces). */
typedef struct {
  int *ids;
  int n;
} space_t;

static fe_walk gather_pre(const fe_graph *g, int n, void *ud) {
  space_t *s = ud;
  s->ids[s->n++] = n;
  (void)g;
  return FE_WALK_NEXT;
}

static int gather(const fe_graph *g, int root, space_t *s) {
  return fe_graph_visit(g, root, 0, gather_pre, NULL, s) < 0 ? -1 : 0;
}

/* A group of loops of one role, in memory order (outermost first), and
 * the dims it is in each space: the loop space, the product's output
 * space, the output's (root) space; K groups only in the first. */
typedef struct {
  int n;
  int8_t loop[FE_MAX_RANK];
  int8_t dims[3][FE_MAX_RANK];
  bool in_out;
} group_t;

/* A collapsed range of an argument's dims. */
typedef struct {
  int arg, j0, n;
} range_t;

typedef struct {
  range_t r[MAX_RANGES];
  int n;
} ranges_t;

static bool add_range(ranges_t *rs, int arg, int j0, int n) {
  for (int i = 0; i < rs->n; ++i)
    if (rs->r[i].arg == arg && rs->r[i].j0 == j0 && rs->r[i].n == n)
      return true;
  if (rs->n == MAX_RANGES)
    return false;
  rs->r[rs->n++] = (range_t){arg, j0, n};
  return true;
}

static bool member(const int8_t *dims, int n, int d) {
  for (int t = 0; t < n; ++t)
    if (dims[t] == d)
      return true;
  return false;
}

/* Every node of space s reads the group's dims all together, adjacent and
 * in order, or none of them; the ranges it reads into rs. */
static bool check_space(const fe_graph *g, const space_t *s,
                        const int8_t *dims, int n, ranges_t *rs) {
  for (int i = 0; i < s->n; ++i) {
    const fe_node *x = &g->nodes[s->ids[i]];
    if (x->kind == FE_INDEX && member(dims, n, x->dim))
      return false;
    /* A convolution's input is gathered by its own index math (no view):
     * any grouping of its pixel loops reads it. */
    if (x->kind != FE_LOAD || x->im2col)
      continue;
    int j0 = -1, count = 0;
    for (int j = 0; j < x->nmap; ++j)
      if (x->map[j] != FE_MAP_FIXED && member(dims, n, x->map[j])) {
        if (j0 < 0)
          j0 = j;
        ++count;
      }
    if (!count)
      continue;
    if (count != n || j0 + n > x->nmap)
      return false;
    for (int t = 0; t < n; ++t)
      if (x->map[j0 + t] != dims[t] || x->div[j0 + t])
        return false;
    if (!add_range(rs, x->arg, j0, n))
      return false;
  }
  return true;
}

/* Loops read by the nodes of a space (loads and indices), as a bit set. */
static unsigned loops_read(const fe_graph *g, const space_t *s) {
  unsigned u = 0;
  for (int i = 0; i < s->n; ++i) {
    const fe_node *x = &g->nodes[s->ids[i]];
    if (x->kind == FE_LOAD)
      for (int j = 0; j < x->nmap; ++j)
        if (x->map[j] != FE_MAP_FIXED)
          u |= 1u << x->map[j];
    if (x->kind == FE_INDEX)
      u |= 1u << x->dim;
  }
  return u;
}

/* The group's order from the first load of the loop space reading it. */
static bool group_order(const fe_graph *g, const space_t *s, group_t *gr) {
  for (int i = 0; i < s->n; ++i) {
    const fe_node *x = &g->nodes[s->ids[i]];
    if (x->kind != FE_LOAD)
      continue;
    int k = 0;
    int8_t order[FE_MAX_RANK];
    for (int j = 0; j < x->nmap; ++j)
      if (x->map[j] != FE_MAP_FIXED && member(gr->loop, gr->n, x->map[j]))
        order[k++] = x->map[j];
    if (k == 0)
      continue;
    if (k != gr->n)
      return false;
    memcpy(gr->loop, order, sizeof order);
    return true;
  }
  return false;
}

/* The argument's view: the ranges collapsed into their innermost dim. */
static bool make_view(fe_arg *a, const ranges_t *rs) {
  MlirAffineMap layout = mlirMemRefTypeGetAffineMap(a->type);
  if (!a->is_buffer || a->permuted || a->collapsed ||
      (!mlirAffineMapIsNull(layout) && !mlirAffineMapIsIdentity(layout)))
    return false;
  int64_t stride = 1;
  for (int j = a->rank - 1; j >= 0; --j) {
    if (!fe_size_static(a->shape[j]))
      return false;
    a->vshape[j] = a->shape[j].value;
    a->vstride[j] = stride;
    stride *= a->shape[j].value;
  }
  for (int i = 0; i < rs->n; ++i) {
    const range_t *r = &rs->r[i];
    int last = r->j0 + r->n - 1;
    for (int j = r->j0; j < last; ++j) {
      a->vshape[last] *= a->vshape[j];
      a->vshape[j] = 1;
      a->vstride[j] = 0;
    }
  }
  a->collapsed = true;
  return true;
}

static int collapse(fe_problem *p, int prod, space_t sp[3], group_t *gs,
                    int ngroups) {
  fe_graph *g = &p->g;
  fe_contraction *c = &g->prods[prod];
  ranges_t rs = {.n = 0};
  for (int i = 0; i < ngroups; ++i) {
    group_t *gr = &gs[i];
    for (int s = 0; s < (gr->in_out ? 3 : 1); ++s)
      if (!check_space(g, &sp[s], gr->dims[s], gr->n, &rs))
        return -1;
    /* The output is written at the group's dims of the root space: they
     * must be adjacent too, in order. */
    if (gr->in_out) {
      for (int t = 0; t < gr->n; ++t)
        if (gr->dims[2][t] != gr->dims[2][0] + t)
          return -1;
      if (!add_range(&rs, p->out_arg, gr->dims[2][0], gr->n))
        return -1;
    }
    for (int t = 0; t < gr->n; ++t)
      if (!fe_size_static(c->nest.loop_size[gr->loop[t]]))
        return -1;
  }
  /* The ranges of one argument must not overlap (one view per argument). */
  for (int i = 0; i < rs.n; ++i)
    for (int k = 0; k < rs.n; ++k)
      if (i != k && rs.r[i].arg == rs.r[k].arg &&
          rs.r[i].j0 < rs.r[k].j0 + rs.r[k].n &&
          rs.r[k].j0 < rs.r[i].j0 + rs.r[i].n)
        return -1;
  /* Every load of an argument with a collapsed range reads the range with
   * a group (not other loops, not constants): the view has no other
   * elements there. */
  for (int s = 0; s < 3; ++s)
    for (int i = 0; i < sp[s].n; ++i) {
      const fe_node *x = &g->nodes[sp[s].ids[i]];
      if (x->kind != FE_LOAD || x->im2col)
        continue;
      for (int k = 0; k < rs.n; ++k) {
        const range_t *r = &rs.r[k];
        if (r->arg != x->arg)
          continue;
        bool ok = false;
        for (int q = 0; q < ngroups && !ok; ++q) {
          const group_t *gr = &gs[q];
          if (gr->n != r->n || (s > 0 && !gr->in_out))
            continue;
          ok = true;
          for (int t = 0; t < r->n; ++t)
            ok &= x->map[r->j0 + t] == gr->dims[s][t];
        }
        if (!ok)
          return -1;
      }
    }
  fe_arg saved[FE_MAX_ARGS];
  memcpy(saved, p->args, sizeof saved);
  for (int a = 0; a < p->nargs; ++a) {
    ranges_t mine = {.n = 0};
    for (int i = 0; i < rs.n; ++i)
      if (rs.r[i].arg == a)
        mine.r[mine.n++] = rs.r[i];
    if (mine.n && !make_view(&p->args[a], &mine)) {
      memcpy(p->args, saved, sizeof saved);
      return -1;
    }
  }
  for (int i = 0; i < ngroups; ++i) {
    const group_t *gr = &gs[i];
    int64_t size = 1;
    for (int t = 0; t < gr->n; ++t) {
      size *= c->nest.loop_size[gr->loop[t]].value;
      c->nest.loop_size[gr->loop[t]] = fe_static(1);
    }
    c->nest.loop_size[gr->loop[gr->n - 1]] = fe_static(size);
  }
  return 0;
}

/* The map of the root's view of product prod (one, or -1). */
static const fe_node *root_view(const fe_graph *g, const space_t *s,
                                int prod) {
  const fe_node *v = NULL;
  for (int i = 0; i < s->n; ++i) {
    const fe_node *x = &g->nodes[s->ids[i]];
    if (x->kind != FE_PRODUCT || x->product != prod)
      continue;
    if (v && memcmp(v->map, x->map, sizeof x->map))
      return NULL;
    v = x;
  }
  return v;
}

void fe_collapse_loops(fe_problem *p, int prod) {
  fe_graph *g = &p->g;
  fe_contraction *c = &g->prods[prod];
  space_t sp[3] = {{NULL, 0}, {NULL, 0}, {NULL, 0}};
  for (int s = 0; s < 3; ++s)
    if (!(sp[s].ids = malloc(sizeof(int) * (size_t)(2 * g->nnodes + 1))))
      goto out;
  space_t lhs = {sp[0].ids, 0}, rhs;
  if (gather(g, c->lhs, &lhs))
    goto out;
  rhs = (space_t){sp[0].ids + lhs.n, 0};
  if (gather(g, c->rhs, &rhs))
    goto out;
  sp[0].n = lhs.n + rhs.n;
  if (gather(g, c->acc, &sp[1]) || gather(g, p->root, &sp[2]))
    goto out;
  unsigned ul = loops_read(g, &lhs), ur = loops_read(g, &rhs), uo = 0;
  for (int j = 0; j < c->nest.nout; ++j)
    uo |= 1u << c->nest.out_dims[j];
  /* Groups: the M, N and K loops (size 1 ones aside). */
  group_t gs[3];
  memset(gs, 0, sizeof gs);
  for (int l = 0; l < c->nest.nloops; ++l) {
    fe_size sz = c->nest.loop_size[l];
    if (fe_size_static(sz) && sz.value == 1)
      continue;
    bool L = ul >> l & 1, R = ur >> l & 1, O = uo >> l & 1;
    int role = c->nest.reduction[l] ? (L && R ? 2 : -1)
               : L && !R && O       ? 0
               : R && !L && O       ? 1
                                    : -1;
    if (role >= 0 && gs[role].n < FE_MAX_RANK)
      gs[role].loop[gs[role].n++] = (int8_t)l;
  }
  group_t todo[3];
  int ntodo = 0;
  const fe_node *view = root_view(g, &sp[2], prod);
  for (int r = 0; r < 3; ++r) {
    group_t *gr = &gs[r];
    if (gr->n < 2)
      continue;
    if (!group_order(g, &sp[0], gr))
      goto out;
    gr->in_out = r < 2;
    for (int t = 0; t < gr->n; ++t) {
      gr->dims[0][t] = gr->loop[t];
      if (!gr->in_out)
        continue;
      int od = -1;
      for (int j = 0; j < c->nest.nout; ++j)
        if (c->nest.out_dims[j] == gr->loop[t])
          od = j;
      if (od < 0 || !view)
        goto out;
      gr->dims[1][t] = (int8_t)od;
      gr->dims[2][t] = view->map[od];
    }
    todo[ntodo++] = *gr;
  }
  if (ntodo)
    collapse(p, prod, sp, todo, ntodo);
out:
  for (int s = 0; s < 3; ++s)
    free(sp[s].ids);
}
