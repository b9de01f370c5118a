/* The one walk over the expression graph.  The graph is hash-consed, so a
 * value read twice is one node read by two edges: a walk without a visited
 * set visits a node once per path to it, 2^n times at the end of n ops that
 * each read the previous value twice.  This walk marks a node when it first
 * reaches it and never enters it again, so it is linear in the nodes and
 * edges it can reach, and it keeps its own stack, so a long chain of ops
 * does not grow the C stack.
 *
 * A visited set is only sound when what a callback learns at a node does
 * not depend on the path that reached it.  That holds for every walker of
 * this graph: a node carries its maps absolutely, in its own index space
 * (fe_compose builds a new node per (node, map) when a value is seen from
 * another space, with its own per-call memo), so nothing is composed along
 * the path. */
#include "Recognize/Graph.h"

#include <stdlib.h>

typedef struct {
  int node;
  int next; /* index of the next edge to follow */
} frame_t;

/* Edge i of node n under flags, or -1 past the last one. */
static int edge(const fe_graph *g, const fe_node *x, unsigned flags, int i) {
  if (x->kind == FE_OP || x->kind == FE_GATHER)
    return i < x->nops ? x->ops[i] : -1;
  if (x->kind == FE_PRODUCT && x->product >= 0 && x->product < g->nprods) {
    const fe_contraction *c = &g->prods[x->product];
    int e[3] = {-1, -1, -1}, k = 0;
    if (flags & FE_WALK_PRODUCT_OPERANDS) {
      e[k++] = c->lhs;
      e[k++] = c->rhs;
    }
    if (flags & FE_WALK_PRODUCT_ACC)
      e[k++] = c->acc;
    return i >= 0 && i < k ? e[i] : -1;
  }
  if (x->kind == FE_REDUCE && (flags & FE_WALK_REDUCTIONS) &&
      x->product >= 0 && x->product < g->nreds) {
    const fe_reduction *r = &g->reds[x->product];
    return i == 0 ? r->value : i == 1 ? r->init : -1;
  }
  return -1;
}

static bool valid(const fe_graph *g, int n) { return n >= 0 && n < g->nnodes; }

int fe_graph_visit(const fe_graph *g, int root, unsigned flags,
                   fe_visit_fn pre, fe_visit_fn post, void *ud) {
  if (!valid(g, root))
    return 0;
  size_t words = ((size_t)g->nnodes + 63) / 64;
  uint64_t *seen = calloc(words, sizeof *seen);
  /* Each node is pushed at most once: the stack never holds more. */
  frame_t *stack = malloc(sizeof *stack * (size_t)g->nnodes);
  int rc = 0, top = 0;
  if (!seen || !stack) {
    rc = -1;
    goto done;
  }
#define MARK(n) (seen[(size_t)(n) / 64] |= 1ull << ((size_t)(n) % 64))
#define SEEN(n) (seen[(size_t)(n) / 64] >> ((size_t)(n) % 64) & 1)
  MARK(root);
  fe_walk a = pre ? pre(g, root, ud) : FE_WALK_NEXT;
  if (a == FE_WALK_STOP) {
    rc = 1;
    goto done;
  }
  if (a == FE_WALK_SKIP)
    goto done;
  stack[top++] = (frame_t){root, 0};
  while (top > 0) {
    frame_t *f = &stack[top - 1];
    int m = edge(g, &g->nodes[f->node], flags, f->next++);
    if (m < 0) {
      /* Every edge followed: the node is done. */
      --top;
      if (post && post(g, f->node, ud) == FE_WALK_STOP) {
        rc = 1;
        goto done;
      }
      continue;
    }
    if (!valid(g, m) || SEEN(m))
      continue;
    MARK(m);
    a = pre ? pre(g, m, ud) : FE_WALK_NEXT;
    if (a == FE_WALK_STOP) {
      rc = 1;
      goto done;
    }
    if (a == FE_WALK_NEXT)
      stack[top++] = (frame_t){m, 0};
  }
#undef MARK
#undef SEEN
done:
  free(seen);
  free(stack);
  return rc;
}

/*===--- walks shared by several stages -------------------------------------===*/
/* Out of memory (a walk's -1) answers "reads": the conservative answer for
 * every caller (a refusal, an in-out role). */
typedef struct {
  fe_kind kind;
  int index;
} reads_t;

static fe_walk reads_pre(const fe_graph *g, int n, void *ud) {
  const reads_t *r = ud;
  const fe_node *x = &g->nodes[n];
  if (x->kind == r->kind && (r->index < 0 || x->product == r->index))
    return FE_WALK_STOP;
  return FE_WALK_NEXT;
}

bool fe_reads(const fe_graph *g, int n, fe_kind kind, int index) {
  reads_t r = {kind, index};
  return fe_graph_visit(g, n, 0, reads_pre, NULL, &r) != 0;
}

typedef struct {
  int arg;
} arg_t;

static fe_walk reads_arg_pre(const fe_graph *g, int n, void *ud) {
  const fe_node *x = &g->nodes[n];
  return (x->kind == FE_LOAD || x->kind == FE_GATHER) &&
                 x->arg == ((const arg_t *)ud)->arg
             ? FE_WALK_STOP
             : FE_WALK_NEXT;
}

bool fe_reads_arg(const fe_graph *g, int n, int arg, unsigned flags) {
  arg_t a = {arg};
  return fe_graph_visit(g, n, flags, reads_arg_pre, NULL, &a) != 0;
}

static fe_walk reads_node_pre(const fe_graph *g, int n, void *ud) {
  (void)g;
  return n == *(const int *)ud ? FE_WALK_STOP : FE_WALK_NEXT;
}

bool fe_reads_node(const fe_graph *g, int n, int m) {
  return fe_graph_visit(g, n, 0, reads_node_pre, NULL, &m) != 0;
}

static fe_walk reads_fixed_pre(const fe_graph *g, int n, void *ud) {
  (void)ud;
  const fe_node *x = &g->nodes[n];
  if (x->kind == FE_LOAD)
    for (int j = 0; j < x->nmap; ++j)
      if (x->map[j] == FE_MAP_FIXED)
        return FE_WALK_STOP;
  return FE_WALK_NEXT;
}

bool fe_reads_fixed(const fe_graph *g, int n) {
  return fe_graph_visit(g, n, FE_WALK_PRODUCTS | FE_WALK_REDUCTIONS,
                        reads_fixed_pre, NULL, NULL) != 0;
}
