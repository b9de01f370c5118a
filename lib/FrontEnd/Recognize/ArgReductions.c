/* Front end, step 0 (after bufferization): a reduction of a value and its
 * position together -- torch-mlir's aten.max.dim / min.dim / argmax /
 * argmin, TOSA's argmax -- is one linalg.generic with two outputs:
 *
 *   linalg.generic {iterator_types = [..., "reduction"]}
 *       ins(%x) outs(%values, %indices) {
 *   ^bb0(%a: f32, %v: f32, %i: i64):
 *     %j  = linalg.index D ; %jc = arith.index_cast %j : index to i64
 *     %m  = arith.maximumf %a, %v        (TOSA: arith.select %p, %a, %v)
 *     %p  = arith.cmpf ogt, %a, %v
 *     %si = arith.select %p, %jc, %i
 *     linalg.yield %m, %si
 *
 * The reduction kernels reduce one value per row.  The pair is rewritten
 * into single-output generics whose reductions are associative and give
 * the body's sequential result exactly, which the reduction template then
 * evaluates in one kernel (like a softmax's max and sum):
 *   1. fnan = the first NaN position (floats with maximumf/minimumf: once
 *      the running value is NaN no compare succeeds, so the index is that
 *      of the best element *before* the first NaN);
 *   2. m    = the best value of the positions that count (before fnan; for
 *      the select form every non-NaN one; integers: all);
 *   3. r    = the smallest position holding m (the first of ties: the
 *      compare is strict);
 *   4. index = better(m, start value) ? r : start index;
 *   5. value = the body's own combiner (maximumf, maxsi) over the row, or,
 *      for the select form, the element at r (keeps the sign of a zero)
 *      where better(m, start) and the start otherwise.
 * Positions are i32 (a reduced dimension of at most 2^31 - 1, checked when
 * static).  Bodies of any other shape are left as they are; recognition
 * refuses them with its reason. */
#include "FrontEnd.h"
#include "Partition/Partition.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* arith.cmpf / arith.cmpi predicate numbers (MLIR's enums). */
enum { CMPF_OEQ = 1, CMPF_OGT = 2, CMPF_OLT = 4, CMPF_ORD = 7, CMPF_UNO = 14 };
enum { CMPI_EQ = 0, CMPI_SLT = 2, CMPI_SGT = 4 };

typedef enum {
  FORM_PROPAGATE, /* floats, maximumf/minimumf: NaN stops the index */
  FORM_SELECT,    /* floats, select(p, a, v): NaN elements never chosen */
  FORM_INTEGER    /* maxsi/minsi or select: no NaN */
} form_t;

typedef struct {
  MlirOperation op;
  MlirValue x, vout, iout;      /* input, value output, index output */
  MlirAttribute xmap, omap;     /* the input's and the outputs' maps */
  MlirAttribute iters;          /* the op's iterator_types */
  int nloops, red;              /* loops, the reduced one */
  bool is_min;
  form_t form;
  MlirType xt, it;              /* value and index element types */
} argred_t;

static MlirOperation defining(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                 : (MlirOperation){NULL};
}

static bool is(MlirValue v, const char *name) {
  MlirOperation d = defining(v);
  return !mlirOperationIsNull(d) && wmma_op_is(d, name);
}

static MlirValue operand(MlirValue v, intptr_t i) {
  return mlirOperationGetOperand(defining(v), i);
}

static int64_t int_attr(MlirOperation op, const char *name) {
  MlirAttribute a = wmma_attr(op, name);
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a)
             ? mlirIntegerAttrGetValueInt(a)
             : -1;
}

/* v = combine(a, acc) in either order. */
static bool combines(MlirValue v, const char *name, MlirValue a,
                     MlirValue acc) {
  if (!is(v, name))
    return false;
  MlirValue l = operand(v, 0), r = operand(v, 1);
  return (mlirValueEqual(l, a) && mlirValueEqual(r, acc)) ||
         (mlirValueEqual(l, acc) && mlirValueEqual(r, a));
}

/* The index output's yield: select(p, index_cast(linalg.index D), acc). */
static bool index_yield(argred_t *ar, MlirValue y, MlirValue acc,
                        MlirValue *pred) {
  if (!is(y, "arith.select") || !mlirValueEqual(operand(y, 2), acc))
    return false;
  MlirValue c = operand(y, 1);
  if (!is(c, "arith.index_cast") || !is(operand(c, 0), "linalg.index"))
    return false;
  MlirOperation ix = defining(operand(c, 0));
  if (int_attr(ix, "dim") != ar->red)
    return false;
  ar->it = mlirValueGetType(y);
  *pred = operand(y, 0);
  return mlirTypeIsAInteger(ar->it) &&
         (mlirIntegerTypeGetWidth(ar->it) == 32 ||
          mlirIntegerTypeGetWidth(ar->it) == 64);
}

/* The compare: (a, acc) with a strict predicate; its direction. */
static bool strict_compare(argred_t *ar, MlirValue p, MlirValue a,
                           MlirValue acc) {
  bool fl = is(p, "arith.cmpf");
  if (!fl && !is(p, "arith.cmpi"))
    return false;
  if (!mlirValueEqual(operand(p, 0), a) || !mlirValueEqual(operand(p, 1), acc))
    return false;
  int64_t k = int_attr(defining(p), "predicate");
  if (fl && (k == CMPF_OGT || k == CMPF_OLT)) {
    ar->is_min = k == CMPF_OLT;
    return true;
  }
  if (!fl && (k == CMPI_SGT || k == CMPI_SLT)) {
    ar->is_min = k == CMPI_SLT;
    return true;
  }
  return false;
}

/* The value output's yield, given the compare p: the form. */
static bool value_yield(argred_t *ar, MlirValue y, MlirValue a, MlirValue acc,
                        MlirValue p) {
  bool fl = mlirTypeIsAFloat(ar->xt);
  if (is(y, "arith.select") && mlirValueEqual(operand(y, 0), p) &&
      mlirValueEqual(operand(y, 1), a) && mlirValueEqual(operand(y, 2), acc)) {
    ar->form = fl ? FORM_SELECT : FORM_INTEGER;
    return true;
  }
  const char *name = fl ? (ar->is_min ? "arith.minimumf" : "arith.maximumf")
                        : (ar->is_min ? "arith.minsi" : "arith.maxsi");
  ar->form = fl ? FORM_PROPAGATE : FORM_INTEGER;
  return combines(y, name, a, acc);
}

static bool match(MlirOperation op, argred_t *ar) {
  memset(ar, 0, sizeof *ar);
  ar->op = op;
  MlirAttribute seg = wmma_attr(op, "operandSegmentSizes");
  ar->iters = wmma_attr(op, "iterator_types");
  MlirAttribute maps = wmma_attr(op, "indexing_maps");
  if (mlirOperationGetNumResults(op) != 0 || mlirAttributeIsNull(seg) ||
      !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) != 2 ||
      mlirDenseI32ArrayGetElement(seg, 0) != 1 ||
      mlirDenseI32ArrayGetElement(seg, 1) != 2 || mlirAttributeIsNull(maps) ||
      !mlirAttributeIsAArray(maps) || mlirArrayAttrGetNumElements(maps) != 3 ||
      mlirAttributeIsNull(ar->iters) || !mlirAttributeIsAArray(ar->iters))
    return false;
  ar->nloops = (int)mlirArrayAttrGetNumElements(ar->iters);
  ar->red = -1;
  for (int l = 0; l < ar->nloops; ++l)
    if (wb_iterator_is_reduction(mlirArrayAttrGetElement(ar->iters, l))) {
      if (ar->red >= 0)
        return false; /* a position along one dimension only */
      ar->red = l;
    }
  if (ar->red < 0 || ar->nloops > FE_MAX_LOOPS)
    return false;
  ar->x = mlirOperationGetOperand(op, 0);
  MlirValue o0 = mlirOperationGetOperand(op, 1);
  MlirValue o1 = mlirOperationGetOperand(op, 2);
  if (!mlirTypeIsAMemRef(mlirValueGetType(ar->x)) ||
      !mlirTypeIsAMemRef(mlirValueGetType(o0)) ||
      !mlirTypeIsAMemRef(mlirValueGetType(o1)) ||
      !mlirAttributeEqual(mlirArrayAttrGetElement(maps, 1),
                          mlirArrayAttrGetElement(maps, 2)))
    return false;
  ar->xmap = mlirArrayAttrGetElement(maps, 0);
  ar->omap = mlirArrayAttrGetElement(maps, 1);
  /* The reduced dimension's positions fit in i32 when it is static. */
  MlirAffineMap xm = mlirAffineMapAttrGetValue(ar->xmap);
  for (intptr_t j = 0; j < mlirAffineMapGetNumResults(xm); ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(xm, j);
    if (mlirAffineExprIsADim(e) && mlirAffineDimExprGetPosition(e) == ar->red &&
        mlirShapedTypeGetDimSize(mlirValueGetType(ar->x), j) >= INT32_MAX)
      return false;
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body) || mlirBlockGetNumArguments(body) != 3)
    return false;
  int nops = 0;
  for (MlirOperation b = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(b); b = mlirOperationGetNextInBlock(b))
    ++nops;
  MlirOperation y = wmma_block_last_op(body);
  /* linalg.index, index_cast, compare, value, select, yield. */
  if (nops != 6 || mlirOperationIsNull(y) || !wmma_op_is(y, "linalg.yield") ||
      mlirOperationGetNumOperands(y) != 2)
    return false;
  MlirValue a = mlirBlockGetArgument(body, 0);
  ar->xt = mlirValueGetType(a);
  for (int k = 0; k < 2; ++k) {
    MlirValue acc_i = mlirBlockGetArgument(body, 1 + k);
    MlirValue acc_v = mlirBlockGetArgument(body, 2 - k);
    MlirValue p;
    if (!index_yield(ar, mlirOperationGetOperand(y, k), acc_i, &p) ||
        !mlirTypeEqual(mlirValueGetType(acc_v), ar->xt) ||
        !strict_compare(ar, p, a, acc_v) ||
        !value_yield(ar, mlirOperationGetOperand(y, 1 - k), a, acc_v, p))
      continue;
    if (mlirTypeIsAFloat(ar->xt) != is(p, "arith.cmpf"))
      return false;
    ar->iout = k == 0 ? o0 : o1;
    ar->vout = k == 0 ? o1 : o0;
    return true;
  }
  return false;
}

/*===--- building the rewritten generics ----------------------------------===*/
typedef struct {
  wb_t *b;
  const argred_t *ar;
  MlirType i32;
} ctx_t;

/* A buffer shaped like the outputs, of element type t. */
static MlirValue alloc_like(ctx_t *c, MlirType t) {
  wb_t *b = c->b;
  MlirType ot = mlirValueGetType(c->ar->vout);
  intptr_t rank = mlirShapedTypeGetRank(ot);
  int64_t shape[FE_MAX_LOOPS];
  MlirValue dyn[FE_MAX_LOOPS];
  int32_t ndyn = 0;
  for (intptr_t d = 0; d < rank; ++d) {
    shape[d] = mlirShapedTypeGetDimSize(ot, d);
    if (mlirShapedTypeIsDynamicSize(shape[d]))
      dyn[ndyn++] = wb_dim(b, c->ar->vout, d);
  }
  MlirType mt = mlirMemRefTypeContiguousGet(t, rank, shape,
                                            mlirAttributeGetNull());
  int32_t seg[2] = {ndyn, 0};
  MlirNamedAttribute s = wb_segments(b->ctx, 2, seg);
  return wb_op1(b, "memref.alloc", ndyn, dyn, mt, 1, &s);
}

typedef void (*body_fn)(ctx_t *c, MlirBlock body);

/* linalg.generic ins(ins) outs(out), its body built by fn; with all_parallel
 * the loops are the outputs' dims (identity maps), else the op's loops. */
static bool generic(ctx_t *c, int nin, const MlirValue *ins,
                    const MlirAttribute *in_maps, MlirValue out,
                    MlirAttribute out_map, bool all_parallel, body_fn fn) {
  wb_t *b = c->b;
  MlirContext ctx = b->ctx;
  MlirValue ops[5];
  MlirAttribute maps[5];
  MlirType bt[5];
  MlirLocation bl[5];
  for (int i = 0; i <= nin; ++i) {
    ops[i] = i < nin ? ins[i] : out;
    maps[i] = i < nin ? in_maps[i] : out_map;
    if (mlirValueIsNull(ops[i]))
      return false;
    MlirType t = mlirValueGetType(ops[i]);
    bt[i] = mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
    bl[i] = b->loc;
  }
  MlirAttribute it[FE_MAX_LOOPS];
  intptr_t n = all_parallel
                   ? mlirShapedTypeGetRank(mlirValueGetType(out))
                   : c->ar->nloops;
  MlirAttribute par = (MlirAttribute){NULL};
  for (int l = 0; l < c->ar->nloops; ++l)
    if (l != c->ar->red)
      par = mlirArrayAttrGetElement(c->ar->iters, l);
  for (intptr_t l = 0; l < n; ++l)
    it[l] = all_parallel ? par : mlirArrayAttrGetElement(c->ar->iters, l);
  if (all_parallel && n > 0 && mlirAttributeIsNull(par))
    return false;
  int32_t seg[2] = {nin, 1};
  MlirNamedAttribute attrs[3] = {
      wb_named(ctx, "indexing_maps", mlirArrayAttrGet(ctx, nin + 1, maps)),
      wb_named(ctx, "iterator_types", mlirArrayAttrGet(ctx, n, it)),
      wb_segments(ctx, 2, seg)};
  MlirOperation g =
      wb_op_regions(b, "linalg.generic", nin + 1, ops, 0, NULL, 3, attrs, 1);
  if (mlirOperationIsNull(g))
    return false;
  MlirBlock body = mlirBlockCreate(nin + 1, bt, bl);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(g, 0), body);
  mlirRewriterBaseInsert(b->rw, g);
  wb_set_ip_end(b, body);
  fn(c, body);
  wb_set_ip_after(b, g);
  return true;
}

static MlirValue arg(MlirBlock body, int i) {
  return mlirBlockGetArgument(body, i);
}

static void yield(ctx_t *c, MlirValue v) {
  wb_op(c->b, "linalg.yield", 1, &v, 0, NULL, 0, NULL);
}

/* The reduced loop's position as i32. */
static MlirValue position(ctx_t *c) {
  MlirNamedAttribute d = wb_named(
      c->b->ctx, "dim",
      mlirIntegerAttrGet(mlirIntegerTypeGet(c->b->ctx, 64), c->ar->red));
  MlirValue j = wb_op1(c->b, "linalg.index", 0, NULL, wb_index(c->b->ctx), 1, &d);
  return wb_op1(c->b, "arith.index_cast", 1, &j, c->i32, 0, NULL);
}

static MlirValue big(ctx_t *c) { return wb_const_int(c->b, c->i32, INT32_MAX); }

/* The identity of the value's combiner: -inf / +inf, the integer's
 * smallest / largest. */
static MlirValue identity(ctx_t *c) {
  MlirType t = c->ar->xt;
  if (mlirTypeIsAFloat(t))
    return wb_const_float(c->b, t, c->ar->is_min ? INFINITY : -INFINITY);
  unsigned w = mlirIntegerTypeGetWidth(t);
  int64_t lo = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
  return wb_const_int(c->b, t, c->ar->is_min ? -(lo + 1) : lo);
}

static const char *combiner(const ctx_t *c) {
  if (mlirTypeIsAFloat(c->ar->xt))
    return c->ar->is_min ? "arith.minimumf" : "arith.maximumf";
  return c->ar->is_min ? "arith.minsi" : "arith.maxsi";
}

/* better(a, s): strictly better than s, as the body compares. */
static MlirValue better(ctx_t *c, MlirValue a, MlirValue s) {
  if (mlirTypeIsAFloat(c->ar->xt))
    return wb_cmpf(c->b, c->ar->is_min ? CMPF_OLT : CMPF_OGT, a, s);
  return wb_cmpi(c->b, c->ar->is_min ? CMPI_SLT : CMPI_SGT, a, s);
}

static void fill_body(ctx_t *c, MlirBlock body) { yield(c, arg(body, 0)); }

/* 1. (x; acc): min(isnan(x) ? j : BIG, acc). */
static void first_nan_body(ctx_t *c, MlirBlock body) {
  MlirValue a = arg(body, 0);
  MlirValue nan = wb_cmpf(c->b, CMPF_UNO, a, a);
  MlirValue j = position(c);
  MlirValue v = wb_select(c->b, nan, j, big(c));
  yield(c, wb_arith(c->b, "arith.minsi", v, arg(body, 1)));
}

/* 2. (x[, fnan]; acc): combine(counts ? x : identity, acc). */
static void best_body(ctx_t *c, MlirBlock body) {
  MlirValue a = arg(body, 0), acc;
  MlirValue v = a;
  if (c->ar->form == FORM_PROPAGATE) {
    MlirValue j = position(c);
    MlirValue before = wb_cmpi(c->b, CMPI_SLT, j, arg(body, 1));
    v = wb_select(c->b, before, a, identity(c));
    acc = arg(body, 2);
  } else if (c->ar->form == FORM_SELECT) {
    MlirValue ord = wb_cmpf(c->b, CMPF_ORD, a, a);
    v = wb_select(c->b, ord, a, identity(c));
    acc = arg(body, 1);
  } else {
    acc = arg(body, 1);
  }
  yield(c, wb_arith(c->b, combiner(c), v, acc));
}

/* 3. (x, m[, fnan]; acc): min(x == m [&& j < fnan] ? j : BIG, acc). */
static void first_best_body(ctx_t *c, MlirBlock body) {
  MlirValue a = arg(body, 0), m = arg(body, 1), j = position(c);
  bool fl = mlirTypeIsAFloat(c->ar->xt);
  MlirValue hit = fl ? wb_cmpf(c->b, CMPF_OEQ, a, m) : wb_cmpi(c->b, CMPI_EQ, a, m);
  MlirValue acc = arg(body, 2);
  if (c->ar->form == FORM_PROPAGATE) {
    hit = wb_arith(c->b, "arith.andi", hit,
                   wb_cmpi(c->b, CMPI_SLT, j, arg(body, 2)));
    acc = arg(body, 3);
  }
  MlirValue v = wb_select(c->b, hit, j, big(c));
  yield(c, wb_arith(c->b, "arith.minsi", v, acc));
}

/* 4. (m, r, start value; start index): better(m, start) ? r : start. */
static void index_body(ctx_t *c, MlirBlock body) {
  MlirValue r = arg(body, 1);
  if (mlirIntegerTypeGetWidth(c->ar->it) != 32)
    r = wb_op1(c->b, "arith.extsi", 1, &r, c->ar->it, 0, NULL);
  yield(c, wb_select(c->b, better(c, arg(body, 0), arg(body, 2)), r,
                     arg(body, 3)));
}

/* 5. (x; acc): the body's combiner. */
static void value_body(ctx_t *c, MlirBlock body) {
  yield(c, wb_arith(c->b, combiner(c), arg(body, 0), arg(body, 1)));
}

/* 5, select form. (x, r; acc): combine(j == r ? x : identity, acc): the
 * element at r (the only one that is not the identity). */
static void pick_body(ctx_t *c, MlirBlock body) {
  MlirValue hit = wb_cmpi(c->b, CMPI_EQ, position(c), arg(body, 1));
  MlirValue v = wb_select(c->b, hit, arg(body, 0), identity(c));
  yield(c, wb_arith(c->b, combiner(c), v, arg(body, 2)));
}

/* (m, picked; start value): better(m, start) ? picked : start. */
static void picked_value_body(ctx_t *c, MlirBlock body) {
  yield(c, wb_select(c->b, better(c, arg(body, 0), arg(body, 2)), arg(body, 1),
                     arg(body, 2)));
}

/* buf[...] = v (the generalized linalg.fill recognition expects). */
static bool fill(ctx_t *c, MlirValue buf, MlirValue v) {
  MlirContext ctx = c->b->ctx;
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(buf));
  MlirAttribute m[1] = {
      mlirAffineMapAttrGet(mlirAffineMapGet(ctx, rank, 0, 0, NULL))};
  MlirAttribute id =
      mlirAffineMapAttrGet(mlirAffineMapMultiDimIdentityGet(ctx, rank));
  return generic(c, 1, &v, m, buf, id, true, fill_body);
}

static MlirValue filled(ctx_t *c, MlirType t, MlirValue v) {
  MlirValue buf = alloc_like(c, t);
  if (mlirValueIsNull(buf) || !fill(c, buf, v))
    return (MlirValue){NULL};
  return buf;
}

static bool is_view(MlirOperation op) {
  return wmma_op_is(op, "memref.collapse_shape") ||
         wmma_op_is(op, "memref.expand_shape") ||
         wmma_op_is(op, "memref.cast") || wmma_op_is(op, "memref.subview");
}

/* Is every use of v (through views) the op itself, a deallocation, or a
 * write that reads nothing of it (a fill)?  Then its values are never read
 * after the op (torch's argmax drops max.dim's values). */
static bool unread_after(MlirOperation op, MlirValue v, int depth) {
  if (depth > 8)
    return false;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (mlirOperationEqual(user, op) || wmma_op_is(user, "memref.dealloc"))
      continue;
    if (is_view(user) && mlirOpOperandGetOperandNumber(u) == 0) {
      if (!unread_after(op, mlirOperationGetResult(user, 0), depth + 1))
        return false;
      continue;
    }
    if (!wmma_op_is(user, "linalg.generic") ||
        mlirOperationGetNumOperands(user) != 2 ||
        mlirOpOperandGetOperandNumber(u) != 1 ||
        !fe_yields_first_input(user))
      return false;
  }
  return true;
}

/* The buffer v views (v itself when it is no view). */
static MlirValue root_buffer(MlirValue v) {
  for (int i = 0; i < 8 && is_view(defining(v)); ++i)
    v = mlirOperationGetOperand(defining(v), 0);
  return v;
}

static bool values_dead(const argred_t *ar) {
  MlirValue root = root_buffer(ar->vout);
  return is(root, "memref.alloc") && unread_after(ar->op, root, 0);
}

static bool rewrite(argred_t *ar) {
  /* Before step 4 adds a read of the start values. */
  bool dead = values_dead(ar);
  MlirContext ctx = mlirOperationGetContext(ar->op);
  MlirRewriterBase rw = mlirIRRewriterCreate(ctx);
  wb_t b;
  wb_init_rewriter(&b, rw, ar->op);
  b.loc = mlirOperationGetLocation(ar->op);
  ctx_t c = {&b, ar, mlirIntegerTypeGet(ctx, 32)};
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(ar->vout));
  MlirAttribute id =
      mlirAffineMapAttrGet(mlirAffineMapMultiDimIdentityGet(ctx, rank));
  MlirAttribute xo[3] = {ar->xmap, ar->omap, ar->omap};
  MlirAttribute ids[3] = {id, id, id};
  bool ok = true;
  MlirValue fnan = (MlirValue){NULL};
  if (ar->form == FORM_PROPAGATE) {
    fnan = filled(&c, c.i32, big(&c));
    ok = !mlirValueIsNull(fnan) &&
         generic(&c, 1, &ar->x, xo, fnan, ar->omap, false, first_nan_body);
  }
  MlirValue m = ok ? filled(&c, ar->xt, identity(&c)) : (MlirValue){NULL};
  MlirValue best_in[2] = {ar->x, fnan};
  ok = ok && !mlirValueIsNull(m) &&
       generic(&c, ar->form == FORM_PROPAGATE ? 2 : 1, best_in, xo, m,
               ar->omap, false, best_body);
  MlirValue r = ok ? filled(&c, c.i32, big(&c)) : (MlirValue){NULL};
  MlirValue first_in[3] = {ar->x, m, fnan};
  ok = ok && !mlirValueIsNull(r) &&
       generic(&c, ar->form == FORM_PROPAGATE ? 3 : 2, first_in, xo, r,
               ar->omap, false, first_best_body);
  MlirValue index_in[3] = {m, r, ar->vout};
  ok = ok && generic(&c, 3, index_in, ids, ar->iout, id, true, index_body);
  if (ok && dead) {
    /* argmax: the values are never read, no kernel computes them. */
  } else if (ok && ar->form != FORM_SELECT) {
    ok = generic(&c, 1, &ar->x, xo, ar->vout, ar->omap, false, value_body);
  } else if (ok) {
    MlirValue pick = filled(&c, ar->xt, identity(&c));
    MlirValue pick_in[2] = {ar->x, r};
    MlirValue value_in[2] = {m, pick};
    ok = !mlirValueIsNull(pick) &&
         generic(&c, 2, pick_in, xo, pick, ar->omap, false, pick_body) &&
         generic(&c, 2, value_in, ids, ar->vout, id, true, picked_value_body);
  }
  mlirIRRewriterDestroy(rw);
  if (ok)
    mlirOperationDestroy(ar->op);
  return ok;
}

static MlirWalkResult visit(MlirOperation op, void *ud) {
  MlirOperation *found = ud;
  argred_t ar;
  if (mlirOperationIsNull(*found) && wmma_op_is(op, "linalg.generic") &&
      match(op, &ar)) {
    *found = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

void fe_split_arg_reductions(MlirOperation func) {
  /* One at a time: the walk must not visit an op the rewrite erased.  The
   * builders fail only on null values, which the match excludes; should
   * one fail, the op stays and recognition refuses it. */
  for (int guard = 0; guard < 1024; ++guard) {
    MlirOperation found = {NULL};
    mlirOperationWalk(func, visit, &found, MlirWalkPreOrder);
    argred_t ar;
    if (mlirOperationIsNull(found) || !match(found, &ar) || !rewrite(&ar))
      return;
  }
}
