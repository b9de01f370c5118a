/* Front end, step 1: read a func.func of linalg on memrefs into a dataflow
 * description and match the supported patterns.
 *
 * The body is interpreted op by op.  Every buffer (memref argument or
 * memref.alloc) carries the expression of its current contents; a linalg op
 * replaces the contents of its output by an expression over the contents of
 * its inputs (elementwise bodies are interpreted op by op, products become
 * FE_MATMUL nodes).  Only the final contents of the one written argument are
 * observable, so intermediates never need to exist in memory: the kernel
 * evaluates the expression tile by tile.  Everything not understood stops
 * the analysis with a remark naming it; the func is then left untouched. */
#include "FrontEnd.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/*===--- diagnostics ------------------------------------------------------===*/
void fe_remark(MlirOperation op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  wmma_vemit(op, wmmaFrontEndEmitRemark, fmt, ap);
  va_end(ap);
}

const char *fe_type_name(fe_type t) {
  return t == FE_T_F16 ? "f16" : t == FE_T_BF16 ? "bf16" : "f32";
}

const char *fe_pattern_name(fe_pattern p) {
  switch (p) {
  case FE_PAT_GEMM:
    return "gemm";
  case FE_PAT_GEMM_MULMUL:
    return "gemm_multiply_multiply";
  case FE_PAT_GEMM_GEMM:
    return "gemm_gemm";
  case FE_PAT_GEMM_GEMM_LDS:
    return "gemm_gemm_lds";
  case FE_PAT_BATCH_GEMM_GEMM:
    return "batched_gemm_gemm";
  }
  return "?";
}

static bool float_type(MlirType t, fe_type *out) {
  if (mlirTypeIsAF16(t))
    *out = FE_T_F16;
  else if (mlirTypeIsABF16(t))
    *out = FE_T_BF16;
  else if (mlirTypeIsAF32(t))
    *out = FE_T_F32;
  else
    return false;
  return true;
}

/*===--- analysis state -----------------------------------------------------===*/
typedef struct {
  MlirValue value;
  int arg;  /* function argument index, -1 for memref.alloc */
  fe_type elem;
  int rank;
  int64_t shape[3];
  int cur;  /* node of the current contents, -1 = never written */
  int written;
} buffer_t;

typedef struct {
  MlirValue value;
  int node;
} binding_t;

typedef struct {
  fe_desc *d;
  MlirOperation func;
  MlirBlock entry;
  buffer_t bufs[FE_MAX_BUFFERS];
  int nbufs;
  /* Scalars defined in the func body (arith.constant) and body values. */
  binding_t binds[FE_MAX_NODES];
  int nbinds;
} state_t;

static int new_node(state_t *s, MlirOperation at, fe_kind kind,
                    fe_type type) {
  fe_desc *d = s->d;
  if (d->nnodes >= FE_MAX_NODES) {
    fe_remark(at, "not converted to a wmma kernel: the computation is too "
                  "large (more than %d expression nodes)",
              FE_MAX_NODES);
    return -1;
  }
  fe_node *n = &d->nodes[d->nnodes];
  memset(n, 0, sizeof *n);
  n->kind = kind;
  n->type = type;
  n->a = n->b = n->c = -1;
  n->arg = -1;
  return d->nnodes++;
}

static int lookup_bind(state_t *s, MlirValue v) {
  for (int i = s->nbinds - 1; i >= 0; --i)
    if (mlirValueEqual(s->binds[i].value, v))
      return s->binds[i].node;
  return -1;
}

static int add_bind(state_t *s, MlirOperation at, MlirValue v, int node) {
  if (s->nbinds >= FE_MAX_NODES) {
    fe_remark(at, "not converted to a wmma kernel: too many values");
    return -1;
  }
  s->binds[s->nbinds].value = v;
  s->binds[s->nbinds].node = node;
  ++s->nbinds;
  return 0;
}

static int find_buffer(state_t *s, MlirValue v) {
  for (int i = 0; i < s->nbufs; ++i)
    if (mlirValueEqual(s->bufs[i].value, v))
      return i;
  return -1;
}

/* Function argument index of v, or -1. */
static int func_arg_index(state_t *s, MlirValue v) {
  if (!mlirValueIsABlockArgument(v))
    return -1;
  if (!mlirBlockEqual(mlirBlockArgumentGetOwner(v), s->entry))
    return -1;
  return (int)mlirBlockArgumentGetArgNumber(v);
}

/* Checks a memref type: static, identity layout, default memory space,
 * rank 2 or 3, f16/bf16/f32.  0 if fine, else a remark at `at`. */
static int check_memref(MlirOperation at, MlirType t, fe_type *elem, int *rank,
                        int64_t shape[3], const char *what) {
  char ts[160];
  wmma_print_type(t, ts, sizeof ts);
  if (!mlirTypeIsAMemRef(t)) {
    fe_remark(at, "not converted to a wmma kernel: %s has type %s (expected "
                  "a memref or a scalar float)",
              what, ts);
    return -1;
  }
  if (!mlirShapedTypeHasStaticShape(t)) {
    fe_remark(at, "not converted to a wmma kernel: %s has dynamic shape (%s); "
                  "only static shapes are supported",
              what, ts);
    return -1;
  }
  MlirAffineMap map = mlirMemRefTypeGetAffineMap(t);
  if (mlirAffineMapIsNull(map) || !mlirAffineMapIsIdentity(map)) {
    fe_remark(at, "not converted to a wmma kernel: %s (%s) does not have the "
                  "identity (row-major) layout",
              what, ts);
    return -1;
  }
  if (!mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(t))) {
    fe_remark(at, "not converted to a wmma kernel: %s (%s) is not in the "
                  "default memory space",
              what, ts);
    return -1;
  }
  int r = (int)mlirShapedTypeGetRank(t);
  if (r < 2 || r > 3) {
    fe_remark(at, "not converted to a wmma kernel: %s (%s) must have rank 2 "
                  "or 3",
              what, ts);
    return -1;
  }
  if (!float_type(mlirShapedTypeGetElementType(t), elem)) {
    fe_remark(at, "not converted to a wmma kernel: %s (%s) must hold f16, "
                  "bf16 or f32",
              what, ts);
    return -1;
  }
  *rank = r;
  for (int i = 0; i < r; ++i) {
    shape[i] = mlirShapedTypeGetDimSize(t, i);
    if (shape[i] <= 0 || shape[i] > (1 << 20)) {
      fe_remark(at, "not converted to a wmma kernel: %s (%s) has an "
                    "unsupported size",
                what, ts);
      return -1;
    }
  }
  return 0;
}

/* The scalar node of a value used by a linalg op but defined outside its
 * body: a float function argument or an arith.constant of the func body. */
static int scalar_node(state_t *s, MlirOperation at, MlirValue v) {
  int n = lookup_bind(s, v);
  if (n >= 0)
    return n;
  int ai = func_arg_index(s, v);
  if (ai >= 0 && ai < s->d->nargs && !s->d->args[ai].is_memref) {
    int id = new_node(s, at, FE_SCALAR, s->d->args[ai].elem);
    if (id < 0)
      return -1;
    s->d->nodes[id].arg = ai;
    if (add_bind(s, at, v, id))
      return -1;
    return id;
  }
  fe_remark(at, "not converted to a wmma kernel: a scalar operand is neither "
                "a float function argument nor an arith.constant");
  return -1;
}

/* arith.constant with a finite float value -> FE_CONST. */
static int constant_node(state_t *s, MlirOperation op) {
  MlirAttribute v = wmma_attr(op, "value");
  fe_type t;
  if (mlirAttributeIsNull(v) || !mlirAttributeIsAFloat(v) ||
      !float_type(mlirAttributeGetType(v), &t))
    return -2; /* not a float constant: not ours */
  double x = mlirFloatAttrGetValueDouble(v);
  if (!isfinite(x)) {
    fe_remark(op, "not converted to a wmma kernel: non-finite constant");
    return -1;
  }
  int id = new_node(s, op, FE_CONST, t);
  if (id < 0)
    return -1;
  s->d->nodes[id].value = x;
  return id;
}

/* Shape of a node: copy from a buffer. */
static void set_shape(fe_node *n, int rank, const int64_t *shape) {
  n->rank = rank;
  for (int i = 0; i < rank; ++i)
    n->shape[i] = shape[i];
}

/* The node reading buffer b (its current contents, or a LOAD of the
 * argument when it was never written). */
static int buffer_value(state_t *s, MlirOperation at, int b) {
  buffer_t *buf = &s->bufs[b];
  if (buf->cur >= 0)
    return buf->cur;
  if (buf->arg < 0) {
    fe_remark(at, "not converted to a wmma kernel: reads a memref.alloc "
                  "before anything was written to it");
    return -1;
  }
  int id = new_node(s, at, FE_LOAD, buf->elem);
  if (id < 0)
    return -1;
  s->d->nodes[id].arg = buf->arg;
  set_shape(&s->d->nodes[id], buf->rank, buf->shape);
  buf->cur = id; /* later reads share the node */
  return id;
}

/*===--- linalg ops ---------------------------------------------------------===*/
/* ins / outs counts from operandSegmentSizes. */
static int segments(MlirOperation op, int *nin, int *nout) {
  MlirAttribute seg = wmma_attr(op, "operandSegmentSizes");
  if (mlirAttributeIsNull(seg) || !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) != 2)
    return -1;
  *nin = mlirDenseI32ArrayGetElement(seg, 0);
  *nout = mlirDenseI32ArrayGetElement(seg, 1);
  if (*nin < 0 || *nout < 0 ||
      *nin + *nout != mlirOperationGetNumOperands(op))
    return -1;
  return 0;
}

/* Does the affine map attribute list `maps[i]` equal the dims `dims` (a
 * projection with these dim positions)?  nres = number of results. */
static bool map_is(MlirAttribute maps, intptr_t i, int ndims, int nres,
                   const int *dims) {
  if (i >= mlirArrayAttrGetNumElements(maps))
    return false;
  MlirAttribute a = mlirArrayAttrGetElement(maps, i);
  if (!mlirAttributeIsAAffineMap(a))
    return false;
  MlirAffineMap m = mlirAffineMapAttrGetValue(a);
  if ((int)mlirAffineMapGetNumDims(m) != ndims ||
      mlirAffineMapGetNumSymbols(m) != 0 ||
      (int)mlirAffineMapGetNumResults(m) != nres)
    return false;
  for (int r = 0; r < nres; ++r) {
    MlirAffineExpr e = mlirAffineMapGetResult(m, r);
    if (!mlirAffineExprIsADim(e) || mlirAffineDimExprGetPosition(e) != dims[r])
      return false;
  }
  return true;
}

/* The buffer index of a memref operand of a linalg op (must be known). */
static int operand_buffer(state_t *s, MlirOperation op, intptr_t i) {
  MlirValue v = mlirOperationGetOperand(op, i);
  int b = find_buffer(s, v);
  if (b < 0) {
    char nm[64];
    wmma_op_name(op, nm, sizeof nm);
    fe_remark(op, "not converted to a wmma kernel: an operand of '%s' is not "
                  "a function argument or a memref.alloc (views and casts are "
                  "not supported)",
              nm);
  }
  return b;
}

static int do_matmul(state_t *s, MlirOperation op, bool batched) {
  const char *nm = batched ? "linalg.batch_matmul" : "linalg.matmul";
  int nin, nout;
  if (mlirOperationGetNumResults(op) != 0 || segments(op, &nin, &nout) ||
      nin != 2 || nout != 1) {
    fe_remark(op, "not converted to a wmma kernel: '%s' must take two "
                  "memref inputs and one memref output (no tensors)",
              nm);
    return -1;
  }
  int ba = operand_buffer(s, op, 0), bb = operand_buffer(s, op, 1),
      bc = operand_buffer(s, op, 2);
  if (ba < 0 || bb < 0 || bc < 0)
    return -1;
  if (bc == ba || bc == bb) {
    fe_remark(op, "not converted to a wmma kernel: '%s' writes one of its "
                  "inputs",
              nm);
    return -1;
  }
  /* Indexing maps: the standard ones, or A / B transposed. */
  int rank = batched ? 3 : 2, nd = rank + 1;
  int lhs_t = 0, rhs_t = 0;
  MlirAttribute maps = wmma_attr(op, "indexing_maps");
  if (!mlirAttributeIsNull(maps)) {
    if (!mlirAttributeIsAArray(maps) || mlirArrayAttrGetNumElements(maps) != 3)
      goto bad_maps;
    /* Dims: [b,] m, n, k. */
    int o = batched ? 1 : 0;
    int mD = o, nD = o + 1, kD = o + 2;
    int a_n[3], a_t[3], b_n[3], b_t[3], c_n[3], i = 0;
    if (batched) {
      a_n[0] = a_t[0] = b_n[0] = b_t[0] = c_n[0] = 0;
      i = 1;
    }
    a_n[i] = mD, a_n[i + 1] = kD;
    a_t[i] = kD, a_t[i + 1] = mD;
    b_n[i] = kD, b_n[i + 1] = nD;
    b_t[i] = nD, b_t[i + 1] = kD;
    c_n[i] = mD, c_n[i + 1] = nD;
    if (map_is(maps, 0, nd, rank, a_n))
      lhs_t = 0;
    else if (map_is(maps, 0, nd, rank, a_t))
      lhs_t = 1;
    else
      goto bad_maps;
    if (map_is(maps, 1, nd, rank, b_n))
      rhs_t = 0;
    else if (map_is(maps, 1, nd, rank, b_t))
      rhs_t = 1;
    else
      goto bad_maps;
    if (!map_is(maps, 2, nd, rank, c_n))
      goto bad_maps;
  }
  buffer_t *A = &s->bufs[ba], *B = &s->bufs[bb], *C = &s->bufs[bc];
  if (A->rank != rank || B->rank != rank || C->rank != rank) {
    fe_remark(op, "not converted to a wmma kernel: '%s' operands must have "
                  "rank %d",
              nm, rank);
    return -1;
  }
  if (A->elem != B->elem || A->elem == FE_T_F32 || C->elem != FE_T_F32) {
    fe_remark(op, "not converted to a wmma kernel: '%s' must multiply f16 x "
                  "f16 or bf16 x bf16 into f32 (got %s x %s -> %s)",
              nm, fe_type_name(A->elem), fe_type_name(B->elem),
              fe_type_name(C->elem));
    return -1;
  }
  int o = batched ? 1 : 0;
  int64_t M = C->shape[o], N = C->shape[o + 1];
  int64_t am = lhs_t ? A->shape[o + 1] : A->shape[o];
  int64_t ak = lhs_t ? A->shape[o] : A->shape[o + 1];
  int64_t bk = rhs_t ? B->shape[o + 1] : B->shape[o];
  int64_t bn = rhs_t ? B->shape[o] : B->shape[o + 1];
  if (am != M || bn != N || ak != bk ||
      (batched && (A->shape[0] != C->shape[0] || B->shape[0] != C->shape[0]))) {
    fe_remark(op, "not converted to a wmma kernel: '%s' operand shapes do "
                  "not agree",
              nm);
    return -1;
  }
  int lhs = buffer_value(s, op, ba);
  int rhs = buffer_value(s, op, bb);
  int acc = buffer_value(s, op, bc);
  if (lhs < 0 || rhs < 0 || acc < 0)
    return -1;
  int id = new_node(s, op, FE_MATMUL, FE_T_F32);
  if (id < 0)
    return -1;
  fe_node *n = &s->d->nodes[id];
  n->a = lhs;
  n->b = rhs;
  n->c = acc;
  n->lhs_t = lhs_t;
  n->rhs_t = rhs_t;
  set_shape(n, C->rank, C->shape);
  C->cur = id;
  C->written = 1;
  return 0;

bad_maps:
  fe_remark(op, "not converted to a wmma kernel: '%s' indexing maps are "
                "neither the standard ones nor a transposed A or B operand",
            nm);
  return -1;
}

/* Value -> node inside an elementwise body. */
static int body_value(state_t *s, MlirOperation at, MlirValue v,
                      const int *arg_nodes, int nargs, MlirBlock body) {
  if (mlirValueIsABlockArgument(v) &&
      mlirBlockEqual(mlirBlockArgumentGetOwner(v), body)) {
    intptr_t i = mlirBlockArgumentGetArgNumber(v);
    if (i < 0 || i >= nargs || arg_nodes[i] < 0) {
      fe_remark(at, "not converted to a wmma kernel: the body reads an "
                    "output that was never written");
      return -1;
    }
    return arg_nodes[i];
  }
  return scalar_node(s, at, v);
}

/* Elementwise linalg op (generic, named elementwise, fill, copy): interpret
 * the body over the operands' current contents. */
static int do_elementwise(state_t *s, MlirOperation op) {
  char nm[64];
  wmma_op_name(op, nm, sizeof nm);
  int nin, nout;
  if (mlirOperationGetNumResults(op) != 0 || segments(op, &nin, &nout) ||
      nout != 1 || nin > 8) {
    fe_remark(op, "not converted to a wmma kernel: '%s' must have one memref "
                  "output and at most 8 inputs (no tensors)",
              nm);
    return -1;
  }
  int bo = operand_buffer(s, op, nin);
  if (bo < 0)
    return -1;
  buffer_t *out = &s->bufs[bo];
  int ndims = out->rank;
  bool generic = wmma_op_is(op, "linalg.generic");
  MlirAttribute maps = wmma_attr(op, "indexing_maps");
  if (generic) {
    MlirAttribute it = wmma_attr(op, "iterator_types");
    if (mlirAttributeIsNull(it) || !mlirAttributeIsAArray(it) ||
        mlirArrayAttrGetNumElements(it) != ndims) {
      fe_remark(op, "not converted to a wmma kernel: linalg.generic must have "
                    "one parallel iterator per output dimension");
      return -1;
    }
    for (int i = 0; i < ndims; ++i) {
      char buf[96];
      wmma_print_attr(mlirArrayAttrGetElement(it, i), buf, sizeof buf);
      if (!strstr(buf, "parallel")) {
        fe_remark(op, "not converted to a wmma kernel: linalg.generic has a "
                      "non-parallel iterator (%s); only elementwise generics "
                      "are supported",
                  buf);
        return -1;
      }
    }
    if (mlirAttributeIsNull(maps) || !mlirAttributeIsAArray(maps) ||
        mlirArrayAttrGetNumElements(maps) != nin + 1) {
      fe_remark(op, "not converted to a wmma kernel: linalg.generic without "
                    "indexing maps");
      return -1;
    }
  }
  static const int ident[3] = {0, 1, 2};
  int arg_nodes[9];
  for (int i = 0; i < nin; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (mlirTypeIsAMemRef(mlirValueGetType(v))) {
      int b = operand_buffer(s, op, i);
      if (b < 0)
        return -1;
      buffer_t *in = &s->bufs[b];
      bool same = in->rank == out->rank;
      for (int d = 0; same && d < in->rank; ++d)
        same = in->shape[d] == out->shape[d];
      if (!same || (generic && !map_is(maps, i, ndims, ndims, ident))) {
        fe_remark(op, "not converted to a wmma kernel: '%s' input %d is not "
                      "read elementwise (identity indexing map, same shape "
                      "as the output); broadcasts are not supported",
                  nm, i);
        return -1;
      }
      arg_nodes[i] = buffer_value(s, op, b);
    } else {
      if (generic && !map_is(maps, i, ndims, 0, ident)) {
        fe_remark(op, "not converted to a wmma kernel: scalar input %d of "
                      "linalg.generic must use an indexing map with no "
                      "results",
                  i);
        return -1;
      }
      arg_nodes[i] = scalar_node(s, op, v);
    }
    if (arg_nodes[i] < 0)
      return -1;
  }
  if (generic && !map_is(maps, nin, ndims, ndims, ident)) {
    fe_remark(op, "not converted to a wmma kernel: the output of "
                  "linalg.generic must use the identity indexing map");
    return -1;
  }
  /* The output's old contents, only if the body reads them. */
  arg_nodes[nin] = out->cur >= 0 ? out->cur : -1;
  if (out->cur < 0 && out->arg >= 0)
    arg_nodes[nin] = -3; /* lazily a LOAD; see below */

  MlirRegion region = mlirOperationGetRegion(op, 0);
  MlirBlock body = mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(body) ||
      mlirBlockGetNumArguments(body) != nin + 1) {
    fe_remark(op, "not converted to a wmma kernel: '%s' has an unexpected "
                  "body",
              nm);
    return -1;
  }
  /* Is the output block argument used? */
  if (arg_nodes[nin] == -3) {
    MlirValue oa = mlirBlockGetArgument(body, nin);
    arg_nodes[nin] =
        mlirOpOperandIsNull(mlirValueGetFirstUse(oa)) ? -1
                                                    : buffer_value(s, op, bo);
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(oa)) && arg_nodes[nin] < 0)
      return -1;
  }
  int result = -1;
  for (MlirOperation b = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(b); b = mlirOperationGetNextInBlock(b)) {
    char bn[64];
    wmma_op_name(b, bn, sizeof bn);
    if (wmma_op_is(b, "linalg.yield")) {
      if (mlirOperationGetNumOperands(b) != 1) {
        fe_remark(b, "not converted to a wmma kernel: linalg.yield must "
                     "yield one value");
        return -1;
      }
      result = body_value(s, b, mlirOperationGetOperand(b, 0), arg_nodes,
                          nin + 1, body);
      if (result < 0)
        return -1;
      break;
    }
    if (mlirOperationGetNumResults(b) != 1) {
      fe_remark(b, "not converted to a wmma kernel: unsupported op '%s' in "
                   "the body of '%s'",
                bn, nm);
      return -1;
    }
    MlirValue res = mlirOperationGetResult(b, 0);
    fe_type rt;
    if (!float_type(mlirValueGetType(res), &rt)) {
      fe_remark(b, "not converted to a wmma kernel: '%s' in the body of '%s' "
                   "does not produce f16, bf16 or f32",
                bn, nm);
      return -1;
    }
    int id = -1;
    if (wmma_op_is(b, "arith.constant")) {
      id = constant_node(s, b);
      if (id == -2) {
        fe_remark(b, "not converted to a wmma kernel: unsupported constant");
        return -1;
      }
    } else if (wmma_op_is(b, "arith.extf") || wmma_op_is(b, "arith.truncf")) {
      int x = body_value(s, b, mlirOperationGetOperand(b, 0), arg_nodes,
                         nin + 1, body);
      if (x < 0)
        return -1;
      id = new_node(s, b, FE_CAST, rt);
      if (id >= 0)
        s->d->nodes[id].a = x;
    } else {
      static const struct {
        const char *name;
        fe_binop op;
      } bins[] = {{"arith.mulf", FE_MUL},     {"arith.addf", FE_ADD},
                  {"arith.subf", FE_SUB},     {"arith.maximumf", FE_MAX},
                  {"arith.minimumf", FE_MIN}};
      int which = -1;
      for (size_t i = 0; i < sizeof bins / sizeof bins[0]; ++i)
        if (wmma_op_is(b, bins[i].name))
          which = (int)i;
      if (which < 0 || mlirOperationGetNumOperands(b) != 2) {
        fe_remark(b, "not converted to a wmma kernel: unsupported op '%s' in "
                     "the body of '%s' (supported: arith.extf, arith.truncf, "
                     "arith.mulf, arith.addf, arith.subf, arith.maximumf, "
                     "arith.minimumf, arith.constant)",
                  bn, nm);
        return -1;
      }
      int x = body_value(s, b, mlirOperationGetOperand(b, 0), arg_nodes,
                         nin + 1, body);
      int y = x < 0 ? -1
                    : body_value(s, b, mlirOperationGetOperand(b, 1),
                                 arg_nodes, nin + 1, body);
      if (x < 0 || y < 0)
        return -1;
      if (s->d->nodes[x].type != rt || s->d->nodes[y].type != rt) {
        fe_remark(b, "not converted to a wmma kernel: '%s' mixes element "
                     "types",
                  bn);
        return -1;
      }
      id = new_node(s, b, FE_BINARY, rt);
      if (id >= 0) {
        s->d->nodes[id].op = bins[which].op;
        s->d->nodes[id].a = x;
        s->d->nodes[id].b = y;
      }
    }
    if (id < 0 || add_bind(s, b, res, id))
      return -1;
  }
  if (result < 0) {
    fe_remark(op, "not converted to a wmma kernel: '%s' body has no "
                  "linalg.yield",
              nm);
    return -1;
  }
  if (s->d->nodes[result].type != out->elem) {
    fe_remark(op, "not converted to a wmma kernel: '%s' yields %s into a %s "
                  "buffer",
              nm, fe_type_name(s->d->nodes[result].type),
              fe_type_name(out->elem));
    return -1;
  }
  /* A scalar result (fill) gets the output's shape. */
  out->cur = result;
  out->written = 1;
  return 0;
}

/*===--- the function body ----------------------------------------------------===*/
static int walk_body(state_t *s) {
  for (MlirOperation op = mlirBlockGetFirstOperation(s->entry);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    char nm[64];
    wmma_op_name(op, nm, sizeof nm);
    if (wmma_op_is(op, "func.return")) {
      if (mlirOperationGetNumOperands(op) != 0) {
        fe_remark(op, "not converted to a wmma kernel: the function returns "
                      "values");
        return -1;
      }
      continue;
    }
    if (wmma_op_is(op, "arith.constant")) {
      if (mlirOperationGetNumResults(op) != 1)
        return -1;
      MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
      if (mlirTypeIsAIndex(t) || mlirTypeIsAInteger(t))
        continue; /* harmless; only float constants feed the computation */
      int id = constant_node(s, op);
      if (id == -2) {
        fe_remark(op, "not converted to a wmma kernel: unsupported constant");
        return -1;
      }
      if (id < 0 || add_bind(s, op, mlirOperationGetResult(op, 0), id))
        return -1;
      continue;
    }
    if (wmma_op_is(op, "memref.alloc")) {
      if (mlirOperationGetNumResults(op) != 1 ||
          mlirOperationGetNumOperands(op) != 0 || s->nbufs >= FE_MAX_BUFFERS) {
        fe_remark(op, "not converted to a wmma kernel: only static "
                      "memref.alloc is supported");
        return -1;
      }
      buffer_t *b = &s->bufs[s->nbufs];
      memset(b, 0, sizeof *b);
      b->value = mlirOperationGetResult(op, 0);
      b->arg = -1;
      b->cur = -1;
      if (check_memref(op, mlirValueGetType(b->value), &b->elem, &b->rank,
                       b->shape, "a memref.alloc"))
        return -1;
      ++s->nbufs;
      continue;
    }
    if (wmma_op_is(op, "memref.dealloc")) {
      if (mlirOperationGetNumOperands(op) != 1 ||
          find_buffer(s, mlirOperationGetOperand(op, 0)) < 0 ||
          s->bufs[find_buffer(s, mlirOperationGetOperand(op, 0))].arg >= 0) {
        fe_remark(op, "not converted to a wmma kernel: memref.dealloc of "
                      "something other than a memref.alloc");
        return -1;
      }
      continue;
    }
    if (wmma_op_is(op, "linalg.matmul")) {
      if (do_matmul(s, op, false))
        return -1;
      continue;
    }
    if (wmma_op_is(op, "linalg.batch_matmul")) {
      if (do_matmul(s, op, true))
        return -1;
      continue;
    }
    if (wmma_op_is(op, "linalg.generic") || wmma_op_is(op, "linalg.fill") ||
        wmma_op_is(op, "linalg.copy") || wmma_op_is(op, "linalg.mul") ||
        wmma_op_is(op, "linalg.add") || wmma_op_is(op, "linalg.sub") ||
        wmma_op_is(op, "linalg.max") || wmma_op_is(op, "linalg.min")) {
      if (do_elementwise(s, op))
        return -1;
      continue;
    }
    fe_remark(op, "not converted to a wmma kernel: unsupported op '%s'", nm);
    return -1;
  }
  return 0;
}

/*===--- pattern matching ------------------------------------------------------===*/
/* Collects the products reachable from n without crossing a product. */
static void collect_products(const fe_desc *d, int n, int *out, int *count,
                             int max) {
  if (n < 0)
    return;
  const fe_node *x = &d->nodes[n];
  if (x->kind == FE_MATMUL) {
    for (int i = 0; i < *count; ++i)
      if (out[i] == n)
        return;
    if (*count < max)
      out[*count] = n;
    ++*count;
    return;
  }
  collect_products(d, x->a, out, count, max);
  collect_products(d, x->b, out, count, max);
}

/* Every FE_LOAD under n (not crossing products) must have the given shape;
 * the output argument may only be read there if allow_out. */
static int check_leaves(const fe_desc *d, MlirOperation func, int n, int rank,
                        const int64_t *shape, const char *where) {
  if (n < 0)
    return 0;
  const fe_node *x = &d->nodes[n];
  if (x->kind == FE_MATMUL)
    return 0;
  if (x->kind == FE_LOAD) {
    bool same = x->rank == rank;
    for (int i = 0; same && i < rank; ++i)
      same = x->shape[i] == shape[i];
    if (!same) {
      fe_remark(func, "not converted to a wmma kernel: an operand of the %s "
                      "has a different shape than the product it combines "
                      "with",
                where);
      return -1;
    }
    return 0;
  }
  if (check_leaves(d, func, x->a, rank, shape, where) ||
      check_leaves(d, func, x->b, rank, shape, where))
    return -1;
  return 0;
}

static bool reads_arg(const fe_desc *d, int n, int arg) {
  if (n < 0)
    return false;
  const fe_node *x = &d->nodes[n];
  if (x->kind == FE_LOAD)
    return x->arg == arg;
  return reads_arg(d, x->a, arg) || reads_arg(d, x->b, arg) ||
         reads_arg(d, x->c, arg);
}

static bool has_tensor_mul(const fe_desc *d, int n) {
  if (n < 0)
    return false;
  const fe_node *x = &d->nodes[n];
  if (x->kind == FE_MATMUL || x->kind == FE_LOAD)
    return false;
  if (x->kind == FE_BINARY && x->op == FE_MUL) {
    for (int i = 0; i < 2; ++i) {
      int c = i ? x->b : x->a;
      /* Through casts. */
      while (c >= 0 && d->nodes[c].kind == FE_CAST)
        c = d->nodes[c].a;
      if (c >= 0 && d->nodes[c].kind == FE_LOAD)
        return true;
    }
  }
  return has_tensor_mul(d, x->a) || has_tensor_mul(d, x->b);
}

static int match(state_t *s) {
  fe_desc *d = s->d;
  MlirOperation f = s->func;
  /* The one written argument. */
  int out = -1, nwritten = 0;
  for (int i = 0; i < s->nbufs; ++i)
    if (s->bufs[i].arg >= 0 && s->bufs[i].written) {
      out = i;
      ++nwritten;
    }
  if (nwritten != 1) {
    fe_remark(f, "not converted to a wmma kernel: %s (exactly one memref "
                 "argument must be written)",
              nwritten ? "several memref arguments are written"
                       : "no memref argument is written");
    return 0;
  }
  d->out_arg = s->bufs[out].arg;
  d->root = s->bufs[out].cur;
  int prods[4], np = 0;
  collect_products(d, d->root, prods, &np, 4);
  if (np != 1) {
    fe_remark(f, "not converted to a wmma kernel: the result must combine "
                 "exactly one product (linalg.matmul / linalg.batch_matmul) "
                 "elementwise; found %d",
              np);
    return 0;
  }
  d->p2 = prods[0];
  const fe_node *p2 = &d->nodes[d->p2];
  d->batched = p2->rank == 3;
  int o = d->batched ? 1 : 0;
  d->batch = d->batched ? p2->shape[0] : 1;
  d->m = p2->shape[o];
  d->n = p2->shape[o + 1];
  const fe_node *rhs = &d->nodes[p2->b];
  if (rhs->kind != FE_LOAD) {
    fe_remark(f, "not converted to a wmma kernel: the right operand of the "
                 "product must be a function argument");
    return 0;
  }
  d->in_type = rhs->type;
  d->k = p2->rhs_t ? rhs->shape[o + 1] : rhs->shape[o];
  if (check_leaves(d, f, d->root, p2->rank, p2->shape, "epilogue") ||
      check_leaves(d, f, p2->c, p2->rank, p2->shape, "accumulator"))
    return 0;
  int accp = 0;
  collect_products(d, p2->c, prods, &accp, 4);
  if (accp) {
    fe_remark(f, "not converted to a wmma kernel: a product accumulates onto "
                 "another product");
    return 0;
  }
  const fe_node *lhs = &d->nodes[p2->a];
  d->p1 = -1;
  d->inter = -1;
  if (lhs->kind == FE_LOAD) {
    d->pattern = has_tensor_mul(d, d->root) ? FE_PAT_GEMM_MULMUL : FE_PAT_GEMM;
  } else {
    /* A chain: the left operand is the (elementwise-processed, truncated)
     * result of another product. */
    int n1 = 0;
    collect_products(d, p2->a, prods, &n1, 4);
    if (n1 != 1) {
      fe_remark(f, "not converted to a wmma kernel: the left operand of the "
                   "product must be a function argument or computed from "
                   "exactly one other product");
      return 0;
    }
    if (p2->lhs_t) {
      fe_remark(f, "not converted to a wmma kernel: the intermediate product "
                   "is used transposed");
      return 0;
    }
    d->p1 = prods[0];
    d->inter = p2->a;
    const fe_node *p1 = &d->nodes[d->p1];
    const fe_node *a0 = &d->nodes[p1->a], *b0 = &d->nodes[p1->b];
    if (a0->kind != FE_LOAD || b0->kind != FE_LOAD) {
      fe_remark(f, "not converted to a wmma kernel: the operands of the "
                   "first product must be function arguments (chains of "
                   "more than two products are not supported)");
      return 0;
    }
    if (a0->type != d->in_type) {
      fe_remark(f, "not converted to a wmma kernel: both products must use "
                   "the same input type");
      return 0;
    }
    int accp1 = 0;
    collect_products(d, p1->c, prods, &accp1, 4);
    if (accp1) {
      fe_remark(f, "not converted to a wmma kernel: a product accumulates "
                   "onto another product");
      return 0;
    }
    if ((p1->rank == 3) != d->batched) {
      fe_remark(f, "not converted to a wmma kernel: a batched product chained "
                   "with an unbatched one");
      return 0;
    }
    if (d->nodes[d->inter].type != d->in_type) {
      fe_remark(f, "not converted to a wmma kernel: the intermediate product "
                   "is not converted to the input type %s",
                fe_type_name(d->in_type));
      return 0;
    }
    if (check_leaves(d, f, d->inter, p1->rank, p1->shape, "intermediate") ||
        check_leaves(d, f, p1->c, p1->rank, p1->shape, "accumulator"))
      return 0;
    d->n0 = p1->shape[o + 1];
    d->k0 = p1->rhs_t ? b0->shape[o + 1] : b0->shape[o];
    d->pattern = d->batched ? FE_PAT_BATCH_GEMM_GEMM : FE_PAT_GEMM_GEMM;
  }
  if (d->nodes[d->root].type != d->args[d->out_arg].elem) {
    fe_remark(f, "not converted to a wmma kernel: the result type does not "
                 "match the output buffer");
    return 0;
  }
  /* The output may be read by the elementwise epilogue (each tile is read
   * before it is written by the same wave) but not as a product operand. */
  const int opers[4] = {p2->a, p2->b, d->p1 >= 0 ? d->nodes[d->p1].a : -1,
                        d->p1 >= 0 ? d->nodes[d->p1].b : -1};
  for (int i = 0; i < 4; ++i)
    if (opers[i] >= 0 && d->nodes[opers[i]].kind == FE_LOAD &&
        d->nodes[opers[i]].arg == d->out_arg) {
      fe_remark(f, "not converted to a wmma kernel: the output is also a "
                   "product operand");
      return 0;
    }
  if (d->p1 >= 0 && reads_arg(d, d->inter, d->out_arg)) {
    fe_remark(f, "not converted to a wmma kernel: the intermediate reads the "
                 "output");
    return 0;
  }
  /* Roles for the launch manifest. */
  for (int i = 0; i < d->nargs; ++i) {
    bool rd = d->args[i].is_memref && reads_arg(d, d->root, i);
    bool wr = i == d->out_arg;
    /* Scalars and unread buffers are inputs too (the vocabulary of the
     * launch manifest: input, output, inout). */
    d->roles[i] = rd && wr ? "inout" : wr ? "output" : "input";
  }
  return 1;
}

/* Symbol names are regenerated, never copied blindly: accept only plain
 * identifiers. */
static bool plain_identifier(MlirStringRef s) {
  if (s.length == 0 || s.length > 100)
    return false;
  for (size_t i = 0; i < s.length; ++i) {
    char c = s.data[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
              (i > 0 && ((c >= '0' && c <= '9') || c == '.' || c == '$'));
    if (!ok)
      return false;
  }
  return true;
}

int fe_analyze(MlirOperation func, fe_desc *d) {
  memset(d, 0, sizeof *d);
  d->p1 = d->p2 = d->inter = d->out_arg = d->root = -1;
  MlirAttribute sym = wmma_attr(func, "sym_name");
  if (mlirAttributeIsNull(sym) || !mlirAttributeIsAString(sym) ||
      !plain_identifier(mlirStringAttrGetValue(sym))) {
    fe_remark(func, "not converted to a wmma kernel: the function name is "
                    "not a plain identifier");
    return 0;
  }
  MlirStringRef nm = mlirStringAttrGetValue(sym);
  memcpy(d->name, nm.data, nm.length);
  d->name[nm.length] = 0;

  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(entry)) {
    fe_remark(func, "not converted to a wmma kernel: declaration only");
    return 0;
  }
  if (!mlirBlockIsNull(mlirBlockGetNextInRegion(entry))) {
    fe_remark(func, "not converted to a wmma kernel: the body has more than "
                    "one block");
    return 0;
  }
  MlirAttribute fty = wmma_attr(func, "function_type");
  if (mlirAttributeIsNull(fty) || !mlirAttributeIsAType(fty) ||
      !mlirTypeIsAFunction(mlirTypeAttrGetValue(fty)) ||
      mlirFunctionTypeGetNumResults(mlirTypeAttrGetValue(fty)) != 0) {
    fe_remark(func, "not converted to a wmma kernel: the function returns "
                    "values");
    return 0;
  }
  static state_t s; /* large; one analysis at a time */
  memset(&s, 0, sizeof s);
  s.d = d;
  s.func = func;
  s.entry = entry;
  intptr_t na = mlirBlockGetNumArguments(entry);
  if (na > FE_MAX_ARGS) {
    fe_remark(func, "not converted to a wmma kernel: more than %d arguments",
              FE_MAX_ARGS);
    return 0;
  }
  d->nargs = (int)na;
  for (int i = 0; i < na; ++i) {
    MlirValue v = mlirBlockGetArgument(entry, i);
    MlirType t = mlirValueGetType(v);
    fe_arg *a = &d->args[i];
    char what[48];
    snprintf(what, sizeof what, "argument %d", i);
    if (float_type(t, &a->elem)) {
      a->is_memref = 0;
      continue;
    }
    a->is_memref = 1;
    if (check_memref(func, t, &a->elem, &a->rank, a->shape, what))
      return 0;
    buffer_t *b = &s.bufs[s.nbufs++];
    b->value = v;
    b->arg = i;
    b->elem = a->elem;
    b->rank = a->rank;
    memcpy(b->shape, a->shape, sizeof b->shape);
    b->cur = -1;
  }
  if (walk_body(&s))
    return 0;
  return match(&s);
}
