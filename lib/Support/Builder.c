/* IR builders, part 1: builder state, generic op creation, attributes,
 * types, constants and arith (with constant folding for index math, so
 * that generated kernels stay small before canonicalization). */
#include "wmma/Support/Builder.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wb_forget_lane_ids(wb_t *b) {
  b->lane_i32 = b->lane_idx = b->r_idx = b->h_idx = b->r_i32 = b->h_i32 =
      (MlirValue){NULL};
}

void wb_init_rewriter(wb_t *b, MlirRewriterBase rw, MlirOperation op) {
  memset(b, 0, sizeof(*b));
  b->rw = rw;
  b->ctx = mlirOperationGetContext(op);
  b->loc = mlirOperationGetLocation(op);
  mlirRewriterBaseSetInsertionPointBefore(b->rw, op);
}

void wb_init(wb_t *b, MlirPatternRewriter rewriter, MlirOperation op) {
  wb_init_rewriter(b, mlirPatternRewriterAsBase(rewriter), op);
}

void wb_init_at_end(wb_t *b, MlirRewriterBase rw, MlirBlock block,
                    MlirLocation loc) {
  memset(b, 0, sizeof(*b));
  b->rw = rw;
  b->ctx = mlirLocationGetContext(loc);
  b->loc = loc;
  mlirRewriterBaseSetInsertionPointToEnd(b->rw, block);
}

void wb_set_ip_end(wb_t *b, MlirBlock block) {
  mlirRewriterBaseSetInsertionPointToEnd(b->rw, block);
}
void wb_set_ip_start(wb_t *b, MlirBlock block) {
  mlirRewriterBaseSetInsertionPointToStart(b->rw, block);
}
void wb_set_ip_before(wb_t *b, MlirOperation op) {
  mlirRewriterBaseSetInsertionPointBefore(b->rw, op);
}
void wb_set_ip_after(wb_t *b, MlirOperation op) {
  mlirRewriterBaseSetInsertionPointAfter(b->rw, op);
}

static MlirOperation create(wb_t *b, const char *name, intptr_t n_operands,
                            const MlirValue *operands, intptr_t n_results,
                            const MlirType *results, intptr_t n_attrs,
                            const MlirNamedAttribute *attrs,
                            intptr_t n_regions) {
  for (intptr_t i = 0; i < n_operands; ++i)
    if (mlirValueIsNull(operands[i]))
      return (MlirOperation){NULL};
  for (intptr_t i = 0; i < n_results; ++i)
    if (mlirTypeIsNull(results[i]))
      return (MlirOperation){NULL};
  MlirOperationState st = mlirOperationStateGet(wmma_sref(name), b->loc);
  if (n_operands)
    mlirOperationStateAddOperands(&st, n_operands, operands);
  if (n_results)
    mlirOperationStateAddResults(&st, n_results, results);
  if (n_attrs)
    mlirOperationStateAddAttributes(&st, n_attrs, attrs);
  if (n_regions) {
    MlirRegion regions[4];
    if (n_regions > 4)
      return (MlirOperation){NULL};
    for (intptr_t i = 0; i < n_regions; ++i)
      regions[i] = mlirRegionCreate();
    mlirOperationStateAddOwnedRegions(&st, n_regions, regions);
  }
  return mlirOperationCreate(&st);
}

MlirOperation wb_op(wb_t *b, const char *name, intptr_t n_operands,
                    const MlirValue *operands, intptr_t n_results,
                    const MlirType *results, intptr_t n_attrs,
                    const MlirNamedAttribute *attrs) {
  MlirOperation op = create(b, name, n_operands, operands, n_results, results,
                            n_attrs, attrs, 0);
  if (mlirOperationIsNull(op))
    return op;
  return mlirRewriterBaseInsert(b->rw, op);
}

MlirOperation wb_op_regions(wb_t *b, const char *name, intptr_t n_operands,
                            const MlirValue *operands, intptr_t n_results,
                            const MlirType *results, intptr_t n_attrs,
                            const MlirNamedAttribute *attrs,
                            intptr_t n_regions) {
  return create(b, name, n_operands, operands, n_results, results, n_attrs,
                attrs, n_regions);
}

MlirValue wb_op_inferred(wb_t *b, const char *name, intptr_t n_operands,
                         const MlirValue *operands, intptr_t n_attrs,
                         const MlirNamedAttribute *attrs) {
  for (intptr_t i = 0; i < n_operands; ++i)
    if (mlirValueIsNull(operands[i]))
      return (MlirValue){NULL};
  MlirOperationState st = mlirOperationStateGet(wmma_sref(name), b->loc);
  mlirOperationStateAddOperands(&st, n_operands, operands);
  if (n_attrs)
    mlirOperationStateAddAttributes(&st, n_attrs, attrs);
  mlirOperationStateEnableResultTypeInference(&st);
  MlirOperation op = mlirOperationCreate(&st);
  if (mlirOperationIsNull(op) || mlirOperationGetNumResults(op) < 1)
    return (MlirValue){NULL};
  return mlirOperationGetResult(mlirRewriterBaseInsert(b->rw, op), 0);
}

MlirValue wb_op1(wb_t *b, const char *name, intptr_t n_operands,
                 const MlirValue *operands, MlirType result, intptr_t n_attrs,
                 const MlirNamedAttribute *attrs) {
  MlirOperation op =
      wb_op(b, name, n_operands, operands, 1, &result, n_attrs, attrs);
  if (mlirOperationIsNull(op))
    return (MlirValue){NULL};
  return mlirOperationGetResult(op, 0);
}

MlirNamedAttribute wb_named(MlirContext ctx, const char *name,
                            MlirAttribute attr) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, wmma_sref(name)), attr);
}

MlirAttribute wb_i64_attr(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
}

MlirAttribute wb_i32_attr(MlirContext ctx, int32_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), v);
}

MlirAttribute wb_str_attr(MlirContext ctx, const char *s) {
  return mlirStringAttrGet(ctx, wmma_sref(s));
}

MlirNamedAttribute wb_segments(MlirContext ctx, intptr_t n,
                               const int32_t *sizes) {
  return wb_named(ctx, "operandSegmentSizes",
                  mlirDenseI32ArrayGet(ctx, n, sizes));
}

/*--- types -------------------------------------------------------------*/
MlirType wb_i1(MlirContext ctx) { return mlirIntegerTypeGet(ctx, 1); }
MlirType wb_i32(MlirContext ctx) { return mlirIntegerTypeGet(ctx, 32); }
MlirType wb_index(MlirContext ctx) { return mlirIndexTypeGet(ctx); }
MlirType wb_vec(int64_t n, MlirType elem) {
  return mlirVectorTypeGet(1, &n, elem);
}

int wb_type_bits(MlirType t) {
  if (mlirTypeIsNull(t))
    return 0;
  if (mlirTypeIsAInteger(t))
    return (int)mlirIntegerTypeGetWidth(t);
  if (mlirTypeIsAFloat(t))
    return (int)mlirFloatTypeGetWidth(t);
  return 0;
}

bool wb_is_vec1d(MlirType t, int64_t *len, MlirType *elem) {
  if (mlirTypeIsNull(t) || !mlirTypeIsAVector(t) || mlirVectorTypeIsScalable(t))
    return false;
  if (mlirShapedTypeGetRank(t) != 1)
    return false;
  if (len)
    *len = mlirShapedTypeGetDimSize(t, 0);
  if (elem)
    *elem = mlirShapedTypeGetElementType(t);
  return true;
}

MlirType wb_elem_type(MlirType t) {
  if (!mlirTypeIsNull(t) && mlirTypeIsAShaped(t))
    return mlirShapedTypeGetElementType(t);
  return t;
}

/*--- constants ---------------------------------------------------------*/
static MlirValue const_attr(wb_t *b, MlirAttribute value, MlirType t) {
  if (mlirAttributeIsNull(value))
    return (MlirValue){NULL};
  MlirNamedAttribute a = wb_named(b->ctx, "value", value);
  return wb_op1(b, "arith.constant", 0, NULL, t, 1, &a);
}

MlirValue wb_const_i32(wb_t *b, int32_t v) {
  MlirType t = wb_i32(b->ctx);
  return const_attr(b, mlirIntegerAttrGet(t, v), t);
}

MlirValue wb_const_index(wb_t *b, int64_t v) {
  MlirType t = wb_index(b->ctx);
  return const_attr(b, mlirIntegerAttrGet(t, v), t);
}

MlirValue wb_const_bool(wb_t *b, bool v) {
  MlirType t = wb_i1(b->ctx);
  return const_attr(b, mlirIntegerAttrGet(t, v ? 1 : 0), t);
}

MlirValue wb_const_float(wb_t *b, MlirType t, double v) {
  return const_attr(b, mlirFloatAttrDoubleGet(b->ctx, t, v), t);
}

MlirValue wb_const_int(wb_t *b, MlirType t, int64_t v) {
  return const_attr(b, mlirIntegerAttrGet(t, v), t);
}

static MlirAttribute scalar_attr(MlirType elem, double v) {
  if (mlirTypeIsAInteger(elem) || mlirTypeIsAIndex(elem))
    return mlirIntegerAttrGet(elem, (int64_t)v);
  if (mlirTypeIsAFloat(elem))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(elem), elem, v);
  return (MlirAttribute){NULL};
}

MlirValue wb_const_splat(wb_t *b, MlirType t, double v) {
  if (mlirTypeIsAVector(t)) {
    MlirAttribute s = scalar_attr(mlirShapedTypeGetElementType(t), v);
    if (mlirAttributeIsNull(s))
      return (MlirValue){NULL};
    return const_attr(b, mlirDenseElementsAttrSplatGet(t, s), t);
  }
  return const_attr(b, scalar_attr(t, v), t);
}

MlirValue wb_const_zero(wb_t *b, MlirType t) { return wb_const_splat(b, t, 0); }

MlirValue wb_const_vec_i32(wb_t *b, int64_t n, const int32_t *vals) {
  MlirType t = wb_vec(n, wb_i32(b->ctx));
  return const_attr(b, mlirDenseElementsAttrInt32Get(t, n, vals), t);
}

MlirValue wb_const_vec_index(wb_t *b, int64_t n, const int64_t *vals) {
  MlirType t = wb_vec(n, wb_index(b->ctx));
  MlirAttribute el[64];
  if (n > 64)
    return (MlirValue){NULL};
  for (int64_t i = 0; i < n; ++i)
    el[i] = mlirIntegerAttrGet(wb_index(b->ctx), vals[i]);
  return const_attr(b, mlirDenseElementsAttrGet(t, n, el), t);
}

bool wb_const_value(MlirValue v, int64_t *out) {
  if (mlirValueIsNull(v) || !mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!wmma_op_is(def, "arith.constant"))
    return false;
  MlirAttribute a = wmma_attr(def, "value");
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

/*--- arith -------------------------------------------------------------*/
MlirValue wb_arith(wb_t *b, const char *name, MlirValue a, MlirValue c) {
  if (mlirValueIsNull(a) || mlirValueIsNull(c))
    return (MlirValue){NULL};
  MlirValue ops[2] = {a, c};
  return wb_op1(b, name, 2, ops, mlirValueGetType(a), 0, NULL);
}

/* i1 result, or vector<N x i1> for vector operands. */
static MlirType predicate_type(wb_t *b, MlirValue a) {
  MlirType t = mlirValueGetType(a);
  int64_t n;
  if (wb_is_vec1d(t, &n, NULL))
    return wb_vec(n, wb_i1(b->ctx));
  return wb_i1(b->ctx);
}

static MlirValue compare(wb_t *b, const char *name, int pred, MlirValue a,
                         MlirValue c) {
  if (mlirValueIsNull(a) || mlirValueIsNull(c))
    return (MlirValue){NULL};
  MlirValue ops[2] = {a, c};
  MlirNamedAttribute p = wb_named(
      b->ctx, "predicate",
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), pred));
  return wb_op1(b, name, 2, ops, predicate_type(b, a), 1, &p);
}

MlirValue wb_cmpi(wb_t *b, int pred, MlirValue a, MlirValue c) {
  return compare(b, "arith.cmpi", pred, a, c);
}

MlirValue wb_cmpf(wb_t *b, int pred, MlirValue a, MlirValue c) {
  return compare(b, "arith.cmpf", pred, a, c);
}

MlirValue wb_select(wb_t *b, MlirValue cond, MlirValue t, MlirValue f) {
  if (mlirValueIsNull(t))
    return t;
  MlirValue ops[3] = {cond, t, f};
  return wb_op1(b, "arith.select", 3, ops, mlirValueGetType(t), 0, NULL);
}

MlirValue wb_cast(wb_t *b, const char *name, MlirValue v, MlirType to) {
  int64_t c;
  /* index <-> integer casts of constants fold (index values are 64-bit). */
  if (!strcmp(name, "arith.index_cast") && wb_const_value(v, &c) &&
      (mlirTypeIsAIndex(to) ||
       (mlirTypeIsAInteger(to) && mlirIntegerTypeGetWidth(to) == 64)))
    return wb_const_int(b, to, c);
  return wb_op1(b, name, 1, &v, to, 0, NULL);
}

MlirValue wb_addi(wb_t *b, MlirValue x, MlirValue y) {
  int64_t cx, cy;
  bool kx = wb_const_value(x, &cx), ky = wb_const_value(y, &cy);
  if (kx && ky)
    return wb_const_index(b, cx + cy);
  if (kx && cx == 0)
    return y;
  if (ky && cy == 0)
    return x;
  return wb_arith(b, "arith.addi", x, y);
}

MlirValue wb_muli(wb_t *b, MlirValue x, MlirValue y) {
  int64_t cx, cy;
  bool kx = wb_const_value(x, &cx), ky = wb_const_value(y, &cy);
  if (kx && ky)
    return wb_const_index(b, cx * cy);
  if ((kx && cx == 0) || (ky && cy == 0))
    return wb_const_index(b, 0);
  if (kx && cx == 1)
    return y;
  if (ky && cy == 1)
    return x;
  return wb_arith(b, "arith.muli", x, y);
}

MlirValue wb_add_const(wb_t *b, MlirValue x, int64_t c) {
  return c ? wb_addi(b, x, wb_const_index(b, c)) : x;
}

MlirValue wb_mul_const(wb_t *b, MlirValue x, int64_t c) {
  return c == 1 ? x : wb_muli(b, x, wb_const_index(b, c));
}

MlirValue wb_min_index(wb_t *b, MlirValue x, MlirValue y) {
  int64_t cx, cy;
  if (wb_const_value(x, &cx) && wb_const_value(y, &cy))
    return wb_const_index(b, cx < cy ? cx : cy);
  return wb_arith(b, "arith.minui", x, y);
}

MlirValue wb_max_index(wb_t *b, MlirValue x, MlirValue y) {
  int64_t cx, cy;
  if (wb_const_value(x, &cx) && wb_const_value(y, &cy))
    return wb_const_index(b, cx > cy ? cx : cy);
  return wb_arith(b, "arith.maxui", x, y);
}

MlirValue wb_ceil_div_const(wb_t *b, MlirValue x, int64_t c) {
  int64_t cx;
  if (wb_const_value(x, &cx))
    return wb_const_index(b, (cx + c - 1) / c);
  if (c == 1)
    return x;
  return wb_arith(b, "arith.ceildivui", x, wb_const_index(b, c));
}

bool wb_has_reduction_loop(MlirOperation op) {
  MlirAttribute iters = wmma_attr(op, "iterator_types");
  if (mlirAttributeIsNull(iters) || !mlirAttributeIsAArray(iters))
    return false;
  for (intptr_t l = 0; l < mlirArrayAttrGetNumElements(iters); ++l)
    if (wb_iterator_is_reduction(mlirArrayAttrGetElement(iters, l)))
      return true;
  return false;
}
