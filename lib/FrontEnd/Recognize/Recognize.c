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
 * unified with a static one becomes static).  Anything not understood is an
 * obstacle with a reason at the op's location; the walk goes on to find
 * the others (the ops reading what a refused op made are skipped). */
#include "Recognize/Recognize.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int rec_refuse(rec_t *r, MlirOperation at, const char *fmt, ...) {
  char msg[FE_WHY];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return fe_diag_refuse(r->diag, at, "%s", msg);
}

void rec_op_name(MlirOperation op, char *buf, size_t cap) {
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
int rec_unify(rec_t *r, MlirOperation at, fe_size a, fe_size b) {
  a = resolve(r, a);
  b = resolve(r, b);
  if (fe_size_static(a) && fe_size_static(b)) {
    if (a.value != b.value)
      return rec_refuse(r, at, "operand sizes disagree (%lld vs %lld)",
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

bool rec_same_size(rec_t *r, fe_size a, fe_size b) {
  a = resolve(r, a);
  b = resolve(r, b);
  return fe_size_static(a) ? fe_size_static(b) && a.value == b.value
                           : !fe_size_static(b) && a.sym == b.sym;
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

int rec_bind(rec_t *r, MlirOperation at, MlirValue v, fe_size size,
             int node) {
  if (r->nbinds >= MAX_BINDS) {
    r->fatal = true;
    return rec_refuse(r, at, "the function is too large (more than %d values)",
                      MAX_BINDS);
  }
  /* A value with a size is an index constant or a memref.dim; index
   * constants are also scalars (a node), memref.dim results are not. */
  bool sized = node < 0 || (mlirTypeIsAIndex(mlirValueGetType(v)) &&
                            r->p->g.nodes[node].kind == FE_CONST);
  r->binds[r->nbinds++] = (bind_t){v, size, node, sized, false, 0};
  return 0;
}

buffer_t *rec_buffer_of(rec_t *r, MlirValue v) {
  for (int i = 0; i < r->nbufs; ++i)
    if (mlirValueEqual(r->bufs[i].value, v))
      return &r->bufs[i];
  return NULL;
}

static int index_size(rec_t *r, MlirOperation at, MlirValue v, fe_size *out) {
  bind_t *b = lookup(r, v);
  if (!b || !b->sized)
    return rec_refuse(r, at, "a size is computed by something other than "
                         "memref.dim or a constant");
  if (b->grown)
    return rec_refuse(r, at, "a size computed by affine.apply (a "
                             "tensor.pad's padded size) is used by something "
                             "other than the padded buffer's allocation");
  *out = b->size;
  return 0;
}

/* The scalar node of a value used inside a body but defined outside: a
 * constant or a scalar function argument (rank 0 nodes). */
static bool is_poisoned(rec_t *r, MlirValue v);

int rec_outer_scalar(rec_t *r, MlirOperation at, MlirValue v) {
  bind_t *b = lookup(r, v);
  if (b && b->node >= 0)
    return b->node;
  if (is_poisoned(r, v))
    return -1; /* made by a refused op: that op is the obstacle */
  if (b && b->sized)
    return rec_refuse(r, at, "a size (memref.dim) used as a scalar value is "
                             "not supported; pass it as an index argument");
  return rec_refuse(r, at, "a scalar operand is neither a constant nor a scalar "
                       "function argument");
}

/*===--- buffers ----------------------------------------------------------------===*/
static bool elem_ok(MlirType t) {
  return mlirTypeIsAFloat(t) || mlirTypeIsAInteger(t);
}

static int add_buffer(rec_t *r, MlirOperation at, MlirValue v, int arg,
                      bool alloc) {
  if (r->nbufs >= MAX_BUFFERS) {
    r->fatal = true;
    return rec_refuse(r, at, "more than %d buffers", MAX_BUFFERS);
  }
  MlirType t = mlirValueGetType(v);
  int rank = (int)mlirShapedTypeGetRank(t);
  /* Rank 0: a scalar in memory (a dot product's or a full reduction's
   * result, a scalar read by an expression). */
  if (rank < 0 || rank > FE_MAX_RANK)
    return rec_refuse(r, at, "buffers of rank %d are not supported (0..%d)", rank,
                  FE_MAX_RANK);
  MlirType elem = mlirShapedTypeGetElementType(t);
  if (!elem_ok(elem))
    return rec_refuse(r, at, "buffers of this element type are not supported");
  if (!mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(t)))
    return rec_refuse(r, at, "memrefs outside the default memory space are not "
                         "supported");
  buffer_t *b = &r->bufs[r->nbufs++];
  memset(b, 0, sizeof *b);
  b->value = v;
  b->arg = arg;
  b->rank = rank;
  b->elem = elem;
  b->contents = -1;
  b->alloc = alloc;
  b->pad_src = -1;
  return 0;
}

/* Contents of a buffer (in its own space); an argument never written reads
 * as itself. */
int rec_contents(rec_t *r, MlirOperation at, buffer_t *b) {
  if (b->grown) /* its shape is the source's: only the pad path reads it */
    return rec_refuse(r, at, "a buffer padded at run-time sizes (tensor.pad) "
                             "is read by something other than a "
                             "convolution's input (which reads it as masked "
                             "loads of the unpadded source)");
  if (b->pad_src >= 0 && !fe_is_zero(&r->p->g, b->pad_fill))
    return rec_refuse(r, at, "a tensor.pad of a value other than zero is "
                             "read by something other than a pooling's "
                             "input (which reads it as masked loads of the "
                             "unpadded source)");
  bool plain = b->pad_src >= 0 && r->bufs[b->pad_src].arg >= 0;
  for (int j = 0; plain && j < b->rank; ++j)
    plain = b->pad_step[j] == 1;
  if (plain) {
    /* Zeros around the source: a load of the source at the index minus
     * the low padding, which the kernel masks (ProblemPad.c decides where
     * that holds). */
    const buffer_t *src = &r->bufs[b->pad_src];
    fe_arg *pa = &r->p->args[src->arg];
    for (int j = 0; pa->pad_read && j < src->rank; ++j)
      if (pa->pad_lo[j] != b->pad_lo[j])
        return rec_refuse(r, at, "a buffer is read through two tensor.pads of "
                                 "different low padding");
    fe_node n = fe_node_blank(FE_LOAD, src->elem, src->rank);
    n.arg = src->arg;
    n.nmap = src->rank;
    for (int i = 0; i < src->rank; ++i)
      n.map[i] = (int8_t)i;
    n.loc = mlirValueGetLocation(b->value);
    int id = fe_node_add(&r->p->g, &n);
    if (id < 0)
      return rec_refuse(r, at, "out of memory");
    pa->pad_read = true;
    memcpy(pa->pad_lo, b->pad_lo, sizeof pa->pad_lo);
    return id;
  }
  if (b->pad_src >= 0)
    return rec_refuse(r, at, "a zero-padded buffer (tensor.pad) is read by "
                             "something other than a convolution's input "
                             "(which reads it as masked loads of the "
                             "unpadded source); pass the unpadded operands: "
                             "the kernels handle sizes that are not "
                             "multiples of their tiles");
  if (b->contents >= 0)
    return b->contents;
  if (b->arg < 0 || b->alloc)
    return rec_refuse(r, at, "reads a buffer before anything was written to it");
  r->p->args[b->arg].plain_read = true;
  fe_node n = fe_node_blank(FE_LOAD, b->elem, b->rank);
  n.arg = b->arg;
  n.nmap = b->rank;
  for (int i = 0; i < b->rank; ++i)
    n.map[i] = (int8_t)i;
  n.loc = mlirValueGetLocation(b->value);
  int id = fe_node_add(&r->p->g, &n);
  if (id < 0)
    return rec_refuse(r, at, "out of memory");
  b->contents = id;
  return id;
}

/*===--- obstacles ------------------------------------------------------===*/
static void poison_value(rec_t *r, MlirValue v) {
  buffer_t *b = rec_buffer_of(r, v);
  if (b)
    b->poisoned = true;
  else if (r->npoisoned < MAX_POISONED)
    r->poisoned[r->npoisoned++] = v;
  else
    r->fatal = true; /* cannot track more: stop at the next obstacle */
}

static bool is_poisoned(rec_t *r, MlirValue v) {
  buffer_t *b = rec_buffer_of(r, v);
  if (b)
    return b->poisoned;
  for (int i = 0; i < r->npoisoned; ++i)
    if (mlirValueEqual(r->poisoned[i], v))
      return true;
  return false;
}

/* After an op was refused (or skipped): its results, and the buffers it
 * may have written, hold unknown contents.  A generic writes its outputs,
 * a copy its target; any other op may write any buffer it is given. */
static void poison_op(rec_t *r, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    poison_value(r, mlirOperationGetResult(op, i));
  intptr_t first = 0;
  MlirAttribute seg = wmma_attr(op, "operandSegmentSizes");
  if (wmma_op_is(op, "memref.copy"))
    first = 1;
  else if (wmma_op_is(op, "linalg.generic") && !mlirAttributeIsNull(seg) &&
           mlirAttributeIsADenseI32Array(seg) &&
           mlirDenseArrayGetNumElements(seg) == 2)
    first = mlirDenseI32ArrayGetElement(seg, 0);
  for (intptr_t i = first; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (mlirTypeIsAMemRef(mlirValueGetType(v)))
      poison_value(r, v);
  }
}

static bool reads_poisoned(rec_t *r, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (is_poisoned(r, mlirOperationGetOperand(op, i)))
      return true;
  return false;
}

/* The name of the op the user wrote at op's location when the upstream
 * passes made op from another ("" when it is op itself or unknown). */
static void source_name(rec_t *r, MlirOperation op, char *buf, size_t cap) {
  char own[64];
  fe_source_op_name(r->func, mlirOperationGetLocation(op), buf, cap);
  rec_op_name(op, own, sizeof own);
  if (!strcmp(buf, own))
    buf[0] = 0;
}

/*===--- function arguments ---------------------------------------------------===*/
static int read_arg(rec_t *r, MlirOperation func, MlirBlock orig, intptr_t i) {
  fe_problem *p = r->p;
  MlirValue v = mlirBlockGetArgument(r->entry, i);
  MlirType t = mlirValueGetType(v);
  fe_arg *a = &p->args[p->nargs++];
  memset(a, 0, sizeof *a);
  a->type = t;
  a->host = (int)i;
  a->role = FE_ARG_INPUT;
  a->loc = mlirValueGetLocation(mlirBlockGetArgument(orig, i));
  /* Scalars: floats, integers, and index values (a position compared
   * with linalg.index in a mask), passed to the kernel as they are. */
  if (mlirTypeIsAFloat(t) || mlirTypeIsAIndex(t) ||
      (mlirTypeIsAInteger(t) && wb_type_bits(t) >= 8 &&
       wb_type_bits(t) <= 64)) {
    a->elem = t;
    fe_node s = fe_node_blank(FE_SCALAR, t, 0);
    s.arg = (int)i;
    s.loc = a->loc;
    int id = fe_node_add(&p->g, &s);
    if (id < 0) {
      r->fatal = true;
      return rec_refuse(r, func, "out of memory");
    }
    return rec_bind(r, func, v, fe_static(0), id);
  }
  if (!mlirTypeIsAMemRef(t)) {
    char ts[64];
    fe_type_str(t, ts, sizeof ts);
    return fe_diag_refuse_at(r->diag, a->loc,
                             "argument %d has type %s, which the front end "
                             "does not handle (expected a memref, a tensor, "
                             "or a float, index or 8- to 64-bit integer "
                             "scalar)",
                             (int)i, ts);
  }
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
      if (sym < 0) {
        r->fatal = true;
        return rec_refuse(r, func, "more than %d run-time sizes", FE_MAX_SYMS);
      }
      b->shape[d] = (fe_size){-1, sym};
    } else {
      b->shape[d] = fe_static(s);
    }
    a->shape[d] = b->shape[d];
  }
  return 0;
}

/* Every argument; one that cannot be read is an obstacle, and the ops
 * reading it are skipped. */
static int read_args(rec_t *r, MlirOperation func) {
  MlirBlock orig = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t n = mlirBlockGetNumArguments(r->entry);
  if (n > FE_MAX_ARGS)
    return rec_refuse(r, func, "more than %d arguments", FE_MAX_ARGS);
  int rc = 0;
  for (intptr_t i = 0; i < n && !r->fatal; ++i)
    if (read_arg(r, func, orig, i)) {
      rc = -1;
      poison_value(r, mlirBlockGetArgument(r->entry, i));
    }
  return rc;
}

/*===--- ops outside linalg ----------------------------------------------------===*/
int rec_do_constant(rec_t *r, MlirOperation op) {
  MlirValue v = mlirOperationGetResult(op, 0);
  MlirType t = mlirValueGetType(v);
  MlirAttribute a = wmma_attr(op, "value");
  fe_node n = fe_node_blank(FE_CONST, t, 0);
  n.loc = mlirOperationGetLocation(op);
  fe_size size = fe_static(0);
  if (mlirTypeIsAIndex(t)) {
    /* A size (memref.alloc, memref.dim) and a scalar (compared with
     * linalg.index in a mask). */
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
      return rec_refuse(r, op, "unsupported index constant");
    n.ival = mlirIntegerAttrGetValueInt(a);
    size = fe_static(n.ival < 0 ? 0 : n.ival);
  } else if (mlirTypeIsAFloat(t) && !mlirAttributeIsNull(a) &&
      mlirAttributeIsAFloat(a)) {
    n.fval = mlirFloatAttrGetValueDouble(a);
    if (isnan(n.fval)) /* one NaN (softmax's max starts at NaN with maxnumf) */
      n.fval = NAN;
  } else if (mlirTypeIsAInteger(t) && !mlirAttributeIsNull(a) &&
             mlirAttributeIsAInteger(a)) {
    n.ival = mlirIntegerAttrGetValueInt(a);
  } else {
    return rec_refuse(r, op, "unsupported constant (only scalar float, integer "
                         "and index constants)");
  }
  int id = fe_node_add(&r->p->g, &n);
  if (id < 0)
    return rec_refuse(r, op, "out of memory");
  return rec_bind(r, op, v, size, id);
}

static int do_dim(rec_t *r, MlirOperation op) {
  MlirValue src = mlirOperationGetOperand(op, 0);
  buffer_t *b = rec_buffer_of(r, src);
  fe_size idx = {-1, -1};
  if (!b)
    return rec_refuse(r, op, "memref.dim of something other than a function "
                         "argument or an allocation");
  if (index_size(r, op, mlirOperationGetOperand(op, 1), &idx))
    return -1;
  if (!fe_size_static(idx) || idx.value >= b->rank)
    return rec_refuse(r, op, "memref.dim with a dimension that is not a valid "
                         "constant");
  if (b->grown && b->pad_grow[idx.value])
    return rec_refuse(r, op, "memref.dim of a buffer padded at run-time sizes "
                             "(tensor.pad) is not supported");
  return rec_bind(r, op, mlirOperationGetResult(op, 0), b->shape[idx.value], -1);
}

static int do_alloc(rec_t *r, MlirOperation op) {
  MlirValue v = mlirOperationGetResult(op, 0);
  if (add_buffer(r, op, v, -1, true))
    return -1;
  buffer_t *b = &r->bufs[r->nbufs - 1];
  MlirType t = mlirValueGetType(v);
  MlirAffineMap map = mlirMemRefTypeGetAffineMap(t);
  if (!mlirAffineMapIsNull(map) && !mlirAffineMapIsIdentity(map))
    return rec_refuse(r, op, "allocations with a non-identity layout");
  intptr_t next = 0;
  for (int d = 0; d < b->rank; ++d) {
    int64_t s = mlirShapedTypeGetDimSize(t, d);
    if (!mlirShapedTypeIsDynamicSize(s)) {
      b->shape[d] = fe_static(s);
      continue;
    }
    if (next >= mlirOperationGetNumOperands(op))
      return rec_refuse(r, op, "memref.alloc without a size for dimension %d", d);
    bind_t *grown = lookup(r, mlirOperationGetOperand(op, next));
    if (grown && grown->sized && grown->grown) {
      /* A tensor.pad's buffer: the source's size plus the padding. */
      b->shape[d] = grown->size;
      b->pad_grow[d] = grown->grow;
      b->grown = true;
      ++next;
      continue;
    }
    if (index_size(r, op, mlirOperationGetOperand(op, next++), &b->shape[d]))
      return -1;
  }
  if (next != mlirOperationGetNumOperands(op))
    return rec_refuse(r, op, "memref.alloc with symbol operands");
  return 0;
}

static int do_copy(rec_t *r, MlirOperation op) {
  buffer_t *src = rec_buffer_of(r, mlirOperationGetOperand(op, 0));
  buffer_t *dst = rec_buffer_of(r, mlirOperationGetOperand(op, 1));
  for (int i = 0; !dst && i < r->npadviews; ++i)
    if (mlirValueEqual(r->padviews[i].v, mlirOperationGetOperand(op, 1)))
      return rec_copy_into_pad(r, op, src, &r->padviews[i]);
  if (!src || !dst)
    return rec_refuse(r, op, "memref.copy between views is not supported");
  if (dst->grown)
    return rec_refuse(r, op, "a buffer padded at run-time sizes (tensor.pad) "
                             "is written by something other than the copy "
                             "of its source");
  if (src->rank != dst->rank || !mlirTypeEqual(src->elem, dst->elem))
    return rec_refuse(r, op, "memref.copy between different types");
  for (int d = 0; d < src->rank; ++d)
    if (rec_unify(r, op, src->shape[d], dst->shape[d]))
      return -1;
  int c = rec_contents(r, op, src);
  if (c < 0)
    return -1;
  dst->contents = c;
  dst->written = true;
  return 0;
}

/*===--- results and the walk ----------------------------------------------===*/
static int do_return(rec_t *r, MlirOperation op) {
  fe_problem *p = r->p;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < n; ++i) {
    buffer_t *b = rec_buffer_of(r, mlirOperationGetOperand(op, i));
    if (!b || !b->alloc)
      return rec_refuse(r, op, "result %d is not a buffer the function "
                           "allocates (returning an argument or a view is "
                           "not supported)",
                    (int)i);
    if (b->arg >= 0)
      return rec_refuse(r, op, "the same buffer is returned twice");
    if (b->grown)
      return rec_refuse(r, op, "result %d is a buffer padded at run-time "
                               "sizes (tensor.pad), which is not supported",
                        (int)i);
    if (p->nargs >= FE_MAX_ARGS)
      return rec_refuse(r, op, "more than %d arguments and results",
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

static bool is_view(MlirOperation op) {
  return wmma_op_is(op, "memref.subview") || wmma_op_is(op, "memref.cast") ||
         wmma_op_is(op, "memref.reinterpret_cast");
}

static bool is_reshape(MlirOperation op) {
  return wmma_op_is(op, "memref.expand_shape") ||
         wmma_op_is(op, "memref.collapse_shape") ||
         wmma_op_is(op, "memref.reshape");
}

static bool on_tensors(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (mlirTypeIsATensor(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return true;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (mlirTypeIsATensor(mlirValueGetType(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

/* Part of a bufferized tensor.pad at run-time sizes: the padded size's
 * arithmetic (affine.apply of memref.dim), or an allocation, subview or
 * copy of dynamic shape. */
static bool pad_has_runtime_sizes(MlirOperation op) {
  if (wmma_op_is(op, "affine.apply"))
    return true;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (mlirTypeIsAShaped(t) && mlirShapedTypeHasRank(t) &&
        !mlirShapedTypeHasStaticShape(t))
      return true;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (mlirTypeIsAShaped(t) && mlirShapedTypeHasRank(t) &&
        !mlirShapedTypeHasStaticShape(t))
      return true;
  }
  return false;
}

/* An op recognition does not read: say what it is, by the op the user
 * wrote where bufferization made it from a tensor op. */
static int refuse_op(rec_t *r, MlirOperation op) {
  char nm[64], src[64];
  rec_op_name(op, nm, sizeof nm);
  if (wmma_op_is(op, "func.call"))
    return rec_refuse(r, op, FE_CALL_REFUSAL);
  /* Bufferization left it on tensors (allow-unknown-ops): it has no
   * bufferization rule upstream, so there is no memref form to read. */
  if (on_tensors(op))
    return rec_refuse(r, op, "%s on tensors cannot be bufferized (upstream "
                             "one-shot-bufferize has no rule for it)%s",
                      nm,
                      strncmp(nm, "linalg.", 7)
                          ? "; express it as an elementwise linalg op "
                            "(linalg.generic or linalg.map) instead"
                          : "");
  source_name(r, op, src, sizeof src);
  const char *what = src[0] ? src : nm;
  if (!strcmp(src, "tensor.pad") && pad_has_runtime_sizes(op))
    return rec_refuse(r, op, "tensor.pad with run-time sizes is supported "
                             "only of a function argument, read by a "
                             "convolution's input, with padding amounts "
                             "that are constants or index values (%s: the "
                             "padded sizes are the source's plus the "
                             "padding, computed at run time)",
                      nm);
  if (!strcmp(src, "tensor.pad"))
    return rec_refuse(r, op, "tensor.pad is not supported (padding is "
                             "bufferized into a copy into a view of a new "
                             "buffer); pass the unpadded operands: the "
                             "kernels handle sizes that are not multiples "
                             "of their tiles");
  if (is_reshape(op) || strstr(src, "expand_shape") ||
      strstr(src, "collapse_shape") || !strcmp(src, "tensor.reshape"))
    return rec_refuse(r, op, "%s: a reshape inside the function is not "
                             "supported; pass the operand in the shape the "
                             "linalg ops use (reshaping a contiguous buffer "
                             "is free outside the function)",
                      what);
  if (is_view(op))
    return rec_refuse(r, op, "%s makes a view of a buffer inside the "
                             "function, which is not supported; pass the "
                             "view as an argument (strided memrefs with "
                             "static strides are)",
                      what);
  if (!strcmp(nm, "scf.while"))
    return rec_refuse(r, op, "scf.while is not one kernel's work: the "
                             "host runs it around the launches of its body "
                             "(a program), when it carries index values its "
                             "condition is computed from");
  if (src[0])
    return rec_refuse(r, op, "unsupported op '%s' (from '%s')", nm, src);
  return rec_refuse(r, op, "unsupported op '%s'", nm);
}

/* Every op of the body in order.  An op that is refused is recorded and
 * the walk goes on: ops that read what it made are skipped (not refused
 * again), so the remark lists each obstacle once. */
static int walk(rec_t *r) {
  int failed = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(r->entry);
       !mlirOperationIsNull(op) && !r->fatal;
       op = mlirOperationGetNextInBlock(op)) {
    if (reads_poisoned(r, op)) {
      poison_op(r, op);
      continue;
    }
    int rc;
    if (wmma_op_is(op, "arith.constant"))
      rc = rec_do_constant(r, op);
    else if (wmma_op_is(op, "memref.dim"))
      rc = do_dim(r, op);
    else if (wmma_op_is(op, "memref.alloc"))
      rc = do_alloc(r, op);
    else if (wmma_op_is(op, "memref.dealloc"))
      rc = 0;
    else if (wmma_op_is(op, "memref.copy"))
      rc = do_copy(r, op);
    else if (rec_do_pad_view(r, op))
      rc = 0;
    else if (rec_is_pad_size(op))
      rc = rec_do_pad_size(r, op);
    else if (wmma_op_is(op, "linalg.generic"))
      rc = rec_do_generic(r, op);
    else if (wmma_op_is(op, "func.return"))
      rc = do_return(r, op);
    else if (rec_is_scalar_op(op))
      rc = rec_do_scalar_op(r, op);
    else if (wmma_op_is(op, "bufferization.to_tensor"))
      rc = 0; /* a buffer handed to an op bufferization left on tensors:
                 that op is the obstacle (its result is poisoned) */
    else
      rc = refuse_op(r, op);
    if (rc) {
      failed = 1;
      poison_op(r, op);
    }
  }
  return failed ? -1 : 0;
}

int fe_recognize(MlirOperation norm, MlirOperation func, fe_problem *p,
                 fe_diag *d) {
  rec_t *r = calloc(1, sizeof *r);
  if (!r)
    return fe_diag_refuse(d, func, "out of memory");
  r->p = p;
  r->diag = d;
  r->func = func;
  r->entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(norm, 0));
  int rc = -1;
  if (mlirBlockIsNull(r->entry)) {
    rec_refuse(r, func, "a declaration has no body to compile");
    goto done;
  }
  if (!mlirBlockIsNull(mlirBlockGetNextInRegion(r->entry))) {
    rec_refuse(r, func, "the body has more than one block");
    goto done;
  }
  /* Arguments and ops: every obstacle, not only the first. */
  int args_rc = read_args(r, func);
  if (r->fatal || (walk(r) | args_rc))
    goto done;
  /* The written buffers: one, or up to FE_MAX_OUTS that the problem
   * stage accepts only as products of one A operand (fe_multi_problem). */
  int nwritten = 0;
  for (int i = 0; i < r->nbufs; ++i) {
    buffer_t *b = &r->bufs[i];
    if (b->arg < 0 || !b->written)
      continue;
    if (nwritten < FE_MAX_OUTS) {
      p->outs[nwritten] = b->arg;
      p->roots[nwritten] = b->contents;
    }
    ++nwritten;
  }
  p->out_arg = p->outs[0];
  p->root = p->roots[0];
  p->nouts = nwritten;
  if (nwritten == 0) {
    rec_refuse(r, func, "the function writes no argument and returns no result");
    goto done;
  }
  if (nwritten > FE_MAX_OUTS) {
    rec_refuse(r, func, "the function writes %d buffers (one output, or "
                    "up to %d projections of one A operand, are supported)",
           nwritten, FE_MAX_OUTS);
    goto done;
  }
  for (int o = 0; o < nwritten; ++o) {
    fe_arg *out = &p->args[p->outs[o]];
    out->role = fe_reads_arg(&p->g, p->roots[o], p->outs[o], FE_WALK_PRODUCTS)
                    ? FE_ARG_INOUT
                    : FE_ARG_OUTPUT;
  }
  /* Sizes: every symbol to its class's representative or static value. */
  for (int a = 0; a < p->nargs; ++a)
    for (int d = 0; d < p->args[a].rank; ++d)
      p->args[a].shape[d] = resolve(r, p->args[a].shape[d]);
  for (int i = 0; i < p->g.nprods; ++i) {
    fe_loop_nest *nest = &p->g.prods[i].nest;
    for (int l = 0; l < nest->nloops; ++l)
      nest->loop_size[l] = resolve(r, nest->loop_size[l]);
  }
  rc = 0;
done:
  free(r);
  return rc;
}
