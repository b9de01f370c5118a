/* Front end, step 1 (continued): a linalg.generic's body interpreted over
 * its inputs' contents seen through the indexing maps (Recognize.c has the
 * buffers and the walk).  Elementwise ops become FE_OP nodes; a reduction
 * whose body is acc + a * b (with or without extensions of a and b) becomes
 * a contraction node, max/sum reductions become reduction nodes, anything
 * else is refused with its reason. */
#include "Recognize/Recognize.h"

#include "wmma/Support/ElementwiseOps.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===--- linalg.generic ----------------------------------------------------===*/
typedef struct {
  int nloops;
  fe_size size[FE_MAX_LOOPS];
  bool known[FE_MAX_LOOPS];
} loops_t;

/* Result j of map, `d` or `d floordiv c` (c >= 2) -> loop dim out[j] and
 * div[j] = c (0 for `d`); each loop dim at most once; with `fixed`, a
 * constant c >= 0 -> out[j] = FE_MAP_FIXED, fixed[j] = c.  -1 otherwise. */
static int read_grouped(MlirAffineMap m, int rank, int nloops, int8_t *out,
                        int32_t *div, int32_t *fixed) {
  unsigned used = 0;
  for (int j = 0; j < rank; ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(m, j);
    div[j] = 0;
    if (fixed)
      fixed[j] = 0;
    if (fixed && mlirAffineExprIsAConstant(e)) {
      int64_t c = mlirAffineConstantExprGetValue(e);
      if (c < 0 || c > (1 << 30))
        return -1;
      out[j] = FE_MAP_FIXED;
      fixed[j] = (int32_t)c;
      continue;
    }
    if (mlirAffineExprIsAFloorDiv(e)) {
      MlirAffineExpr lhs = mlirAffineBinaryOpExprGetLHS(e);
      MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(e);
      if (!mlirAffineExprIsADim(lhs) || !mlirAffineExprIsAConstant(rhs))
        return -1;
      int64_t c = mlirAffineConstantExprGetValue(rhs);
      if (c < 2 || c > (1 << 30))
        return -1;
      div[j] = (int32_t)c;
      e = lhs;
    }
    if (!mlirAffineExprIsADim(e))
      return -1;
    intptr_t d = mlirAffineDimExprGetPosition(e);
    if (d < 0 || d >= nloops || (used >> d & 1))
      return -1;
    used |= 1u << d;
    out[j] = (int8_t)d;
  }
  return 0;
}

static bool grouped(const int32_t *div, int rank) {
  for (int j = 0; j < rank; ++j)
    if (div[j])
      return true;
  return false;
}

/* Result j of map -> loop dim out[j]; the map must be a projected
 * permutation over nloops dims, or, when div and fixed are given (inputs),
 * may also divide loop indices by constants (div[j], 0 where not) and read
 * constant indices (out[j] = FE_MAP_FIXED, fixed[j]: broadcasts of size-1
 * dims as torch-mlir and TOSA write them, (d0, d1) -> (0, d1)). */
static int read_map(rec_t *r, MlirOperation at, MlirAttribute maps, intptr_t i,
                    int nloops, int rank, int8_t *out, int32_t *div,
                    int32_t *fixed) {
  if (i >= mlirArrayAttrGetNumElements(maps))
    return rec_refuse(r, at, "missing indexing map");
  MlirAttribute a = mlirArrayAttrGetElement(maps, i);
  if (!mlirAttributeIsAAffineMap(a))
    return rec_refuse(r, at, "indexing map is not an affine map");
  MlirAffineMap m = mlirAffineMapAttrGetValue(a);
  if ((int)mlirAffineMapGetNumDims(m) != nloops ||
      mlirAffineMapGetNumSymbols(m) != 0 ||
      (int)mlirAffineMapGetNumResults(m) != rank)
    return rec_refuse(r, at, "indexing map does not match the operand's rank");
  /* Plain loop indices, each at most once (a projected permutation), and,
   * where allowed, loop indices divided by constants and constants. */
  int32_t plain[FE_MAX_RANK];
  int32_t *dv = div ? div : plain;
  if (rank > FE_MAX_RANK || read_grouped(m, rank, nloops, out, dv, fixed) ||
      (!div && grouped(dv, rank)))
    return rec_refuse(r, at, div ? "indexing maps must be projected "
                                   "permutations (plain loop indices, each "
                                   "used once), divide loop indices by "
                                   "constants (group-wise scales) or read "
                                   "constant indices (broadcasts); offsets, "
                                   "strides and diagonals are not supported"
                                 : "the output's indexing map must be a "
                                   "projected permutation (plain loop "
                                   "indices, each used once); constants, "
                                   "offsets, strides and diagonals are not "
                                   "supported");
  return 0;
}

static int size_loops(rec_t *r, MlirOperation at, loops_t *l,
                      const buffer_t *b, const int8_t *map,
                      const int32_t *div, const int32_t *fixed) {
  for (int j = 0; j < b->rank; ++j) {
    int d = map[j];
    if (d == FE_MAP_FIXED) {
      /* A constant index must be inside a static dimension (a dynamic
       * one is the program's promise, as for any index). */
      fe_size s = b->shape[j];
      if (fe_size_static(s) && fixed[j] >= s.value)
        return rec_refuse(r, at, "an input is read at the constant index "
                                 "%d of a dimension of size %lld",
                          (int)fixed[j], (long long)s.value);
      continue;
    }
    if (div && div[j])
      continue; /* a group index says nothing of the loop's size */
    if (!l->known[d]) {
      l->size[d] = b->shape[j];
      l->known[d] = true;
    } else if (rec_unify(r, at, l->size[d], b->shape[j])) {
      return -1;
    }
  }
  return 0;
}

typedef struct {
  MlirValue v;
  int node;
} local_t;

#define MAX_LOCALS 128

typedef struct {
  local_t locals[MAX_LOCALS];
  int n;
} body_t;

static int body_node(rec_t *r, body_t *bd, MlirOperation at, MlirValue v) {
  for (int i = bd->n - 1; i >= 0; --i)
    if (mlirValueEqual(bd->locals[i].v, v))
      return bd->locals[i].node;
  return rec_outer_scalar(r, at, v);
}

static int body_bind(rec_t *r, body_t *bd, MlirOperation at, MlirValue v,
                     int node) {
  if (node < 0) {
    r->fatal = true;
    return rec_refuse(r, at, "the expression graph is full (more nodes "
                             "than the front end keeps)");
  }
  if (bd->n >= MAX_LOCALS) {
    r->fatal = true;
    return rec_refuse(r, at, "a linalg body with more than %d values",
                      MAX_LOCALS);
  }
  bd->locals[bd->n++] = (local_t){v, node};
  return 0;
}

/* The attributes of elementwise op `op` (table entry ew) the kernel's op
 * gets: the compare predicate into *pred, the ones it copies (fastmath,
 * overflow flags, ...) into *attrs when not their defaults.  An attribute
 * the op's table line does not list, or one the replay cannot honour, is
 * refused naming it: dropping it would change the numbers silently. */
int rec_op_attrs(rec_t *r, MlirOperation op, const wmma_elementwise_op *ew,
                 int64_t *pred, MlirAttribute *attrs) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirNamedAttribute keep[8];
  intptr_t nkeep = 0;
  *pred = -1;
  *attrs = (MlirAttribute){NULL};
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
    MlirNamedAttribute na = mlirOperationGetAttribute(op, i);
    MlirStringRef an = mlirIdentifierStr(na.name);
    const wmma_ew_attr *at = wmma_ew_attr_lookup(an);
    if (!at || !(ew->attrs & at->bit))
      return rec_refuse(r, op, "'%s' carries the attribute '%.*s', which the "
                               "kernels do not reproduce",
                        ew->name, (int)an.length, an.data);
    if (at->policy == WMMA_EW_KEEP_PREDICATE) {
      if (!mlirAttributeIsAInteger(na.attribute))
        return rec_refuse(r, op, "a compare predicate that is not an integer");
      *pred = mlirIntegerAttrGetValueInt(na.attribute);
    } else if (wmma_ew_attr_is_default(at, na.attribute)) {
      continue; /* the kernel's op has it without saying so */
    } else if (at->policy == WMMA_EW_REFUSE_UNLESS_DEFAULT) {
      char v[64];
      wmma_ew_attr_describe(at, na.attribute, v, sizeof v);
      return rec_refuse(r, op, "'%s' with %s = %s: %s", ew->name, at->name, v,
                        at->why);
    } else {
      if (nkeep == (intptr_t)(sizeof keep / sizeof keep[0]))
        return rec_refuse(r, op, "'%s' carries more than %d attributes",
                          ew->name, (int)nkeep);
      keep[nkeep++] = na;
    }
  }
  if (nkeep)
    *attrs = mlirDictionaryAttrGet(ctx, nkeep, keep);
  return 0;
}

/* Values of a body made by ops that were refused (or skipped). */
typedef struct {
  MlirValue v[MAX_LOCALS];
  int n;
} body_failed_t;

static void body_fail(body_failed_t *f, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (f->n < MAX_LOCALS)
      f->v[f->n++] = mlirOperationGetResult(op, i);
  if (f->n == 0) /* a refused op without results still marks the body */
    f->v[f->n++] = (MlirValue){NULL};
}

static bool body_reads_failed(const body_failed_t *f, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    for (int j = 0; j < f->n; ++j)
      if (!mlirValueIsNull(f->v[j]) && mlirValueEqual(f->v[j], v))
        return true;
  }
  return false;
}

/* One op of a linalg body. */
static int body_op(rec_t *r, body_t *bd, MlirOperation op, int nloops) {
  fe_graph *g = &r->p->g;
  MlirLocation loc = mlirOperationGetLocation(op);
  if (wmma_op_is(op, "arith.constant")) {
    if (rec_do_constant(r, op))
      return -1;
    return 0; /* bound as a rank-0 scalar, visible through outer_scalar */
  }
  if (wmma_op_is(op, "linalg.index")) {
    MlirAttribute d = wmma_attr(op, "dim");
    if (mlirAttributeIsNull(d) || !mlirAttributeIsAInteger(d) ||
        mlirIntegerAttrGetValueInt(d) >= nloops)
      return rec_refuse(r, op, "linalg.index of an unknown loop");
    fe_node n = fe_node_blank(
        FE_INDEX, mlirValueGetType(mlirOperationGetResult(op, 0)), nloops);
    n.dim = (int)mlirIntegerAttrGetValueInt(d);
    n.loc = loc;
    return body_bind(r, bd, op, mlirOperationGetResult(op, 0),
                     fe_node_add(g, &n));
  }
  const wmma_elementwise_op *ew = wmma_elementwise_of(op);
  if (!ew && (wmma_op_is(op, "memref.load") || wmma_op_is(op, "tensor.extract")))
    /* torch-mlir's embedding, gathers: indices computed in the body. */
    return rec_refuse(r, op, "a read of another buffer at indices computed "
                             "in the body (a gather, as torch-mlir writes "
                             "aten.embedding and aten.index_select) is not "
                             "supported: kernels read their operands at "
                             "the loop indices through indexing maps");
  if (!ew) {
    char nm[64];
    rec_op_name(op, nm, sizeof nm);
    return rec_refuse(r, op, "'%s' inside a linalg body is not an elementwise "
                         "op the kernels can evaluate",
                  nm);
  }
  int nops = (int)mlirOperationGetNumOperands(op);
  if (nops != ew->arity || mlirOperationGetNumResults(op) != 1)
    return rec_refuse(r, op, "unexpected operands or results");
  int ops[3];
  for (int i = 0; i < nops; ++i) {
    ops[i] = body_node(r, bd, op, mlirOperationGetOperand(op, i));
    if (ops[i] < 0)
      return -1;
  }
  int64_t pred;
  MlirAttribute attrs;
  if (rec_op_attrs(r, op, ew, &pred, &attrs))
    return -1;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  return body_bind(r, bd, op, mlirOperationGetResult(op, 0),
                   fe_op(g, ew->name, t, nops, ops, pred, attrs, loc));
}

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

static bool reads_a_loop(MlirAffineExpr e) {
  if (mlirAffineExprIsADim(e))
    return true;
  return mlirAffineExprIsABinary(e) &&
         (reads_a_loop(mlirAffineBinaryOpExprGetLHS(e)) ||
          reads_a_loop(mlirAffineBinaryOpExprGetRHS(e)));
}

/* A sum of two terms that each read a loop index (oh + kh, 2 * oh + kh);
 * an offset (i + 1) is not one. */
static bool sums_loops(MlirAffineExpr e) {
  if (!mlirAffineExprIsABinary(e))
    return false;
  MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e);
  MlirAffineExpr r = mlirAffineBinaryOpExprGetRHS(e);
  if (mlirAffineExprIsAAdd(e) && reads_a_loop(l) && reads_a_loop(r))
    return true;
  return sums_loops(l) || sums_loops(r);
}

/* A sliding window (convolution, pooling): some input is indexed by a
 * sum of loop indices. */
static bool has_window(MlirAttribute maps) {
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(maps); ++i) {
    MlirAttribute a = mlirArrayAttrGetElement(maps, i);
    if (!mlirAttributeIsAAffineMap(a))
      continue;
    MlirAffineMap m = mlirAffineMapAttrGetValue(a);
    for (intptr_t j = 0; j < mlirAffineMapGetNumResults(m); ++j)
      if (sums_loops(mlirAffineMapGetResult(m, j)))
        return true;
  }
  return false;
}

/* Says it is a convolution (or pooling), by the named op the user wrote
 * when there is one, rather than what its generic form trips over. */
static int refuse_window(rec_t *r, MlirOperation op) {
  char src[64];
  fe_source_op_name(r->func, mlirOperationGetLocation(op), src, sizeof src);
  const char *kind = strstr(src, "pooling") ? "pooling" : "convolution";
  if (!src[0] || !strcmp(src, "linalg.generic"))
    return rec_refuse(r, op, "a linalg.generic shaped like a convolution (an "
                             "input indexed by sums of loop indices, a "
                             "sliding window): convolutions are not "
                             "supported yet");
  return rec_refuse(r, op, "%s is a %s (an input indexed by sums of loop "
                           "indices, a sliding window): %ss are not "
                           "supported yet",
                    src, kind, kind);
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
    /* torch-mlir's argmax / max.dim: (value, index) reduced together. */
    return rec_refuse(r, op, "linalg.generic with %d outputs reduced "
                             "together (a value and its index, as "
                             "torch-mlir writes argmax and max.dim) is not "
                             "supported: the reduction kernels reduce one "
                             "output",
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
    if (read_map(r, op, gn->maps, i, gn->l.nloops, b->rank, m, dv, fx) ||
        size_loops(r, op, &gn->l, b, m, dv, fx))
      return -1;
    int c = rec_contents(r, op, b);
    if (c < 0)
      return -1;
    bool divided = grouped(dv, b->rank);
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
  return body_bind(r, &gn->bd, op, arg, node);
}

/* The output: its map, and its contents when the body reads them. */
static int bind_output(rec_t *r, generic_t *gn) {
  MlirOperation op = gn->op;
  gn->out_init = -1;
  gn->out = rec_buffer_of(r, mlirOperationGetOperand(op, gn->nin));
  if (!gn->out)
    return rec_refuse(r, op, "the output is a view or cast of a buffer (not "
                          "supported)");
  if (read_map(r, op, gn->maps, gn->nin, gn->l.nloops, gn->out->rank, gn->om,
               NULL, NULL) ||
      size_loops(r, op, &gn->l, gn->out, gn->om, NULL, NULL))
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
  return body_bind(r, &gn->bd, op, oarg, gn->out_init);
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
    if (bf.n && body_reads_failed(&bf, b)) {
      body_fail(&bf, b);
      continue;
    }
    if (wmma_op_is(b, "linalg.yield")) {
      if (bf.n)
        return -1;
      if (mlirOperationGetNumOperands(b) != 1)
        return rec_refuse(r, b, "linalg.yield of %d values",
                      (int)mlirOperationGetNumOperands(b));
      gn->y = body_node(r, &gn->bd, b, mlirOperationGetOperand(b, 0));
      if (gn->y < 0)
        return -1;
      break;
    }
    if (body_op(r, &gn->bd, b, gn->l.nloops)) {
      if (r->fatal)
        return -1;
      body_fail(&bf, b);
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
  /* Convolutions: RecognizeConv.c (pooling is refused here). */
  MlirAttribute maps = wmma_attr(op, "indexing_maps");
  if (!mlirAttributeIsNull(maps) && mlirAttributeIsAArray(maps) &&
      has_window(maps)) {
    char src[64];
    fe_source_op_name(r->func, mlirOperationGetLocation(op), src, sizeof src);
    return strstr(src, "pooling") ? refuse_window(r, op) : rec_do_conv(r, op);
  }
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
