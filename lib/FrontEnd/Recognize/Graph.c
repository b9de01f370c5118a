/* The expression graph of the front end: nodes over index spaces, hash-consed
 * so that the same value read twice (e.g. through two compositions of one
 * transpose) is one node, and composition through projected permutations. */
#include "Recognize/Graph.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fe_graph_init(fe_graph *g) { memset(g, 0, sizeof *g); }

void fe_graph_free(fe_graph *g) {
  free(g->nodes);
  free(g->hash);
  memset(g, 0, sizeof *g);
}

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

static uint64_t node_hash(const fe_node *n) {
  uint64_t h = (uint64_t)n->kind;
  h = mix(h, (uint64_t)(uintptr_t)n->type.ptr);
  h = mix(h, (uint64_t)n->rank);
  h = mix(h, (uint64_t)n->arg);
  h = mix(h, (uint64_t)n->product);
  h = mix(h, (uint64_t)n->dim);
  h = mix(h, (uint64_t)n->im2col);
  h = mix(h, (uint64_t)n->kremap);
  h = mix(h, (uint64_t)n->nmap);
  for (int i = 0; i < n->nmap; ++i)
    h = mix(mix(mix(h, (uint64_t)n->map[i]), (uint64_t)n->div[i]),
            (uint64_t)n->fixed[i]);
  h = mix(h, (uint64_t)(uintptr_t)n->name);
  h = mix(h, (uint64_t)n->pred);
  h = mix(h, (uint64_t)(uintptr_t)n->attrs.ptr); /* uniqued: same attrs, same pointer */
  h = mix(h, (uint64_t)n->nops);
  for (int i = 0; i < n->nops; ++i)
    h = mix(h, (uint64_t)n->ops[i]);
  uint64_t fb;
  memcpy(&fb, &n->fval, sizeof fb);
  h = mix(h, fb);
  h = mix(h, (uint64_t)n->ival);
  return h;
}

static bool node_equal(const fe_node *a, const fe_node *b) {
  if (a->kind != b->kind || !mlirTypeEqual(a->type, b->type) ||
      a->rank != b->rank || a->arg != b->arg || a->product != b->product ||
      a->dim != b->dim || a->im2col != b->im2col ||
      a->kremap != b->kremap || a->nmap != b->nmap ||
      a->name != b->name ||
      a->pred != b->pred || a->attrs.ptr != b->attrs.ptr ||
      a->nops != b->nops || a->ival != b->ival ||
      memcmp(&a->fval, &b->fval, sizeof a->fval))
    return false;
  for (int i = 0; i < a->nmap; ++i)
    if (a->map[i] != b->map[i] || a->div[i] != b->div[i] ||
        a->fixed[i] != b->fixed[i])
      return false;
  for (int i = 0; i < a->nops; ++i)
    if (a->ops[i] != b->ops[i])
      return false;
  return true;
}

static int rehash(fe_graph *g, int cap) {
  int *h = malloc(sizeof *h * (size_t)cap);
  if (!h)
    return -1;
  for (int i = 0; i < cap; ++i)
    h[i] = -1;
  for (int n = 0; n < g->nnodes; ++n) {
    uint64_t k = node_hash(&g->nodes[n]) & (uint64_t)(cap - 1);
    while (h[k] >= 0)
      k = (k + 1) & (uint64_t)(cap - 1);
    h[k] = n;
  }
  free(g->hash);
  g->hash = h;
  g->hcap = cap;
  return 0;
}

/* Graphs are small (hundreds of nodes); the bound keeps hostile input from
 * growing one without limit. */
#define FE_MAX_NODES 65536

int fe_node_add(fe_graph *g, const fe_node *n) {
  if (g->hcap == 0 && rehash(g, 256))
    return -1;
  uint64_t mask = (uint64_t)(g->hcap - 1);
  uint64_t k = node_hash(n) & mask;
  while (g->hash[k] >= 0) {
    if (node_equal(&g->nodes[g->hash[k]], n))
      return g->hash[k];
    k = (k + 1) & mask;
  }
  if (g->nnodes >= FE_MAX_NODES)
    return -1;
  if (g->nnodes == g->cap) {
    int cap = g->cap ? 2 * g->cap : 64;
    fe_node *nn = realloc(g->nodes, sizeof *nn * (size_t)cap);
    if (!nn)
      return -1;
    g->nodes = nn;
    g->cap = cap;
  }
  int id = g->nnodes++;
  g->nodes[id] = *n;
  g->hash[k] = id;
  if (2 * g->nnodes > g->hcap && rehash(g, 2 * g->hcap))
    return -1;
  return id;
}

int fe_retarget_product(fe_graph *g, int prod, int red) {
  for (int n = 0; n < g->nnodes; ++n)
    if (g->nodes[n].kind == FE_PRODUCT && g->nodes[n].product == prod) {
      g->nodes[n].kind = FE_REDUCE;
      g->nodes[n].product = red;
    }
  /* The changed nodes hash differently now. */
  return g->hcap ? rehash(g, g->hcap) : 0;
}

fe_node fe_node_blank(fe_kind kind, MlirType type, int rank) {
  fe_node n;
  memset(&n, 0, sizeof n);
  n.kind = kind;
  n.type = type;
  n.rank = rank;
  n.arg = n.product = n.dim = -1;
  n.pred = -1;
  return n;
}

int fe_op(fe_graph *g, const char *name, MlirType type, int nops,
          const int *ops, int64_t pred, MlirAttribute attrs,
          MlirLocation loc) {
  if (nops < 1 || nops > 3)
    return -1;
  int rank = 0;
  for (int i = 0; i < nops; ++i) {
    if (ops[i] < 0 || ops[i] >= g->nnodes)
      return -1;
    if (g->nodes[ops[i]].rank > rank)
      rank = g->nodes[ops[i]].rank;
  }
  fe_node n = fe_node_blank(FE_OP, type, rank);
  n.name = name;
  n.pred = pred;
  n.attrs = attrs;
  n.nops = nops;
  for (int i = 0; i < nops; ++i)
    n.ops[i] = ops[i];
  n.loc = loc;
  return fe_node_add(g, &n);
}

int fe_const_float(fe_graph *g, MlirType type, double v, int rank) {
  fe_node n = fe_node_blank(FE_CONST, type, rank);
  n.fval = v;
  return fe_node_add(g, &n);
}

bool fe_is_zero(const fe_graph *g, int n) {
  if (n < 0 || n >= g->nnodes)
    return false;
  const fe_node *x = &g->nodes[n];
  return x->kind == FE_CONST && x->fval == 0.0 && x->ival == 0;
}

/* Composition with a per-call memo: the graph is a DAG and an operand
 * shared by several ops is composed once. */
typedef struct {
  fe_graph *g;
  int rank;
  const int8_t *map;
  const int32_t *fixed; /* constants of FE_MAP_FIXED entries, or NULL */
  const int32_t *div;   /* divisors of the dims (0: none), or NULL */
  int *memo; /* node -> composed node, or -2 */
  bool fixed_view; /* a product or reduction was read at a constant */
} compose_t;

static int compose_rec(compose_t *c, int n) {
  if (n < 0 || n >= c->g->nnodes)
    return -1;
  if (c->memo[n] != -2)
    return c->memo[n];
  fe_node x = c->g->nodes[n]; /* copy: adding nodes may move the array */
  fe_node y = x;
  y.rank = c->rank;
  switch (x.kind) {
  case FE_LOAD:
    for (int i = 0; i < x.nmap; ++i) {
      if (x.map[i] == FE_MAP_FIXED)
        continue; /* already a constant index */
      y.map[i] = c->map[x.map[i]];
      if (y.map[i] == FE_MAP_FIXED) {
        int32_t v = c->fixed[x.map[i]];
        y.fixed[i] = x.div[i] ? v / x.div[i] : v; /* v >= 0: floordiv */
        y.div[i] = 0;
      } else if (c->div && c->div[x.map[i]]) {
        /* floor(floor(v / a) / b) = floor(v / (a b)) for v >= 0 */
        int32_t a = c->div[x.map[i]];
        y.div[i] = x.div[i] ? x.div[i] * a : a;
      }
    }
    break;
  case FE_PRODUCT:
  case FE_REDUCE:
    for (int i = 0; i < x.nmap; ++i) {
      y.map[i] = c->map[x.map[i]];
      if (y.map[i] == FE_MAP_FIXED || (c->div && c->div[x.map[i]])) {
        c->fixed_view = true;
        return -1;
      }
    }
    break;
  case FE_INDEX:
    if (c->div && c->div[x.dim]) {
      c->fixed_view = true;
      return -1;
    }
    y.dim = c->map[x.dim];
    if (y.dim == FE_MAP_FIXED) { /* linalg.index of a fixed dim */
      y = fe_node_blank(FE_CONST, x.type, c->rank);
      y.ival = c->fixed[x.dim];
      y.loc = x.loc;
    }
    break;
  case FE_CONST:
  case FE_SCALAR:
    break;
  case FE_OP:
  case FE_GATHER:
    for (int i = 0; i < x.nops; ++i) {
      y.ops[i] = compose_rec(c, x.ops[i]);
      if (y.ops[i] < 0)
        return -1;
    }
    break;
  }
  int r = fe_node_add(c->g, &y);
  c->memo[n] = r;
  return r;
}

int fe_compose_fixed(fe_graph *g, int n, int rank, const int8_t *map,
                     const int32_t *fixed) {
  return fe_compose_divided(g, n, rank, map, fixed, NULL);
}

int fe_compose_divided(fe_graph *g, int n, int rank, const int8_t *map,
                       const int32_t *fixed, const int32_t *div) {
  compose_t c = {g, rank, map, fixed, div,
                 malloc(sizeof(int) * (size_t)g->nnodes), false};
  if (!c.memo)
    return -1;
  for (int i = 0; i < g->nnodes; ++i)
    c.memo[i] = -2;
  int r = compose_rec(&c, n);
  free(c.memo);
  return c.fixed_view ? -2 : r;
}

int fe_compose(fe_graph *g, int n, int rank, const int8_t *map) {
  return fe_compose_fixed(g, n, rank, map, NULL);
}

bool fe_load_fixed(const fe_node *x) {
  if (x->kind != FE_LOAD)
    return false;
  for (int j = 0; j < x->nmap; ++j)
    if (x->map[j] == FE_MAP_FIXED)
      return true;
  return false;
}

bool fe_load_grouped(const fe_node *x) {
  if (x->kind != FE_LOAD)
    return false;
  for (int j = 0; j < x->nmap; ++j)
    if (x->div[j])
      return true;
  return false;
}

int fe_graph_permute_loads(fe_graph *g, int arg, const int8_t *perm) {
  for (int n = 0; n < g->nnodes; ++n) {
    fe_node *x = &g->nodes[n];
    if (x->kind != FE_LOAD || x->arg != arg)
      continue;
    fe_node y = *x;
    for (int i = 0; i < x->nmap; ++i) {
      y.map[i] = x->map[perm[i]];
      y.div[i] = x->div[perm[i]];
      y.fixed[i] = x->fixed[perm[i]];
    }
    *x = y;
  }
  /* The rewritten nodes hash elsewhere now. */
  return g->hcap ? rehash(g, g->hcap) : 0;
}

int fe_graph_insert_unit_dim(fe_graph *g, int arg, int at) {
  for (int n = 0; n < g->nnodes; ++n) {
    fe_node *x = &g->nodes[n];
    if (x->kind != FE_LOAD || x->arg != arg || at > x->nmap ||
        x->nmap >= FE_MAX_RANK)
      continue;
    for (int j = x->nmap; j > at; --j) {
      x->map[j] = x->map[j - 1];
      x->div[j] = x->div[j - 1];
      x->fixed[j] = x->fixed[j - 1];
    }
    x->map[at] = FE_MAP_FIXED;
    x->div[at] = 0;
    x->fixed[at] = 0;
    ++x->nmap;
  }
  /* The rewritten nodes hash elsewhere now. */
  return g->hcap ? rehash(g, g->hcap) : 0;
}
