/* Front end, step 1 (continued): a linalg.generic's body interpreted over
 * its inputs' contents seen through the indexing maps (Recognize.c has the
 * buffers and the walk).  Elementwise ops become FE_OP nodes; a reduction
 * whose body is acc + a * b (with or without extensions of a and b) becomes
 * a contraction node, max/sum reductions become reduction nodes, anything
 * else is refused with its reason.  Maps and loop sizes: RecognizeMaps.c;
 * the body's ops: RecognizeBody.c. */
#include "Recognize/GenericParts.h"

#include "wmma/Support/ElementwiseOps.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool op_named(const fe_graph *g, int n, const char *name) {
  return n >= 0 && g->nodes[n].kind == FE_OP && !strcmp(g->nodes[n].name, name);
}

/* y = combine(out, v) (either order) for a max, a min or a sum whose
 * value v does not read the accumulator: the combiner's name, and v. */
static const char *match_reduction(const fe_graph *g, int y, int out, int *v) {
  static const char *const kCombine[] = {
      "arith.maximumf", "arith.maxnumf", "arith.minimumf", "arith.minnumf",
      "arith.addf",     "arith.addi",    "arith.maxsi",    "arith.minsi"};
  const fe_node *x = &g->nodes[y];
  if (x->kind != FE_OP || x->nops != 2)
    return NULL;
  for (size_t i = 0; i < sizeof kCombine / sizeof kCombine[0]; ++i) {
    if (strcmp(x->name, kCombine[i]))
      continue;
    /* A constant start (a fill) is a value like any other: only a start
     * read from memory must not be read again by the value. */
    bool value_start = g->nodes[out].kind == FE_CONST;
    for (int s = 0; s < 2; ++s)
      if (x->ops[s] == out &&
          (value_start || !fe_reads_node(g, x->ops[1 - s], out))) {
        *v = x->ops[1 - s];
        return kCombine[i];
      }
  }
  return NULL;
}

/* Strips the extension of a product operand to the accumulation type. */
static int strip_ext(const fe_graph *g, int n, bool *is_unsigned) {
  *is_unsigned = false;
  if (op_named(g, n, "arith.extf") || op_named(g, n, "arith.extsi"))
    return g->nodes[n].ops[0];
  if (op_named(g, n, "arith.extui")) {
    *is_unsigned = true;
    return g->nodes[n].ops[0];
  }
  return n;
}

/* yield = out + a * b (either order, float or integer) -> a, b. */
static bool match_sum_of_products(const fe_graph *g, int y, int out, int *a,
                                  int *b) {
  bool fl = op_named(g, y, "arith.addf");
  if (!fl && !op_named(g, y, "arith.addi"))
    return false;
  const fe_node *add = &g->nodes[y];
  int prod = add->ops[0] == out ? add->ops[1]
             : add->ops[1] == out ? add->ops[0] : -1;
  if (prod < 0 || !op_named(g, prod, fl ? "arith.mulf" : "arith.muli"))
    return false;
  *a = g->nodes[prod].ops[0];
  *b = g->nodes[prod].ops[1];
  return true;
}

/* The output buffer's new contents: the result of contraction or reduction
 * `index` (kind FE_PRODUCT or FE_REDUCE), a node in the output's own space. */
static int set_result(rec_t *r, MlirOperation op, buffer_t *bo, int kind,
                      int index, MlirLocation loc) {
  fe_node n = fe_node_blank(kind, bo->elem, bo->rank);
  n.product = index;
  n.nmap = bo->rank;
  for (int j = 0; j < bo->rank; ++j)
    n.map[j] = (int8_t)j;
  n.loc = loc;
  int id = fe_node_add(&r->p->g, &n);
  if (id < 0)
    return rec_refuse(r, op, "out of memory");
  bo->contents = id;
  bo->written = true;
  return 0;
}

/* Are a buffer's contents its argument read as it is (a plain load)? */
static bool plain_contents(const fe_graph *g, int contents) {
  const fe_node *c = &g->nodes[contents];
  bool plain = c->kind == FE_LOAD;
  for (int j = 0; plain && j < c->nmap; ++j)
    plain = c->map[j] == j && !c->div[j];
  return plain;
}

/* An input read at divided indices (s[k floordiv 128][n]): the load node
 * with those divisions.  Only a function argument read as it is (its
 * contents a plain load) can be read so; anything computed into a local
 * buffer would need its expression evaluated at group indices. */
static int group_load(rec_t *r, MlirOperation op, int contents, int node,
                      const int32_t *div) {
  fe_graph *g = &r->p->g;
  const fe_node *c = &g->nodes[contents];
  bool plain = c->kind == FE_LOAD;
  for (int j = 0; plain && j < c->nmap; ++j)
    plain = c->map[j] == j && !c->div[j];
  if (!plain || g->nodes[node].kind != FE_LOAD)
    return rec_refuse(r, op, "an input indexed by divided loop indices "
                             "(group-wise) must be a function argument, not "
                             "a computed buffer");
  fe_node y = g->nodes[node];
  for (int j = 0; j < y.nmap; ++j)
    y.div[j] = div[j];
  int n = fe_node_add(g, &y);
  return n < 0 ? rec_refuse(r, op, "out of memory") : n;
}

/* A linalg.generic as read so far: its header, then its operands bound to
 * the body's arguments, then the body's yielded value. */
typedef struct {
  MlirOperation op;
  int nin;                      /* inputs; the one output follows them */
  MlirAttribute maps;           /* indexing maps, inputs then output */
  MlirBlock body;
  loops_t l;
  bool reduction[FE_MAX_LOOPS]; /* iterator type of each loop */
  int nred;                     /* reduction loops */
  body_t bd;                    /* body values -> nodes */
  buffer_t *out;
  int8_t om[FE_MAX_RANK];       /* output dim j <- loop om[j] */
  int out_init;                 /* the output's contents in the loop space
                                   when the body reads them, else -1 */
  int y;                        /* the yielded value's node */
} generic_t;

/* Operand counts, maps, loops and their iterator types. */
static int read_header(rec_t *r, generic_t *gn) {
  MlirOperation op = gn->op;
  MlirAttribute seg = wmma_attr(op, "operandSegmentSizes");
  if (mlirOperationGetNumResults(op) != 0 || mlirAttributeIsNull(seg) ||
      !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) != 2)
    return rec_refuse(r, op, "linalg.generic with results after bufferization");
  gn->nin = mlirDenseI32ArrayGetElement(seg, 0);
  int nout = mlirDenseI32ArrayGetElement(seg, 1);
  if (nout != 1 && !wmma_linalg_all_parallel(op))
    /* The forms of argmax / max.dim that ArgReductions.c splits are gone
     * by now: this is another one. */
    return rec_refuse(r, op, "linalg.generic with %d outputs reduced "
                             "together: only a value and its position are, "
                             "in the forms torch-mlir and TOSA write (one "
                             "input, one reduction loop, the value by "
                             "maximumf/minimumf/maxsi/minsi or by the "
                             "select, the position an i32 or i64 "
                             "index_cast of linalg.index chosen by a strict "
                             "compare: ogt, olt, sgt or slt of the element "
                             "with the running value)",
                      nout);
  if (nout != 1)
    return rec_refuse(r, op, "linalg.generic with %d outputs (one is supported)",
                  nout);
  MlirAttribute iters = wmma_attr(op, "iterator_types");
  gn->maps = wmma_attr(op, "indexing_maps");
  if (mlirAttributeIsNull(iters) || !mlirAttributeIsAArray(iters) ||
      mlirAttributeIsNull(gn->maps) || !mlirAttributeIsAArray(gn->maps))
    return rec_refuse(r, op, "linalg.generic without iterator types or maps");
  gn->l.nloops = (int)mlirArrayAttrGetNumElements(iters);
  /* 0 loops: an elementwise op on rank-0 buffers (a dot product's
   * initial value). */
  if (gn->l.nloops < 0 || gn->l.nloops > FE_MAX_LOOPS)
    return rec_refuse(r, op, "linalg.generic with %d loops (0..%d supported)",
                  gn->l.nloops, FE_MAX_LOOPS);
  for (int i = 0; i < gn->l.nloops; ++i) {
    gn->reduction[i] =
        wb_iterator_is_reduction(mlirArrayAttrGetElement(iters, i));
    gn->nred += gn->reduction[i];
  }
  gn->body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(gn->body) ||
      mlirBlockGetNumArguments(gn->body) != gn->nin + nout)
    return rec_refuse(r, op, "malformed linalg.generic body");
  return 0;
}

/* Input i's contents seen through its map, in the loop space (a scalar
 * input: its rank-0 node), bound to the body's argument i. */
static int bind_input(rec_t *r, generic_t *gn, int i) {
  fe_graph *g = &r->p->g;
  MlirOperation op = gn->op;
  MlirValue v = mlirOperationGetOperand(op, i);
  MlirValue arg = mlirBlockGetArgument(gn->body, i);
  int node;
  if (!mlirTypeIsAShaped(mlirValueGetType(v))) {
    node = rec_outer_scalar(r, op, v);
  } else {
    buffer_t *b = rec_buffer_of(r, v);
    if (!b)
      return rec_refuse(r, op, "an input is a view or cast of a buffer "
                            "(not supported)");
    int8_t m[FE_MAX_RANK];
    int32_t dv[FE_MAX_RANK], fx[FE_MAX_RANK];
    if (rec_read_map(r, op, gn->maps, i, gn->l.nloops, b->rank, m, dv, fx) ||
        rec_size_loops(r, op, &gn->l, b, m, dv, fx))
      return -1;
    int c = rec_contents(r, op, b);
    if (c < 0)
      return -1;
    bool divided = rec_grouped(dv, b->rank);
    /* A computed buffer read at divided indices (K dequantised in the
     * function, read at the KV head h floordiv G): its expression at the
     * divided indices. */
    if (divided && !plain_contents(g, c)) {
      int32_t cdiv[FE_MAX_RANK] = {0};
      for (int j = 0; j < b->rank; ++j)
        cdiv[j] = dv[j];
      node = fe_compose_divided(g, c, gn->l.nloops, m, fx, cdiv);
      if (node == -2)
        return rec_refuse(r, op, "an input computed from a matrix product, "
                                 "a reduction or linalg.index is read at "
                                 "divided indices (group-wise): not "
                                 "supported");
      divided = false;
    } else {
      node = fe_compose_fixed(g, c, gn->l.nloops, m, fx);
    }
    if (node == -2)
      return rec_refuse(r, op, "an input computed from a matrix product is "
                               "read at a constant index (one row or "
                               "column of the product): not supported");
    if (node >= 0 && divided &&
        (node = group_load(r, op, c, node, dv)) < 0)
      return -1;
  }
  return rec_body_bind(r, &gn->bd, op, arg, node);
}

/* The output: its map, and its contents when the body reads them. */
static int bind_output(rec_t *r, generic_t *gn) {
  MlirOperation op = gn->op;
  gn->out_init = -1;
  gn->out = rec_buffer_of(r, mlirOperationGetOperand(op, gn->nin));
  if (!gn->out)
    return rec_refuse(r, op, "the output is a view or cast of a buffer (not "
                          "supported)");
  if (rec_read_map(r, op, gn->maps, gn->nin, gn->l.nloops, gn->out->rank, gn->om,
               NULL, NULL) ||
      rec_size_loops(r, op, &gn->l, gn->out, gn->om, NULL, NULL))
    return -1;
  for (int i = 0; i < gn->l.nloops; ++i)
    if (!gn->l.known[i])
      return rec_refuse(r, op, "loop %d is not indexed by any operand", i);
  MlirValue oarg = mlirBlockGetArgument(gn->body, gn->nin);
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(oarg)))
    return 0;
  int c = rec_contents(r, op, gn->out);
  if (c < 0)
    return -1;
  gn->out_init = fe_compose(&r->p->g, c, gn->l.nloops, gn->om);
  return rec_body_bind(r, &gn->bd, op, oarg, gn->out_init);
}

/* The body's ops up to its linalg.yield -> gn->y.  An op that cannot be
 * evaluated is an obstacle; the ops after it are still read (those using
 * its value skipped) to report every such op of the body. */
static int read_body(rec_t *r, generic_t *gn) {
  body_failed_t bf;
  bf.n = 0;
  gn->y = -1;
  for (MlirOperation b = mlirBlockGetFirstOperation(gn->body);
       !mlirOperationIsNull(b); b = mlirOperationGetNextInBlock(b)) {
    if (bf.n && rec_body_reads_failed(&bf, b)) {
      rec_body_fail(&bf, b);
      continue;
    }
    if (wmma_op_is(b, "linalg.yield")) {
      if (bf.n)
        return -1;
      if (mlirOperationGetNumOperands(b) != 1)
        return rec_refuse(r, b, "linalg.yield of %d values",
                      (int)mlirOperationGetNumOperands(b));
      gn->y = rec_body_node(r, &gn->bd, b, mlirOperationGetOperand(b, 0));
      if (gn->y < 0)
        return -1;
      break;
    }
    if (rec_body_op(r, &gn->bd, b, gn->l.nloops)) {
      if (r->fatal)
        return -1;
      rec_body_fail(&bf, b);
    }
  }
  if (bf.n)
    return -1;
  if (gn->y < 0)
    return rec_refuse(r, gn->op, "linalg body without linalg.yield");
  if (!mlirTypeEqual(r->p->g.nodes[gn->y].type, gn->out->elem))
    return rec_refuse(r, gn->op, "the body yields a different type than the "
                                 "output holds");
  return 0;
}

/* Elementwise: the output map is a permutation of the loops; the output's
 * new contents are the yielded value seen from the output's space. */
static int finish_elementwise(rec_t *r, generic_t *gn) {
  buffer_t *bo = gn->out;
  if (bo->rank != gn->l.nloops)
    return rec_refuse(r, gn->op, "an elementwise linalg.generic whose output "
                                 "does not use every loop");
  int8_t inv[FE_MAX_LOOPS];
  for (int j = 0; j < bo->rank; ++j)
    inv[gn->om[j]] = (int8_t)j;
  int n = fe_compose(&r->p->g, gn->y, bo->rank, inv);
  if (n < 0)
    return rec_refuse(r, gn->op, "out of memory");
  bo->contents = n;
  bo->written = true;
  return 0;
}

/* The loops of a contraction or reduction, as the header and the output's
 * map gave them. */
static void fill_loop_nest(fe_loop_nest *nest, const generic_t *gn) {
  nest->nloops = gn->l.nloops;
  for (int i = 0; i < gn->l.nloops; ++i) {
    nest->reduction[i] = gn->reduction[i];
    nest->loop_size[i] = gn->l.size[i];
  }
  nest->nout = gn->out->rank;
  for (int j = 0; j < gn->out->rank; ++j)
    nest->out_dims[j] = gn->om[j];
}

/* A max, a min or a sum (a softmax's) of value v: a reduction node; whether a
 * template can evaluate it is the problem's question. */
static int finish_reduction(rec_t *r, generic_t *gn, const char *combine,
                            int v) {
  fe_graph *g = &r->p->g;
  if (g->nreds >= FE_MAX_REDUCTIONS)
    return rec_refuse(r, gn->op, "more than %d reductions", FE_MAX_REDUCTIONS);
  fe_reduction *rd = &g->reds[g->nreds];
  memset(rd, 0, sizeof *rd);
  fill_loop_nest(&rd->nest, gn);
  rd->value = v;
  rd->init = rec_contents(r, gn->op, gn->out);
  if (rd->init < 0)
    return -1;
  rd->combine = combine;
  rd->type = gn->out->elem;
  rd->loc = mlirOperationGetLocation(gn->op);
  return set_result(r, gn->op, gn->out, FE_REDUCE, g->nreds++, rd->loc);
}

/* out + a * b: a contraction node of the (unextended) operands. */
static int finish_contraction(rec_t *r, generic_t *gn, int a, int b) {
  fe_graph *g = &r->p->g;
  if (g->nprods >= FE_MAX_PRODUCTS)
    return rec_refuse(r, gn->op, "more than %d contractions", FE_MAX_PRODUCTS);
  fe_contraction *c = &g->prods[g->nprods];
  memset(c, 0, sizeof *c);
  fill_loop_nest(&c->nest, gn);
  c->lhs_zp = c->rhs_zp = -1;
  c->lhs = strip_ext(g, a, &c->lhs_unsigned);
  c->rhs = strip_ext(g, b, &c->rhs_unsigned);
  c->acc = rec_contents(r, gn->op, gn->out);
  if (c->acc < 0)
    return -1;
  c->acc_type = gn->out->elem;
  c->loc = mlirOperationGetLocation(gn->op);
  return set_result(r, gn->op, gn->out, FE_PRODUCT, g->nprods++, c->loc);
}

/* A generic with reduction loops: a sum of products into the output (a
 * contraction), else a max or a sum (a reduction), else refused. */
static int classify_reducing(rec_t *r, generic_t *gn) {
  const fe_graph *g = &r->p->g;
  for (int j = 0; j < gn->out->rank; ++j)
    if (gn->reduction[gn->om[j]])
      return rec_refuse(r, gn->op, "the output is indexed by a reduction "
                                   "loop");
  if (gn->out->rank + gn->nred != gn->l.nloops)
    return rec_refuse(r, gn->op, "a parallel loop that indexes no output "
                                 "dimension");
  int a, b;
  if (gn->out_init >= 0 &&
      match_sum_of_products(g, gn->y, gn->out_init, &a, &b))
    return finish_contraction(r, gn, a, b);
  int v = -1;
  const char *combine =
      gn->out_init >= 0 ? match_reduction(g, gn->y, gn->out_init, &v) : NULL;
  if (combine)
    return finish_reduction(r, gn, combine, v);
  if (fe_reads(g, gn->y, FE_PRODUCT, -1))
    return rec_refuse(r, gn->op, "a reduction over the result of a matrix "
                                 "product (a row or column sum, a norm, a "
                                 "softmax) needs whole rows or columns of "
                                 "it, which no output tile holds: not "
                                 "expressible per tile");
  return rec_refuse(r, gn->op, "a reduction other than a max, a min, a sum "
                               "or a sum of products (acc + a * b)");
}

int rec_do_generic(rec_t *r, MlirOperation op) {
  generic_t gn;
  memset(&gn, 0, sizeof gn);
  gn.op = op;
  /* Convolutions and poolings: RecognizeConv.c. */
  MlirAttribute maps = wmma_attr(op, "indexing_maps");
  if (!mlirAttributeIsNull(maps) && mlirAttributeIsAArray(maps) &&
      rec_has_window(maps))
    return rec_do_conv(r, op);
  int rc = read_header(r, &gn);
  for (int i = 0; !rc && i < gn.nin; ++i)
    rc = bind_input(r, &gn, i);
  if (!rc)
    rc = bind_output(r, &gn);
  if (!rc)
    rc = read_body(r, &gn);
  if (rc)
    return rc;
  return gn.nred == 0 ? finish_elementwise(r, &gn) : classify_reducing(r, &gn);
}
