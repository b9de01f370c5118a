/* The expression graph's one walk (lib/FrontEnd/Recognize/GraphWalk.c) and
 * its hash-consing of attributes, on graphs built by hand: every node
 * reached once however many paths lead to it (2^64 here), operands before
 * the node in post order, SKIP and STOP, the edges into products taken
 * only when asked, a chain longer than any C stack would allow, and ops
 * that differ only in their attributes kept apart.
 *
 * RUN: wmma-graph-walk-tests | FileCheck %s
 * CHECK-NOT: FAILED
 * CHECK: graph walk: {{[0-9]+}} checks passed
 */
#include "Recognize/Graph.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit-check.h"

static MlirContext g_ctx;

static int load(fe_graph *g, int arg, int rank) {
  fe_node n;
  memset(&n, 0, sizeof n);
  n.kind = FE_LOAD;
  n.type = mlirF32TypeGet(g_ctx);
  n.rank = rank;
  n.arg = arg;
  n.product = n.dim = -1;
  n.pred = -1;
  n.nmap = rank;
  for (int i = 0; i < rank; ++i)
    n.map[i] = (int8_t)i;
  return fe_node_add(g, &n);
}

static int op2(fe_graph *g, const char *name, int a, int b,
               MlirAttribute attrs) {
  int ops[2] = {a, b};
  return fe_op(g, name, mlirF32TypeGet(g_ctx), 2, ops, -1, attrs,
               mlirLocationUnknownGet(g_ctx));
}

/* What a walk saw: pre and post counts per node, and the post order. */
typedef struct {
  int *pre, *post, *order, norder;
  int skip_at, stop_at;
} seen_t;

static fe_walk count_pre(const fe_graph *g, int n, void *ud) {
  (void)g;
  seen_t *s = ud;
  ++s->pre[n];
  if (n == s->stop_at)
    return FE_WALK_STOP;
  return n == s->skip_at ? FE_WALK_SKIP : FE_WALK_NEXT;
}

static fe_walk count_post(const fe_graph *g, int n, void *ud) {
  (void)g;
  seen_t *s = ud;
  ++s->post[n];
  s->order[s->norder++] = n;
  return FE_WALK_NEXT;
}

static int walk(const fe_graph *g, int root, unsigned flags, seen_t *s,
                int skip_at, int stop_at) {
  size_t n = (size_t)g->nnodes;
  memset(s->pre, 0, n * sizeof *s->pre);
  memset(s->post, 0, n * sizeof *s->post);
  s->norder = 0;
  s->skip_at = skip_at;
  s->stop_at = stop_at;
  return fe_graph_visit(g, root, flags, count_pre, count_post, s);
}

static seen_t seen_for(const fe_graph *g) {
  size_t n = (size_t)g->nnodes;
  seen_t s = {calloc(n, sizeof(int)), calloc(n, sizeof(int)),
              calloc(n, sizeof(int)), 0, -1, -1};
  return s;
}

static void seen_free(seen_t *s) {
  free(s->pre);
  free(s->post);
  free(s->order);
}

/* x_{k+1} = x_k + x_k, 64 times: 2^64 paths from the root to the load. */
static void check_shared_chain(void) {
  fe_graph g;
  fe_graph_init(&g);
  int x[65];
  x[0] = load(&g, 0, 2);
  for (int k = 0; k < 64; ++k)
    x[k + 1] = op2(&g, "arith.addf", x[k], x[k], (MlirAttribute){NULL});
  CHECK(g.nnodes == 65, "one node per op (hash-consed)");
  seen_t s = seen_for(&g);
  CHECK(walk(&g, x[64], 0, &s, -1, -1) == 0, "the walk ends");
  bool once = true;
  for (int k = 0; k <= 64; ++k)
    once &= s.pre[x[k]] == 1 && s.post[x[k]] == 1;
  CHECK(once, "every node reached once, done once");
  bool post_order = s.norder == 65;
  for (int k = 0; k < s.norder && post_order; ++k)
    post_order = s.order[k] == x[k]; /* operands first: the load, x1, ... */
  CHECK(post_order, "post order: operands before the op");
  /* SKIP at x32: nothing under it, and no post for it. */
  CHECK(walk(&g, x[64], 0, &s, x[32], -1) == 0, "a skipping walk ends");
  CHECK(s.pre[x[32]] == 1 && s.post[x[32]] == 0 && s.pre[x[31]] == 0 &&
            s.post[x[33]] == 1,
        "SKIP: not into the node, no post for it");
  /* STOP at x10: the walk returns 1 at once. */
  CHECK(walk(&g, x[64], 0, &s, -1, x[10]) == 1, "STOP returns 1");
  CHECK(s.pre[x[9]] == 0 && s.post[x[64]] == 0, "STOP: nothing after it");
  CHECK(fe_reads_arg(&g, x[64], 0, 0) && !fe_reads_arg(&g, x[64], 1, 0),
        "fe_reads_arg");
  CHECK(fe_reads_node(&g, x[64], x[3]) && !fe_reads_node(&g, x[3], x[64]),
        "fe_reads_node");
  CHECK(fe_graph_visit(&g, -1, 0, count_pre, NULL, &s) == 0 &&
            fe_graph_visit(&g, g.nnodes, 0, count_pre, NULL, &s) == 0,
        "a root outside the graph: nothing to walk");
  seen_free(&s);
  fe_graph_free(&g);
}

/* out = acc + lhs * rhs read through a product node: its operands and
 * accumulator are walked only when the flags say so. */
static void check_product_edges(void) {
  fe_graph g;
  fe_graph_init(&g);
  int lhs = load(&g, 0, 3), rhs = load(&g, 1, 3), acc = load(&g, 2, 2);
  fe_contraction *c = &g.prods[g.nprods++];
  memset(c, 0, sizeof *c);
  c->lhs = lhs;
  c->rhs = rhs;
  c->acc = acc;
  fe_node p;
  memset(&p, 0, sizeof p);
  p.kind = FE_PRODUCT;
  p.type = mlirF32TypeGet(g_ctx);
  p.rank = 2;
  p.arg = p.dim = -1;
  p.product = 0;
  p.pred = -1;
  p.nmap = 2;
  p.map[1] = 1;
  int prod = fe_node_add(&g, &p);
  int root = op2(&g, "arith.mulf", prod, prod, (MlirAttribute){NULL});
  CHECK(fe_reads(&g, root, FE_PRODUCT, 0) && !fe_reads(&g, root, FE_PRODUCT, 1),
        "fe_reads: that product, not another");
  CHECK(!fe_reads_arg(&g, root, 0, 0) && !fe_reads_arg(&g, root, 2, 0),
        "no flags: the walk stops at the product");
  CHECK(!fe_reads_arg(&g, root, 0, FE_WALK_PRODUCT_ACC) &&
            fe_reads_arg(&g, root, 2, FE_WALK_PRODUCT_ACC),
        "FE_WALK_PRODUCT_ACC: the accumulator, not the operands");
  CHECK(fe_reads_arg(&g, root, 0, FE_WALK_PRODUCTS) &&
            fe_reads_arg(&g, root, 1, FE_WALK_PRODUCTS) &&
            fe_reads_arg(&g, root, 2, FE_WALK_PRODUCTS),
        "FE_WALK_PRODUCTS: operands and accumulator");
  fe_graph_free(&g);
}

/* A chain of 60000 ops: the walk keeps its own stack. */
static void check_long_chain(void) {
  fe_graph g;
  fe_graph_init(&g);
  int x = load(&g, 0, 2), c = fe_const_float(&g, mlirF32TypeGet(g_ctx), 1, 2);
  for (int k = 0; k < 60000 && x >= 0; ++k)
    x = op2(&g, k % 2 ? "arith.addf" : "arith.mulf", x, c,
            (MlirAttribute){NULL});
  CHECK(x >= 0 && g.nnodes == 60002, "the chain is built");
  seen_t s = seen_for(&g);
  CHECK(walk(&g, x, 0, &s, -1, -1) == 0 && s.norder == 60002,
        "a 60000-op chain walked, every node once");
  seen_free(&s);
  fe_graph_free(&g);
}

/* Two ops that differ only in their attributes are two nodes. */
static void check_attributes_hashed(void) {
  fe_graph g;
  fe_graph_init(&g);
  int a = load(&g, 0, 2);
  MlirNamedAttribute fast = mlirNamedAttributeGet(
      mlirIdentifierGet(g_ctx, mlirStringRefCreateFromCString("fastmath")),
      mlirStringAttrGet(g_ctx, mlirStringRefCreateFromCString("fast")));
  MlirAttribute d1 = mlirDictionaryAttrGet(g_ctx, 1, &fast);
  MlirAttribute d2 = mlirDictionaryAttrGet(g_ctx, 1, &fast);
  int plain = op2(&g, "arith.addf", a, a, (MlirAttribute){NULL});
  int flagged = op2(&g, "arith.addf", a, a, d1);
  CHECK(plain != flagged, "attributes are part of a node");
  CHECK(op2(&g, "arith.addf", a, a, d2) == flagged,
        "equal attributes: the same node");
  fe_graph_free(&g);
}

int main(void) {
  g_ctx = mlirContextCreate();
  check_shared_chain();
  check_product_edges();
  check_long_chain();
  check_attributes_hashed();
  mlirContextDestroy(g_ctx);
  if (g_failures)
    printf("graph walk: %ld of %ld checks FAILED\n", g_failures, g_checks);
  else
    printf("graph walk: %ld checks passed\n", g_checks);
  return g_failures ? 1 : 0;
}
