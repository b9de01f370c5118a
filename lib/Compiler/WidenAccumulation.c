/* f32 accumulation for the CPU reference's 16-bit contractions (see
 * WidenAccumulation.h). */
#include "WidenAccumulation.h"
#include "RefIr.h"

#include "wmma/Support/Builder.h"
#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BODY_OPS 256
#define MAX_CONTRACTIONS 256
#define WMMA_MAX_RANK_WIDEN 16

static bool is_narrow_float(MlirType t) {
  return mlirTypeIsAFloat(t) && mlirFloatTypeGetWidth(t) < 32;
}

/* Element-wise arithmetic that means the same in f32 (its result type
 * follows its operands). */
static bool is_widenable_arith(MlirOperation op) {
  static const char *const kOps[] = {
      "arith.mulf",     "arith.addf",     "arith.subf",     "arith.negf",
      "arith.maximumf", "arith.minimumf", "arith.maxnumf",  "arith.minnumf",
      "arith.select",   "math.fma"};
  for (size_t i = 0; i < sizeof kOps / sizeof kOps[0]; ++i)
    if (wmma_op_is(op, kOps[i]))
      return true;
  return false;
}

/* One `parallel` entry of op's iterator_types (null if none). */
static MlirAttribute parallel_iterator(MlirOperation op) {
  MlirAttribute iters = wmma_attr(op, "iterator_types");
  for (intptr_t l = 0; l < mlirArrayAttrGetNumElements(iters); ++l) {
    MlirAttribute a = mlirArrayAttrGetElement(iters, l);
    if (!wb_iterator_is_reduction(a)) /* linalg's other kind: parallel */
      return a;
  }
  return (MlirAttribute){NULL};
}

/* Can op (a reducing linalg.generic) be widened?  One init whose element
 * is a 16-bit float, a single-block body of plain arithmetic (no truncf:
 * a body that rounds on purpose keeps its roundings), no nested regions. */
static bool widenable(MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirAttribute seg = wmma_attr(op, "operandSegmentSizes");
  if (n < 2 || mlirAttributeIsNull(seg) || !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) != 2 || mlirDenseI32ArrayGetElement(seg, 1) != 1)
    return false;
  MlirType out = mlirValueGetType(mlirOperationGetOperand(op, n - 1));
  if (!mlirTypeIsAMemRef(out) || !is_narrow_float(mlirShapedTypeGetElementType(out)) ||
      mlirShapedTypeGetRank(out) > WMMA_MAX_RANK_WIDEN ||
      (mlirAttributeIsNull(parallel_iterator(op)) && mlirShapedTypeGetRank(out) > 0))
    return false;
  MlirRegion r = mlirOperationGetRegion(op, 0);
  MlirBlock body = mlirRegionGetFirstBlock(r);
  if (mlirBlockIsNull(body) || !mlirBlockIsNull(mlirBlockGetNextInRegion(body)) ||
      mlirBlockGetNumArguments(body) != n)
    return false;
  MlirValue acc = mlirBlockGetArgument(body, n - 1);
  int count = 0;
  for (MlirOperation b = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(b);
       b = mlirOperationGetNextInBlock(b)) {
    if (++count > MAX_BODY_OPS || mlirOperationGetNumRegions(b) > 0)
      return false;
    if (wmma_op_is(b, "linalg.yield") || wmma_op_is(b, "linalg.index") ||
        wmma_op_is(b, "arith.constant") || is_widenable_arith(b))
      continue;
    /* Conversions into the computation (of an input, never of the
     * accumulator: that would be a body that accumulates in f32 itself). */
    if (wmma_op_is(b, "arith.extf") || wmma_op_is(b, "arith.sitofp") ||
        wmma_op_is(b, "arith.uitofp")) {
      if (mlirValueEqual(mlirOperationGetOperand(b, 0), acc))
        return false;
      continue;
    }
    /* Integer arithmetic (zero points, index math) is exact. */
    bool float_result = false;
    for (intptr_t i = 0; i < mlirOperationGetNumResults(b); ++i)
      float_result |= mlirTypeIsAFloat(mlirValueGetType(mlirOperationGetResult(b, i)));
    if (float_result)
      return false;
  }
  return true;
}

/* extf/truncf of v to `to`, appended to block (or inserted before `at`). */
static MlirValue convert(const char *name, MlirValue v, MlirType to, MlirLocation loc,
                         MlirBlock block, MlirOperation at) {
  MlirOperation c = wmma_detached_op(name, loc, 1, &v, 1, &to, 0, NULL, NULL);
  if (mlirOperationIsNull(at))
    mlirBlockAppendOwnedOperation(block, c);
  else
    mlirBlockInsertOwnedOperationBefore(block, at, c);
  return mlirOperationGetResult(c, 0);
}

/* dst[i...] = conv(src[i...]): a parallel linalg.generic of rank r. */
static MlirOperation copy_converting(MlirValue src, MlirValue dst, const char *conv,
                                     MlirAttribute parallel, MlirLocation loc) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirType st = mlirValueGetType(src), dt = mlirValueGetType(dst);
  intptr_t rank = mlirShapedTypeGetRank(st);
  MlirAttribute id = mlirAffineMapAttrGet(mlirAffineMapMultiDimIdentityGet(ctx, rank));
  MlirAttribute maps[2] = {id, id};
  MlirAttribute iters[WMMA_MAX_RANK_WIDEN];
  for (intptr_t d = 0; d < rank; ++d)
    iters[d] = parallel;
  int32_t seg[2] = {1, 1};
  MlirNamedAttribute attrs[3] = {
      wb_named(ctx, "indexing_maps", mlirArrayAttrGet(ctx, 2, maps)),
      wb_named(ctx, "iterator_types", mlirArrayAttrGet(ctx, rank, iters)),
      wb_named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, seg))};
  MlirType bt[2] = {mlirShapedTypeGetElementType(st), mlirShapedTypeGetElementType(dt)};
  MlirLocation bl[2] = {loc, loc};
  MlirBlock body = mlirBlockCreate(2, bt, bl);
  MlirValue c = convert(conv, mlirBlockGetArgument(body, 0), bt[1], loc, body,
                        (MlirOperation){NULL});
  mlirBlockAppendOwnedOperation(body, wmma_detached_op("linalg.yield", loc, 1, &c, 0, NULL, 0,
                                            NULL, NULL));
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirValue operands[2] = {src, dst};
  return wmma_detached_op("linalg.generic", loc, 2, operands, 0, NULL, 3, attrs, &region);
}

/* The contraction's body in f32: the accumulator argument becomes f32,
 * every 16-bit arithmetic result f32, its 16-bit operands extended. */
static void widen_body(MlirBlock body, MlirType f32) {
  intptr_t n = mlirBlockGetNumArguments(body);
  mlirBlockArgumentSetType(mlirBlockGetArgument(body, n - 1), f32);
  MlirLocation loc;
  for (MlirOperation b = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(b);
       b = mlirOperationGetNextInBlock(b)) {
    bool yield = wmma_op_is(b, "linalg.yield");
    if (!yield && !(is_widenable_arith(b) && mlirOperationGetNumResults(b) == 1 &&
                    is_narrow_float(mlirValueGetType(mlirOperationGetResult(b, 0)))))
      continue;
    loc = mlirOperationGetLocation(b);
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(b); ++i) {
      MlirValue v = mlirOperationGetOperand(b, i);
      if (is_narrow_float(mlirValueGetType(v)))
        mlirOperationSetOperand(b, i, convert("arith.extf", v, f32, loc, body, b));
    }
    if (!yield)
      mlirValueSetType(mlirOperationGetResult(b, 0), f32);
  }
}

/* The index-typed constant d, before `at`. */
static MlirValue index_constant(MlirOperation at, int64_t d) {
  MlirLocation loc = mlirOperationGetLocation(at);
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirType idx = mlirIndexTypeGet(ctx);
  MlirNamedAttribute v = wb_named(ctx, "value", mlirIntegerAttrGet(idx, d));
  MlirOperation c = wmma_detached_op("arith.constant", loc, 0, NULL, 1, &idx, 1, &v, NULL);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(at), at, c);
  return mlirOperationGetResult(c, 0);
}

static void widen(MlirOperation op, bool free_temps) {
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirBlock block = mlirOperationGetBlock(op);
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue out = mlirOperationGetOperand(op, n - 1);
  MlirType ot = mlirValueGetType(out);
  MlirType narrow = mlirShapedTypeGetElementType(ot);
  MlirType f32 = mlirF32TypeGet(ctx);
  intptr_t rank = mlirShapedTypeGetRank(ot);
  int64_t shape[WMMA_MAX_RANK_WIDEN];
  MlirValue dyn[WMMA_MAX_RANK_WIDEN];
  intptr_t ndyn = 0;
  for (intptr_t d = 0; d < rank; ++d) {
    shape[d] = mlirShapedTypeGetDimSize(ot, d);
    if (mlirShapedTypeIsDynamicDim(ot, d)) {
      MlirValue ops[2] = {out, index_constant(op, d)};
      MlirType idx = mlirIndexTypeGet(ctx);
      MlirOperation dim = wmma_detached_op("memref.dim", loc, 2, ops, 1, &idx, 0, NULL, NULL);
      mlirBlockInsertOwnedOperationBefore(block, op, dim);
      dyn[ndyn++] = mlirOperationGetResult(dim, 0);
    }
  }
  MlirType tt = mlirMemRefTypeContiguousGet(f32, rank, shape,
                                            mlirAttributeGetNull());
  int32_t seg[2] = {(int32_t)ndyn, 0};
  MlirNamedAttribute aseg = wb_named(ctx, "operandSegmentSizes",
                                  mlirDenseI32ArrayGet(ctx, 2, seg));
  MlirOperation alloc = wmma_detached_op("memref.alloc", loc, ndyn, dyn, 1, &tt, 1, &aseg, NULL);
  mlirBlockInsertOwnedOperationBefore(block, op, alloc);
  MlirValue temp = mlirOperationGetResult(alloc, 0);
  MlirAttribute par = parallel_iterator(op);
  mlirBlockInsertOwnedOperationBefore(
      block, op, copy_converting(out, temp, "arith.extf", par, loc));
  mlirOperationSetOperand(op, n - 1, temp);
  widen_body(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)), f32);
  mlirOperationSetDiscardableAttributeByName(op, wmma_sref(WMMA_WIDENED_FROM_ATTR),
                                             mlirTypeAttrGet(narrow));
  MlirOperation back = copy_converting(temp, out, "arith.truncf", par, loc);
  mlirBlockInsertOwnedOperationAfter(block, op, back);
  if (free_temps)
    mlirBlockInsertOwnedOperationAfter(
        block, back, wmma_detached_op("memref.dealloc", loc, 1, &temp, 0, NULL, 0, NULL, NULL));
}

typedef struct {
  MlirOperation ops[MAX_CONTRACTIONS];
  int n;
  bool overflow;
} contraction_list;

static MlirWalkResult find_contractions(MlirOperation op, void *ud) {
  contraction_list *l = ud;
  if (!wmma_op_is(op, "linalg.generic") || !wb_has_reduction_loop(op) || !widenable(op))
    return MlirWalkResultAdvance;
  if (l->n == MAX_CONTRACTIONS) {
    l->overflow = true;
    return MlirWalkResultInterrupt;
  }
  l->ops[l->n++] = op;
  return MlirWalkResultAdvance;
}

int wmma_widen_accumulation(MlirOperation fn, bool free_temps, char *why, size_t cap) {
  contraction_list *l = calloc(1, sizeof *l);
  if (!l) {
    snprintf(why, cap, "out of memory");
    return -1;
  }
  /* Collected first: widening inserts operations the walk would visit. */
  mlirOperationWalk(fn, find_contractions, l, MlirWalkPreOrder);
  if (l->overflow) {
    snprintf(why, cap, "more than %d contractions for the reference",
             MAX_CONTRACTIONS);
    free(l);
    return -1;
  }
  int n = l->n;
  for (int i = 0; i < n; ++i)
    widen(l->ops[i], free_temps);
  free(l);
  return n;
}
