/* Helpers the CPU reference's rewrites share (Reference.c's gamma,
 * Bound.c's and RunningError.c's functions, WidenAccumulation.c): what a
 * float type rounds to, and ops built detached (not yet in a block), for
 * code that inserts them itself.  Internal to the driver. */
#ifndef WMMA_COMPILER_REF_IR_H
#define WMMA_COMPILER_REF_IR_H

#include "mlir-c/IR.h"

/* Unit roundoff u of f16, bf16 or f32 (of a shaped type's element); 0 for
 * any other type (the error rules do not know it). */
double wmma_unit_roundoff(MlirType t);

/* Significand bits (implicit bit included) of a float type, or the width
 * of an integer type (what an exact conversion to a float needs); 64 for
 * anything else (never exact). */
int wmma_significand_bits(MlirType t);

/* `name`(ops) -> res with attrs and, when region is not NULL, that region
 * (taken), created detached. */
MlirOperation wmma_detached_op(const char *name, MlirLocation loc, intptr_t nops,
                               const MlirValue *ops, intptr_t nres,
                               const MlirType *res, intptr_t nattrs,
                               const MlirNamedAttribute *attrs, MlirRegion *region);

#endif
