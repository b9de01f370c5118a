/* Front end, step 1: recognise.  Reads the normalized function (memrefs,
 * linalg.generic, memref.alloc/copy/dim, arith constants) op by op.  Every
 * buffer carries the expression of its current contents in its own index
 * space; a linalg.generic replaces its output's contents by its body
 * interpreted over its inputs' contents seen through the indexing maps
 * (elementwise ops become FE_OP nodes, a reduction of acc + a * b becomes a
 * contraction).  Only the final contents of the written arguments and of the
 * returned buffers are observable, so temporaries never need memory: the
 * kernel evaluates expressions tile by tile.
 *
 * Sizes are symbolic: each dynamic dimension of an argument is a symbol;
 * loops unify the sizes of the operand dimensions they index (a dynamic size
 * unified with a static one becomes static).  Anything not understood stops
 * recognition with a reason and the op's location. */
#include "FrontEnd.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_BUFFERS 64
#define MAX_BINDS 512

typedef struct {
  MlirValue value;
  int arg;      /* kernel argument (function argument or result), else -1 */
  int rank;
  fe_size shape[FE_MAX_RANK];
  MlirType elem;
  int contents; /* node in the buffer's own space; -1: never written */
  bool written;
  bool alloc;
} buffer_t;

typedef struct {
  MlirValue v;
  fe_size size; /* index values */
  int node;     /* scalar values (rank-0 nodes), -1 for index values */
} bind_t;

typedef struct {
  fe_problem *p;
  MlirBlock entry;
  buffer_t bufs[MAX_BUFFERS];
  int nbufs;
  bind_t binds[MAX_BINDS];
  int nbinds;
  int parent[FE_MAX_SYMS];
  int64_t value[FE_MAX_SYMS]; /* static value of a symbol's class, or -1 */
  char *why;
  size_t cap;
  MlirLocation *where;
} rec_t;

static int refuse(rec_t *r, MlirOperation at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int refuse(rec_t *r, MlirOperation at, const char *fmt, ...) {
  if (r->why && r->cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->why, r->cap, fmt, ap);
    va_end(ap);
  }
  if (r->where && !mlirOperationIsNull(at))
    *r->where = mlirOperationGetLocation(at);
  return -1;
}

static void op_name(MlirOperation op, char *buf, size_t cap) {
  wmma_op_name(op, buf, cap);
}

/*===--- sizes ---------------------------------------------------------------===*/
static int find(rec_t *r, int s) {
  while (r->parent[s] != s)
    s = r->parent[s] = r->parent[r->parent[s]];
  return s;
}

static fe_size resolve(rec_t *r, fe_size s) {
  if (fe_size_static(s))
    return s;
  int root = find(r, s.sym);
  if (r->value[root] >= 0)
    return fe_static(r->value[root]);
  return (fe_size){-1, root};
}

/* 0, or -1 (with a reason) when two static sizes disagree. */
static int unify(rec_t *r, MlirOperation at, fe_size a, fe_size b) {
  a = resolve(r, a);
  b = resolve(r, b);
  if (fe_size_static(a) && fe_size_static(b)) {
    if (a.value != b.value)
      return refuse(r, at, "operand sizes disagree (%lld vs %lld)",
                    (long long)a.value, (long long)b.value);
    return 0;
  }
  if (fe_size_static(a)) {
    r->value[b.sym] = a.value;
    return 0;
  }
  if (fe_size_static(b)) {
    r->value[a.sym] = b.value;
    return 0;
  }
  if (a.sym != b.sym)
    r->parent[b.sym] = a.sym;
  return 0;
}

static int new_symbol(rec_t *r, int arg, int dim) {
  fe_problem *p = r->p;
  if (p->nsyms >= FE_MAX_SYMS)
    return -1;
  int s = p->nsyms++;
  p->syms[s] = (fe_symbol){arg, dim};
  r->parent[s] = s;
  r->value[s] = -1;
  return s;
}

/*===--- bindings -------------------------------------------------------------===*/
static bind_t *lookup(rec_t *r, MlirValue v) {
  for (int i = r->nbinds - 1; i >= 0; --i)
    if (mlirValueEqual(r->binds[i].v, v))
      return &r->binds[i];
  return NULL;
}

static int bind(rec_t *r, MlirOperation at, MlirValue v, fe_size size,
                int node) {
  if (r->nbinds >= MAX_BINDS)
    return refuse(r, at, "the function is too large (more than %d values)",
                  MAX_BINDS);
  r->binds[r->nbinds++] = (bind_t){v, size, node};
  return 0;
}

static buffer_t *buffer_of(rec_t *r, MlirValue v) {
  for (int i = 0; i < r->nbufs; ++i)
    if (mlirValueEqual(r->bufs[i].value, v))
      return &r->bufs[i];
  return NULL;
}

static int index_size(rec_t *r, MlirOperation at, MlirValue v, fe_size *out) {
  bind_t *b = lookup(r, v);
  if (!b || b->node >= 0)
    return refuse(r, at, "a size is computed by something other than "
                         "memref.dim or a constant");
  *out = b->size;
  return 0;
}

/* The scalar node of a value used inside a body but defined outside: a
 * constant or a scalar function argument (rank 0 nodes). */
static int outer_scalar(rec_t *r, MlirOperation at, MlirValue v) {
  bind_t *b = lookup(r, v);
  if (b && b->node >= 0)
    return b->node;
  return refuse(r, at, "a scalar operand is neither a constant nor a scalar "
                       "function argument");
}

/*===--- buffers ----------------------------------------------------------------===*/
static bool elem_ok(MlirType t) {
  return mlirTypeIsAFloat(t) || mlirTypeIsAInteger(t);
}

static int add_buffer(rec_t *r, MlirOperation at, MlirValue v, int arg,
                      bool alloc) {
  if (r->nbufs >= MAX_BUFFERS)
    return refuse(r, at, "more than %d buffers", MAX_BUFFERS);
  MlirType t = mlirValueGetType(v);
  int rank = (int)mlirShapedTypeGetRank(t);
  if (rank < 1 || rank > FE_MAX_RANK)
    return refuse(r, at, "buffers of rank %d are not supported (1..%d)", rank,
                  FE_MAX_RANK);
  MlirType elem = mlirShapedTypeGetElementType(t);
  if (!elem_ok(elem))
    return refuse(r, at, "buffers of this element type are not supported");
  if (!mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(t)))
    return refuse(r, at, "memrefs outside the default memory space are not "
                         "supported");
  buffer_t *b = &r->bufs[r->nbufs++];
  memset(b, 0, sizeof *b);
  b->value = v;
  b->arg = arg;
  b->rank = rank;
  b->elem = elem;
  b->contents = -1;
  b->alloc = alloc;
  return 0;
}

/* Contents of a buffer (in its own space); an argument never written reads
 * as itself. */
static int contents(rec_t *r, MlirOperation at, buffer_t *b) {
  if (b->contents >= 0)
    return b->contents;
  if (b->arg < 0 || b->alloc)
    return refuse(r, at, "reads a buffer before anything was written to it");
  fe_node n;
  memset(&n, 0, sizeof n);
  n.kind = FE_LOAD;
  n.type = b->elem;
  n.rank = b->rank;
  n.arg = b->arg;
  n.product = n.dim = -1;
  n.pred = -1;
  n.nmap = b->rank;
  for (int i = 0; i < b->rank; ++i)
    n.map[i] = (int8_t)i;
  n.loc = mlirValueGetLocation(b->value);
  int id = fe_node_add(&r->p->g, &n);
  if (id < 0)
    return refuse(r, at, "out of memory");
  b->contents = id;
  return id;
}

/*===--- function arguments ---------------------------------------------------===*/
static int read_args(rec_t *r, MlirOperation norm, MlirOperation func) {
  fe_problem *p = r->p;
  MlirBlock orig = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t n = mlirBlockGetNumArguments(r->entry);
  if (n > FE_MAX_ARGS)
    return refuse(r, func, "more than %d arguments", FE_MAX_ARGS);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue v = mlirBlockGetArgument(r->entry, i);
    MlirType t = mlirValueGetType(v);
    fe_arg *a = &p->args[p->nargs++];
    memset(a, 0, sizeof *a);
    a->type = t;
    a->host = (int)i;
    a->role = FE_ARG_INPUT;
    a->loc = mlirValueGetLocation(mlirBlockGetArgument(orig, i));
    if (mlirTypeIsAFloat(t) || (mlirTypeIsAInteger(t) &&
                                wb_type_bits(t) >= 8 && wb_type_bits(t) <= 64)) {
      a->elem = t;
      fe_node s;
      memset(&s, 0, sizeof s);
      s.kind = FE_SCALAR;
      s.type = t;
      s.arg = (int)i;
      s.product = s.dim = -1;
      s.pred = -1;
      s.loc = a->loc;
      int id = fe_node_add(&p->g, &s);
      if (id < 0 || bind(r, func, v, fe_static(0), id))
        return -1;
      continue;
    }
    if (!mlirTypeIsAMemRef(t))
      return refuse(r, func, "argument %d has a type the front end does not "
                             "handle (expected a memref, a tensor or a "
                             "scalar)",
                    (int)i);
    a->is_buffer = true;
    if (add_buffer(r, func, v, (int)i, false))
      return -1;
    buffer_t *b = &r->bufs[r->nbufs - 1];
    a->elem = b->elem;
    a->rank = b->rank;
    for (int d = 0; d < b->rank; ++d) {
      int64_t s = mlirShapedTypeGetDimSize(t, d);
      if (mlirShapedTypeIsDynamicSize(s)) {
        int sym = new_symbol(r, (int)i, d);
        if (sym < 0)
          return refuse(r, func, "more than %d run-time sizes", FE_MAX_SYMS);
        b->shape[d] = (fe_size){-1, sym};
      } else {
        b->shape[d] = fe_static(s);
      }
      a->shape[d] = b->shape[d];
    }
  }
  return 0;
}

/*===--- ops outside linalg ----------------------------------------------------===*/
static int do_constant(rec_t *r, MlirOperation op) {
  MlirValue v = mlirOperationGetResult(op, 0);
  MlirType t = mlirValueGetType(v);
  MlirAttribute a = wmma_attr(op, "value");
  if (mlirTypeIsAIndex(t)) {
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
      return refuse(r, op, "unsupported index constant");
    int64_t x = mlirIntegerAttrGetValueInt(a);
    return bind(r, op, v, fe_static(x < 0 ? 0 : x), -1);
  }
  fe_node n;
  memset(&n, 0, sizeof n);
  n.kind = FE_CONST;
  n.type = t;
  n.arg = n.product = n.dim = -1;
  n.pred = -1;
  n.loc = mlirOperationGetLocation(op);
  if (mlirTypeIsAFloat(t) && !mlirAttributeIsNull(a) &&
      mlirAttributeIsAFloat(a)) {
    n.fval = mlirFloatAttrGetValueDouble(a);
    if (isnan(n.fval)) /* one NaN (softmax's max starts at NaN with maxnumf) */
      n.fval = NAN;
  } else if (mlirTypeIsAInteger(t) && !mlirAttributeIsNull(a) &&
             mlirAttributeIsAInteger(a)) {
    n.ival = mlirIntegerAttrGetValueInt(a);
  } else {
    return refuse(r, op, "unsupported constant (only scalar float, integer "
                         "and index constants)");
  }
  int id = fe_node_add(&r->p->g, &n);
  if (id < 0)
    return refuse(r, op, "out of memory");
  return bind(r, op, v, fe_static(0), id);
}

static int do_dim(rec_t *r, MlirOperation op) {
  MlirValue src = mlirOperationGetOperand(op, 0);
  buffer_t *b = buffer_of(r, src);
  fe_size idx = {-1, -1};
  if (!b)
    return refuse(r, op, "memref.dim of something other than a function "
                         "argument or an allocation");
  if (index_size(r, op, mlirOperationGetOperand(op, 1), &idx))
    return -1;
  if (!fe_size_static(idx) || idx.value >= b->rank)
    return refuse(r, op, "memref.dim with a dimension that is not a valid "
                         "constant");
  return bind(r, op, mlirOperationGetResult(op, 0), b->shape[idx.value], -1);
}

static int do_alloc(rec_t *r, MlirOperation op) {
  MlirValue v = mlirOperationGetResult(op, 0);
  if (add_buffer(r, op, v, -1, true))
    return -1;
  buffer_t *b = &r->bufs[r->nbufs - 1];
  MlirType t = mlirValueGetType(v);
  MlirAffineMap map = mlirMemRefTypeGetAffineMap(t);
  if (!mlirAffineMapIsNull(map) && !mlirAffineMapIsIdentity(map))
    return refuse(r, op, "allocations with a non-identity layout");
  intptr_t next = 0;
  for (int d = 0; d < b->rank; ++d) {
    int64_t s = mlirShapedTypeGetDimSize(t, d);
    if (!mlirShapedTypeIsDynamicSize(s)) {
      b->shape[d] = fe_static(s);
      continue;
    }
    if (next >= mlirOperationGetNumOperands(op))
      return refuse(r, op, "memref.alloc without a size for dimension %d", d);
    if (index_size(r, op, mlirOperationGetOperand(op, next++), &b->shape[d]))
      return -1;
  }
  if (next != mlirOperationGetNumOperands(op))
    return refuse(r, op, "memref.alloc with symbol operands");
  return 0;
}

static int do_copy(rec_t *r, MlirOperation op) {
  buffer_t *src = buffer_of(r, mlirOperationGetOperand(op, 0));
  buffer_t *dst = buffer_of(r, mlirOperationGetOperand(op, 1));
  if (!src || !dst)
    return refuse(r, op, "memref.copy between views is not supported");
  if (src->rank != dst->rank || !mlirTypeEqual(src->elem, dst->elem))
    return refuse(r, op, "memref.copy between different types");
  for (int d = 0; d < src->rank; ++d)
    if (unify(r, op, src->shape[d], dst->shape[d]))
      return -1;
  int c = contents(r, op, src);
  if (c < 0)
    return -1;
  dst->contents = c;
  dst->written = true;
  return 0;
}

/*===--- linalg.generic ----------------------------------------------------===*/
typedef struct {
  int nloops;
  fe_size size[FE_MAX_LOOPS];
  bool known[FE_MAX_LOOPS];
} loops_t;

/* Result j of map -> loop dim out[j]; the map must be a projected
 * permutation over nloops dims. */
static int read_map(rec_t *r, MlirOperation at, MlirAttribute maps, intptr_t i,
                    int nloops, int rank, int8_t *out) {
  if (i >= mlirArrayAttrGetNumElements(maps))
    return refuse(r, at, "missing indexing map");
  MlirAttribute a = mlirArrayAttrGetElement(maps, i);
  if (!mlirAttributeIsAAffineMap(a))
    return refuse(r, at, "indexing map is not an affine map");
  MlirAffineMap m = mlirAffineMapAttrGetValue(a);
  if ((int)mlirAffineMapGetNumDims(m) != nloops ||
      mlirAffineMapGetNumSymbols(m) != 0 ||
      (int)mlirAffineMapGetNumResults(m) != rank)
    return refuse(r, at, "indexing map does not match the operand's rank");
  if (!mlirAffineMapIsProjectedPermutation(m))
    return refuse(r, at, "indexing maps must be projected permutations "
                         "(plain loop indices, each used once); offsets, "
                         "strides and diagonals are not supported");
  for (int j = 0; j < rank; ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(m, j);
    if (!mlirAffineExprIsADim(e))
      return refuse(r, at, "indexing maps with constant indices are not "
                           "supported");
    out[j] = (int8_t)mlirAffineDimExprGetPosition(e);
  }
  return 0;
}

static int size_loops(rec_t *r, MlirOperation at, loops_t *l,
                      const buffer_t *b, const int8_t *map) {
  for (int j = 0; j < b->rank; ++j) {
    int d = map[j];
    if (!l->known[d]) {
      l->size[d] = b->shape[j];
      l->known[d] = true;
    } else if (unify(r, at, l->size[d], b->shape[j])) {
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
  return outer_scalar(r, at, v);
}

static int body_bind(rec_t *r, body_t *bd, MlirOperation at, MlirValue v,
                     int node) {
  if (node < 0)
    return -1;
  if (bd->n >= MAX_LOCALS)
    return refuse(r, at, "a linalg body with more than %d values", MAX_LOCALS);
  bd->locals[bd->n++] = (local_t){v, node};
  return 0;
}

/* One op of a linalg body. */
static int body_op(rec_t *r, body_t *bd, MlirOperation op, int nloops) {
  fe_graph *g = &r->p->g;
  MlirLocation loc = mlirOperationGetLocation(op);
  if (wmma_op_is(op, "arith.constant")) {
    if (do_constant(r, op))
      return -1;
    return 0; /* bound as a rank-0 scalar, visible through outer_scalar */
  }
  if (wmma_op_is(op, "linalg.index")) {
    MlirAttribute d = wmma_attr(op, "dim");
    if (mlirAttributeIsNull(d) || !mlirAttributeIsAInteger(d) ||
        mlirIntegerAttrGetValueInt(d) >= nloops)
      return refuse(r, op, "linalg.index of an unknown loop");
    fe_node n;
    memset(&n, 0, sizeof n);
    n.kind = FE_INDEX;
    n.type = mlirValueGetType(mlirOperationGetResult(op, 0));
    n.rank = nloops;
    n.dim = (int)mlirIntegerAttrGetValueInt(d);
    n.arg = n.product = -1;
    n.pred = -1;
    n.loc = loc;
    return body_bind(r, bd, op, mlirOperationGetResult(op, 0),
                     fe_node_add(g, &n));
  }
  const char *name = fe_elementwise_name(op);
  if (!name) {
    char nm[64];
    op_name(op, nm, sizeof nm);
    return refuse(r, op, "'%s' inside a linalg body is not an elementwise "
                         "op the kernels can evaluate",
                  nm);
  }
  int nops = (int)mlirOperationGetNumOperands(op);
  if (nops < 1 || nops > 3 || mlirOperationGetNumResults(op) != 1)
    return refuse(r, op, "unexpected operands or results");
  int ops[3];
  for (int i = 0; i < nops; ++i) {
    ops[i] = body_node(r, bd, op, mlirOperationGetOperand(op, i));
    if (ops[i] < 0)
      return -1;
  }
  int64_t pred = -1;
  MlirAttribute pa = wmma_attr(op, "predicate");
  if (!mlirAttributeIsNull(pa) && mlirAttributeIsAInteger(pa))
    pred = mlirIntegerAttrGetValueInt(pa);
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  return body_bind(r, bd, op, mlirOperationGetResult(op, 0),
                   fe_op(g, name, t, nops, ops, pred, loc));
}

static bool op_named(const fe_graph *g, int n, const char *name) {
  return n >= 0 && g->nodes[n].kind == FE_OP && !strcmp(g->nodes[n].name, name);
}

/* Strips the extension of a product operand to the accumulation type. */
/* Does node n read node m? */
static bool reads_node(const fe_graph *g, int n, int m, int depth) {
  if (n == m)
    return true;
  if (n < 0 || depth > 256)
    return false;
  const fe_node *x = &g->nodes[n];
  for (int i = 0; x->kind == FE_OP && i < x->nops; ++i)
    if (reads_node(g, x->ops[i], m, depth + 1))
      return true;
  return false;
}

/* Does node n read the result of a contraction? */
static bool reads_product(const fe_graph *g, int n, int depth) {
  if (n < 0 || depth > 256)
    return false;
  const fe_node *x = &g->nodes[n];
  if (x->kind == FE_PRODUCT)
    return true;
  for (int i = 0; x->kind == FE_OP && i < x->nops; ++i)
    if (reads_product(g, x->ops[i], depth + 1))
      return true;
  return false;
}

/* y = combine(out, v) (either order) for a max or a sum whose value v
 * does not read the accumulator: the combiner's name, and v. */
static const char *match_reduction(const fe_graph *g, int y, int out, int *v) {
  static const char *const kCombine[] = {"arith.maximumf", "arith.maxnumf",
                                         "arith.addf"};
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
          (value_start || !reads_node(g, x->ops[1 - s], out, 0))) {
        *v = x->ops[1 - s];
        return kCombine[i];
      }
  }
  return NULL;
}

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

static int do_generic(rec_t *r, MlirOperation op) {
  fe_problem *p = r->p;
  fe_graph *g = &p->g;
  MlirAttribute seg = wmma_attr(op, "operandSegmentSizes");
  if (mlirOperationGetNumResults(op) != 0 || mlirAttributeIsNull(seg) ||
      !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) != 2)
    return refuse(r, op, "linalg.generic with results after bufferization");
  int nin = mlirDenseI32ArrayGetElement(seg, 0);
  int nout = mlirDenseI32ArrayGetElement(seg, 1);
  if (nout != 1)
    return refuse(r, op, "linalg.generic with %d outputs (one is supported)",
                  nout);
  MlirAttribute iters = wmma_attr(op, "iterator_types");
  MlirAttribute maps = wmma_attr(op, "indexing_maps");
  if (mlirAttributeIsNull(iters) || !mlirAttributeIsAArray(iters) ||
      mlirAttributeIsNull(maps) || !mlirAttributeIsAArray(maps))
    return refuse(r, op, "linalg.generic without iterator types or maps");
  loops_t l;
  memset(&l, 0, sizeof l);
  l.nloops = (int)mlirArrayAttrGetNumElements(iters);
  if (l.nloops < 1 || l.nloops > FE_MAX_LOOPS)
    return refuse(r, op, "linalg.generic with %d loops (1..%d supported)",
                  l.nloops, FE_MAX_LOOPS);
  bool reduction[FE_MAX_LOOPS];
  int nred = 0;
  for (int i = 0; i < l.nloops; ++i) {
    char it[32];
    wmma_print_attr(mlirArrayAttrGetElement(iters, i), it, sizeof it);
    reduction[i] = strstr(it, "reduction") != NULL;
    nred += reduction[i];
  }

  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body) ||
      mlirBlockGetNumArguments(body) != nin + nout)
    return refuse(r, op, "malformed linalg.generic body");
  body_t bd;
  bd.n = 0;
  /* Inputs: their contents seen through their maps, in the loop space. */
  for (int i = 0; i < nin; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    MlirValue arg = mlirBlockGetArgument(body, i);
    buffer_t *b = buffer_of(r, v);
    int node;
    if (!mlirTypeIsAShaped(mlirValueGetType(v))) {
      node = outer_scalar(r, op, v);
    } else {
      if (!b)
        return refuse(r, op, "an input is a view or cast of a buffer "
                              "(not supported)");
      int8_t m[FE_MAX_RANK];
      if (read_map(r, op, maps, i, l.nloops, b->rank, m) ||
          size_loops(r, op, &l, b, m))
        return -1;
      int c = contents(r, op, b);
      if (c < 0)
        return -1;
      node = fe_compose(g, c, l.nloops, m);
    }
    if (body_bind(r, &bd, op, arg, node))
      return -1;
  }
  /* The output. */
  MlirValue ov = mlirOperationGetOperand(op, nin);
  buffer_t *bo = buffer_of(r, ov);
  if (!bo)
    return refuse(r, op, "the output is a view or cast of a buffer (not "
                          "supported)");
  int8_t om[FE_MAX_RANK];
  if (read_map(r, op, maps, nin, l.nloops, bo->rank, om) ||
      size_loops(r, op, &l, bo, om))
    return -1;
  for (int i = 0; i < l.nloops; ++i)
    if (!l.known[i])
      return refuse(r, op, "loop %d is not indexed by any operand", i);
  MlirValue oarg = mlirBlockGetArgument(body, nin);
  int out_init = -1;
  if (!mlirOpOperandIsNull(mlirValueGetFirstUse(oarg))) {
    int c = contents(r, op, bo);
    if (c < 0)
      return -1;
    out_init = fe_compose(g, c, l.nloops, om);
    if (out_init < 0 || body_bind(r, &bd, op, oarg, out_init))
      return -1;
  }
  /* The body. */
  int y = -1;
  for (MlirOperation b = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(b); b = mlirOperationGetNextInBlock(b)) {
    if (wmma_op_is(b, "linalg.yield")) {
      if (mlirOperationGetNumOperands(b) != 1)
        return refuse(r, b, "linalg.yield of %d values",
                      (int)mlirOperationGetNumOperands(b));
      y = body_node(r, &bd, b, mlirOperationGetOperand(b, 0));
      if (y < 0)
        return -1;
      break;
    }
    if (body_op(r, &bd, b, l.nloops))
      return -1;
  }
  if (y < 0)
    return refuse(r, op, "linalg body without linalg.yield");
  if (!mlirTypeEqual(g->nodes[y].type, bo->elem))
    return refuse(r, op, "the body yields a different type than the output "
                         "holds");

  if (nred == 0) {
    /* Elementwise: the output map is a permutation of the loops. */
    if (bo->rank != l.nloops)
      return refuse(r, op, "an elementwise linalg.generic whose output does "
                           "not use every loop");
    int8_t inv[FE_MAX_LOOPS];
    for (int j = 0; j < bo->rank; ++j)
      inv[om[j]] = (int8_t)j;
    int n = fe_compose(g, y, bo->rank, inv);
    if (n < 0)
      return refuse(r, op, "out of memory");
    bo->contents = n;
    bo->written = true;
    return 0;
  }
  /* A reduction: it must be a sum of products into the output. */
  int a, b;
  for (int j = 0; j < bo->rank; ++j)
    if (reduction[om[j]])
      return refuse(r, op, "the output is indexed by a reduction loop");
  if (bo->rank + nred != l.nloops)
    return refuse(r, op, "a parallel loop that indexes no output dimension");
  if (out_init >= 0 && !match_sum_of_products(g, y, out_init, &a, &b)) {
    /* A max or a sum (a softmax's): a reduction node; whether a template
     * can evaluate it is the problem's question. */
    int v = -1;
    const char *combine = match_reduction(g, y, out_init, &v);
    if (combine) {
      if (g->nreds >= FE_MAX_REDUCTIONS)
        return refuse(r, op, "more than %d reductions", FE_MAX_REDUCTIONS);
      fe_reduction *rd = &g->reds[g->nreds];
      memset(rd, 0, sizeof *rd);
      rd->nloops = l.nloops;
      for (int i = 0; i < l.nloops; ++i) {
        rd->reduction[i] = reduction[i];
        rd->loop_size[i] = l.size[i];
      }
      rd->nout = bo->rank;
      for (int j = 0; j < bo->rank; ++j)
        rd->out_dims[j] = om[j];
      rd->value = v;
      rd->init = contents(r, op, bo);
      if (rd->init < 0)
        return -1;
      rd->combine = combine;
      rd->type = bo->elem;
      rd->loc = mlirOperationGetLocation(op);
      fe_node rn;
      memset(&rn, 0, sizeof rn);
      rn.kind = FE_REDUCE;
      rn.type = bo->elem;
      rn.rank = bo->rank;
      rn.product = g->nreds++;
      rn.arg = rn.dim = -1;
      rn.pred = -1;
      rn.nmap = bo->rank;
      for (int j = 0; j < bo->rank; ++j)
        rn.map[j] = (int8_t)j;
      rn.loc = rd->loc;
      int id = fe_node_add(g, &rn);
      if (id < 0)
        return refuse(r, op, "out of memory");
      bo->contents = id;
      bo->written = true;
      return 0;
    }
  }
  if (out_init < 0 || !match_sum_of_products(g, y, out_init, &a, &b)) {
    if (reads_product(g, y, 0))
      return refuse(r, op, "a reduction over the result of a matrix product "
                           "(a row or column sum, a norm, a softmax) needs "
                           "whole rows or columns of it, which no output "
                           "tile holds: not expressible per tile");
    return refuse(r, op, "a reduction other than a sum of products "
                         "(acc + a * b): not a contraction");
  }
  if (p->g.nprods >= FE_MAX_PRODUCTS)
    return refuse(r, op, "more than %d contractions", FE_MAX_PRODUCTS);
  fe_contraction *c = &g->prods[g->nprods];
  memset(c, 0, sizeof *c);
  c->nloops = l.nloops;
  for (int i = 0; i < l.nloops; ++i) {
    c->reduction[i] = reduction[i];
    c->loop_size[i] = l.size[i];
  }
  c->nout = bo->rank;
  for (int j = 0; j < bo->rank; ++j)
    c->out_dims[j] = om[j];
  c->lhs = strip_ext(g, a, &c->lhs_unsigned);
  c->rhs = strip_ext(g, b, &c->rhs_unsigned);
  c->acc = contents(r, op, bo);
  if (c->acc < 0)
    return -1;
  c->acc_type = bo->elem;
  c->loc = mlirOperationGetLocation(op);
  fe_node pn;
  memset(&pn, 0, sizeof pn);
  pn.kind = FE_PRODUCT;
  pn.type = bo->elem;
  pn.rank = bo->rank;
  pn.product = g->nprods++;
  pn.arg = pn.dim = -1;
  pn.pred = -1;
  pn.nmap = bo->rank;
  for (int j = 0; j < bo->rank; ++j)
    pn.map[j] = (int8_t)j;
  pn.loc = c->loc;
  int id = fe_node_add(g, &pn);
  if (id < 0)
    return refuse(r, op, "out of memory");
  bo->contents = id;
  bo->written = true;
  return 0;
}

/*===--- results and the walk ----------------------------------------------===*/
static int do_return(rec_t *r, MlirOperation op) {
  fe_problem *p = r->p;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i) {
    buffer_t *b = buffer_of(r, mlirOperationGetOperand(op, i));
    if (!b || !b->alloc)
      return refuse(r, op, "result %d is not a buffer the function "
                           "allocates (returning an argument or a view is "
                           "not supported)",
                    (int)i);
    if (b->arg >= 0)
      return refuse(r, op, "the same buffer is returned twice");
    if (p->nargs >= FE_MAX_ARGS)
      return refuse(r, op, "more than %d arguments and results",
                    FE_MAX_ARGS);
    b->arg = p->nargs;
    fe_arg *a = &p->args[p->nargs++];
    memset(a, 0, sizeof *a);
    a->is_buffer = true;
    a->type = mlirValueGetType(b->value);
    a->elem = b->elem;
    a->rank = b->rank;
    for (int d = 0; d < b->rank; ++d)
      a->shape[d] = b->shape[d];
    a->host = -1 - (int)i;
    a->role = FE_ARG_OUTPUT;
    a->loc = mlirOperationGetLocation(op);
    p->nresults++;
  }
  return 0;
}

static int walk(rec_t *r) {
  for (MlirOperation op = mlirBlockGetFirstOperation(r->entry);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    int rc;
    if (wmma_op_is(op, "arith.constant"))
      rc = do_constant(r, op);
    else if (wmma_op_is(op, "memref.dim"))
      rc = do_dim(r, op);
    else if (wmma_op_is(op, "memref.alloc"))
      rc = do_alloc(r, op);
    else if (wmma_op_is(op, "memref.dealloc"))
      rc = 0;
    else if (wmma_op_is(op, "memref.copy"))
      rc = do_copy(r, op);
    else if (wmma_op_is(op, "linalg.generic"))
      rc = do_generic(r, op);
    else if (wmma_op_is(op, "func.return"))
      rc = do_return(r, op);
    else if (wmma_op_is(op, "memref.subview") ||
             wmma_op_is(op, "memref.cast") ||
             wmma_op_is(op, "memref.reinterpret_cast"))
      rc = refuse(r, op, "a view of a buffer inside the function (a subview, "
                         "or tensor.extract_slice once bufferized) is not "
                         "supported; pass the view as an argument (strided "
                         "memrefs with static strides are)");
    else {
      char nm[64];
      op_name(op, nm, sizeof nm);
      rc = refuse(r, op, "unsupported op '%s'", nm);
    }
    if (rc)
      return -1;
  }
  return 0;
}

static bool reads_arg(const fe_graph *g, int n, int arg, int depth) {
  if (n < 0 || depth > 256)
    return false;
  const fe_node *x = &g->nodes[n];
  if (x->kind == FE_LOAD)
    return x->arg == arg;
  if (x->kind == FE_PRODUCT) {
    const fe_contraction *c = &g->prods[x->product];
    return reads_arg(g, c->lhs, arg, depth + 1) ||
           reads_arg(g, c->rhs, arg, depth + 1) ||
           reads_arg(g, c->acc, arg, depth + 1);
  }
  for (int i = 0; i < x->nops; ++i)
    if (reads_arg(g, x->ops[i], arg, depth + 1))
      return true;
  return false;
}

int fe_recognize(MlirOperation norm, MlirOperation func, fe_problem *p,
                 char *why, size_t cap, MlirLocation *where) {
  rec_t *r = calloc(1, sizeof *r);
  if (!r)
    return fe_why(why, cap, "out of memory");
  r->p = p;
  r->why = why;
  r->cap = cap;
  r->where = where;
  r->entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(norm, 0));
  int rc = -1;
  if (mlirBlockIsNull(r->entry)) {
    refuse(r, func, "a declaration has no body to compile");
    goto done;
  }
  if (!mlirBlockIsNull(mlirBlockGetNextInRegion(r->entry))) {
    refuse(r, func, "the body has more than one block");
    goto done;
  }
  if (read_args(r, norm, func) || walk(r))
    goto done;
  /* The one written buffer. */
  int nwritten = 0;
  for (int i = 0; i < r->nbufs; ++i) {
    buffer_t *b = &r->bufs[i];
    if (b->arg < 0 || !b->written)
      continue;
    ++nwritten;
    p->out_arg = b->arg;
    p->root = b->contents;
  }
  if (nwritten == 0) {
    refuse(r, func, "the function writes no argument and returns no result");
    goto done;
  }
  if (nwritten > 1) {
    refuse(r, func, "the function writes %d buffers (one output is "
                    "supported)",
           nwritten);
    goto done;
  }
  fe_arg *out = &p->args[p->out_arg];
  out->role = reads_arg(&p->g, p->root, p->out_arg, 0) ? FE_ARG_INOUT
                                                        : FE_ARG_OUTPUT;
  /* Sizes: every symbol to its class's representative or static value. */
  for (int a = 0; a < p->nargs; ++a)
    for (int d = 0; d < p->args[a].rank; ++d)
      p->args[a].shape[d] = resolve(r, p->args[a].shape[d]);
  for (int i = 0; i < p->g.nprods; ++i)
    for (int l = 0; l < p->g.prods[i].nloops; ++l)
      p->g.prods[i].loop_size[l] = resolve(r, p->g.prods[i].loop_size[l]);
  rc = 0;
done:
  free(r);
  return rc;
}
