/* The probabilistic running-error bound's contractions (RunningError.c,
 * "Probabilistic bounds"): which step of a contraction adds its terms'
 * errors in quadrature, and the generic that adds the square root of
 * their sum to the output's error after the contraction. */
#include "RunningErrorBody.h"

#include "RefIr.h"
#include "wmma/Support/Builder.h"
#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static bool single_use(MlirValue v) {
  MlirOpOperand u = mlirValueGetFirstUse(v);
  return !mlirOpOperandIsNull(u) && mlirOpOperandIsNull(mlirOpOperandGetNextUse(u));
}

static MlirOperation def(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

static bool float_buffer(MlirType t) {
  return mlirTypeIsAShaped(t) && mlirTypeIsAFloat(mlirShapedTypeGetElementType(t));
}

MlirOperation re_quadrature_step(MlirOperation g, MlirBlock body, intptr_t nin,
                                 intptr_t *out) {
  intptr_t nops = mlirOperationGetNumOperands(g), found = -1;
  for (intptr_t i = nin; i < nops; ++i)
    if (float_buffer(mlirValueGetType(mlirOperationGetOperand(g, i)))) {
      if (found >= 0)
        return (MlirOperation){NULL};
      found = i;
    }
  MlirOperation yield = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    yield = op;
  if (found < 0 || mlirOperationIsNull(yield) || !wmma_op_is(yield, "linalg.yield"))
    return (MlirOperation){NULL};
  /* From the yielded value back through extf and truncf (scale 1), each
   * used once: the sum of squares is the error of the yield's value. */
  MlirValue v = mlirOperationGetOperand(yield, found - nin);
  MlirOperation d = def(v);
  while (!mlirOperationIsNull(d) && single_use(v) &&
         (wmma_op_is(d, "arith.extf") || wmma_op_is(d, "arith.truncf"))) {
    v = mlirOperationGetOperand(d, 0);
    d = def(v);
  }
  if (mlirOperationIsNull(d) || !single_use(v) ||
      !(wmma_op_is(d, "arith.addf") || wmma_op_is(d, "arith.subf")))
    return (MlirOperation){NULL};
  MlirValue acc = mlirBlockGetArgument(body, found);
  for (int i = 0; i < 2; ++i) {
    MlirValue o = mlirOperationGetOperand(d, i);
    MlirOperation od = def(o);
    if (mlirValueEqual(o, acc) ||
        (!mlirOperationIsNull(od) && wmma_op_is(od, "arith.extf") &&
         mlirValueEqual(mlirOperationGetOperand(od, 0), acc))) {
      *out = found;
      return d;
    }
  }
  return (MlirOperation){NULL};
}

void re_add_quadrature(re_body *at, MlirValue sq, MlirValue e) {
  MlirContext ctx = at->ctx;
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(e));
  MlirAttribute id = mlirAffineMapAttrGet(mlirAffineMapMultiDimIdentityGet(ctx, rank));
  MlirAttribute maps[2] = {id, id}, iters[16];
  if (rank > 16) /* (ranks are far lower; never read past iters) */
    return;
  MlirAttribute par =
      mlirAttributeParseGet(ctx, wmma_sref("#linalg.iterator_type<parallel>"));
  for (intptr_t d = 0; d < rank; ++d)
    iters[d] = par;
  int32_t seg[2] = {1, 1};
  MlirNamedAttribute attrs[3] = {
      wb_named(ctx, "indexing_maps", mlirArrayAttrGet(ctx, 2, maps)),
      wb_named(ctx, "iterator_types", mlirArrayAttrGet(ctx, rank, iters)),
      wb_named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, seg))};
  MlirType bt[2] = {at->f32, at->f32};
  MlirLocation bl[2] = {at->loc, at->loc};
  MlirBlock body = mlirBlockCreate(2, bt, bl);
  re_body b = *at;
  b.block = body;
  b.at = (MlirOperation){NULL};
  MlirValue root = re_op1(&b, "math.sqrt", mlirBlockGetArgument(body, 0));
  MlirValue y = re_op2(&b, "arith.addf", mlirBlockGetArgument(body, 1), root);
  re_put(&b, wmma_detached_op("linalg.yield", at->loc, 1, &y, 0, NULL, 0, NULL, NULL));
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirValue operands[2] = {sq, e};
  re_put(at, wmma_detached_op("linalg.generic", at->loc, 2, operands, 0, NULL, 3, attrs,
                              &region));
}
