/* Front end, step 0 (after bufferization): an output written at a constant
 * index 0 of a size-1 dimension -- torch-mlir's keep-dim reductions,
 * `(d0, d1, d2) -> (d0, d1, 0)` into a memref<3x4x1xf32> -- is written
 * through a view without that dimension instead:
 *
 *   linalg.generic {maps = [..., (d0, d1, d2) -> (d0, d1, 0)]} outs(%o : memref<3x4x1xf32>)
 * ->
 *   %v = memref.collapse_shape %o [[0], [1, 2]] : memref<3x4x1xf32> into memref<3x4xf32>
 *   linalg.generic {maps = [..., (d0, d1, d2) -> (d0, d1)]} outs(%v)
 *
 * The same elements are written; recognition then sees a projected
 * permutation (an output at a constant index is refused: every template
 * writes outputs by their loops).  Only identity layouts; any other
 * constant in the map leaves the op as it is. */
#include "FrontEnd.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdbool.h>

static MlirAttribute i64_array(MlirContext ctx, int n, const int64_t *v) {
  MlirAttribute el[FE_MAX_RANK];
  for (int i = 0; i < n; ++i)
    el[i] = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v[i]);
  return mlirArrayAttrGet(ctx, n, el);
}

/* Output `o` (operand number) of generic op with map `map`: rewritten when
 * its map has unit dimensions at constant 0 and nothing else constant. */
static void drop_unit_dims(MlirOperation op, intptr_t o, intptr_t mi,
                           MlirAttribute maps) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirValue out = mlirOperationGetOperand(op, o);
  MlirType t = mlirValueGetType(out);
  if (!mlirTypeIsAMemRef(t))
    return;
  MlirAffineMap lay = mlirMemRefTypeGetAffineMap(t);
  if (!mlirAffineMapIsNull(lay) && !mlirAffineMapIsIdentity(lay))
    return;
  MlirAffineMap map = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, mi));
  int rank = (int)mlirAffineMapGetNumResults(map);
  if (rank < 1 || rank > FE_MAX_RANK || rank != mlirShapedTypeGetRank(t))
    return;
  bool unit[FE_MAX_RANK];
  int nkept = 0;
  for (int d = 0; d < rank; ++d) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, d);
    unit[d] = false;
    if (mlirAffineExprIsAConstant(e)) {
      if (mlirAffineConstantExprGetValue(e) != 0 ||
          mlirShapedTypeGetDimSize(t, d) != 1)
        return;
      unit[d] = true;
    } else {
      ++nkept;
    }
  }
  if (nkept == rank)
    return;
  /* Groups: each kept dimension starts one; a unit dimension joins the
   * group before it (leading ones the first group). */
  MlirAffineExpr kept[FE_MAX_RANK];
  int64_t shape[FE_MAX_RANK], members[FE_MAX_RANK][FE_MAX_RANK];
  int nmem[FE_MAX_RANK] = {0};
  int g = -1;
  for (int d = 0; d < rank; ++d) {
    if (!unit[d]) {
      ++g;
      kept[g] = mlirAffineMapGetResult(map, d);
      shape[g] = mlirShapedTypeGetDimSize(t, d);
    }
    int into = g < 0 ? 0 : g;
    members[into][nmem[into]++] = d;
  }
  MlirAttribute groups[FE_MAX_RANK];
  for (int k = 0; k < nkept; ++k)
    groups[k] = i64_array(ctx, nmem[k], members[k]);
  MlirAttribute re = mlirArrayAttrGet(ctx, nkept, groups);
  MlirType vt = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t),
                                            nkept, shape,
                                            mlirMemRefTypeGetMemorySpace(t));
  MlirRewriterBase rw = mlirIRRewriterCreate(ctx);
  wb_t b;
  wb_init_rewriter(&b, rw, op);
  b.loc = mlirOperationGetLocation(op);
  MlirNamedAttribute ra = wb_named(ctx, "reassociation", re);
  MlirValue v = wb_op1(&b, "memref.collapse_shape", 1, &out, vt, 1, &ra);
  mlirIRRewriterDestroy(rw);
  if (mlirValueIsNull(v))
    return;
  /* The map without the unit results, the op on the view. */
  intptr_t nmaps = mlirArrayAttrGetNumElements(maps);
  MlirAttribute nm[64];
  if (nmaps > 64)
    return;
  for (intptr_t i = 0; i < nmaps; ++i)
    nm[i] = mlirArrayAttrGetElement(maps, i);
  nm[mi] = mlirAffineMapAttrGet(
      mlirAffineMapGet(ctx, mlirAffineMapGetNumDims(map),
                       mlirAffineMapGetNumSymbols(map), nkept, kept));
  mlirOperationSetAttributeByName(op, wmma_sref("indexing_maps"),
                                  mlirArrayAttrGet(ctx, nmaps, nm));
  mlirOperationSetOperand(op, o, v);
}

static MlirWalkResult visit(MlirOperation op, void *ud) {
  (void)ud;
  if (!wmma_op_is(op, "linalg.generic"))
    return MlirWalkResultAdvance;
  MlirAttribute maps = wmma_attr(op, "indexing_maps");
  MlirAttribute seg = wmma_attr(op, "operandSegmentSizes");
  if (mlirAttributeIsNull(maps) || mlirAttributeIsNull(seg) ||
      !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) != 2)
    return MlirWalkResultAdvance;
  intptr_t nin = mlirDenseI32ArrayGetElement(seg, 0);
  intptr_t nout = mlirDenseI32ArrayGetElement(seg, 1);
  if (nin + nout != mlirArrayAttrGetNumElements(maps))
    return MlirWalkResultAdvance;
  for (intptr_t j = 0; j < nout; ++j) {
    drop_unit_dims(op, nin + j, nin + j, maps);
    maps = wmma_attr(op, "indexing_maps");
  }
  return MlirWalkResultAdvance;
}

void fe_drop_unit_output_dims(MlirOperation func) {
  mlirOperationWalk(func, visit, NULL, MlirWalkPostOrder);
}
