/* MLIR element types <-> layout engine elements (see ElementTypes.h). */
#include "wmma/Dialect/ElementTypes.h"

#include "mlir-c/BuiltinTypes.h"

bool wmma_elem_of_type(MlirType type, wmma_elem *elem) {
  if (mlirTypeIsNull(type) || !elem)
    return false;
  if (mlirTypeIsAF16(type))
    *elem = WMMA_ELEM_F16;
  else if (mlirTypeIsABF16(type))
    *elem = WMMA_ELEM_BF16;
  else if (mlirTypeIsAF32(type))
    *elem = WMMA_ELEM_F32;
  else if (mlirTypeIsAFloat8E4M3FN(type))
    *elem = WMMA_ELEM_FP8;
  else if (mlirTypeIsAFloat8E5M2(type))
    *elem = WMMA_ELEM_BF8;
  else if (mlirTypeIsAInteger(type) && mlirIntegerTypeIsSignless(type)) {
    switch (mlirIntegerTypeGetWidth(type)) {
    case 32: *elem = WMMA_ELEM_I32; break;
    case 8: *elem = WMMA_ELEM_IU8; break;
    case 4: *elem = WMMA_ELEM_IU4; break;
    default: return false;
    }
  } else
    return false;
  return true;
}

MlirType wmma_type_of_elem(MlirContext ctx, wmma_elem elem) {
  if (mlirContextIsNull(ctx))
    elem = WMMA_ELEM_COUNT; /* no context to make a type in */
  switch (elem) {
  case WMMA_ELEM_F16: return mlirF16TypeGet(ctx);
  case WMMA_ELEM_BF16: return mlirBF16TypeGet(ctx);
  case WMMA_ELEM_F32: return mlirF32TypeGet(ctx);
  case WMMA_ELEM_I32: return mlirIntegerTypeGet(ctx, 32);
  case WMMA_ELEM_IU8: return mlirIntegerTypeGet(ctx, 8);
  case WMMA_ELEM_IU4: return mlirIntegerTypeGet(ctx, 4);
  case WMMA_ELEM_FP8: return mlirFloat8E4M3FNTypeGet(ctx);
  case WMMA_ELEM_BF8: return mlirFloat8E5M2TypeGet(ctx);
  default: break;
  }
  MlirType null = {NULL};
  return null;
}
