/* Helpers the CPU reference's rewrites share (see RefIr.h). */
#include "RefIr.h"

#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>

double wmma_unit_roundoff(MlirType t) {
  if (mlirTypeIsAShaped(t))
    t = mlirShapedTypeGetElementType(t);
  if (mlirTypeIsAF16(t))
    return ldexp(1.0, -11);
  if (mlirTypeIsABF16(t))
    return ldexp(1.0, -8);
  if (mlirTypeIsAF32(t))
    return ldexp(1.0, -24);
  return 0.0;
}

int wmma_significand_bits(MlirType t) {
  if (mlirTypeIsAF16(t))
    return 11;
  if (mlirTypeIsABF16(t))
    return 8;
  if (mlirTypeIsAF32(t))
    return 24;
  if (mlirTypeIsAF64(t))
    return 53;
  if (mlirTypeIsAFloat8E4M3FN(t))
    return 4;
  if (mlirTypeIsAFloat8E5M2(t))
    return 3;
  if (mlirTypeIsAInteger(t))
    return (int)mlirIntegerTypeGetWidth(t);
  return 64;
}

MlirOperation wmma_detached_op(const char *name, MlirLocation loc, intptr_t nops,
                               const MlirValue *ops, intptr_t nres,
                               const MlirType *res, intptr_t nattrs,
                               const MlirNamedAttribute *attrs, MlirRegion *region) {
  MlirOperationState st = mlirOperationStateGet(wmma_sref(name), loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  mlirOperationStateAddResults(&st, nres, res);
  mlirOperationStateAddAttributes(&st, nattrs, attrs);
  if (region)
    mlirOperationStateAddOwnedRegions(&st, 1, region);
  return mlirOperationCreate(&st);
}
