/* The CPU reference runs fp8 programs in f32 (internal to the driver). */
#ifndef WMMA_COMPILER_WIDENFP8_H
#define WMMA_COMPILER_WIDENFP8_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/* Is t (a scalar, or a shaped type's element) f8E4M3FN or f8E5M2? */
bool wmma_is_fp8(MlirType t);

/* Rewrites fn so that every f8E4M3FN/f8E5M2 value is an f32 holding the
 * same number: argument and result types, block arguments, op results;
 * arith.extf from fp8 becomes nothing (to f32) or arith.truncf (to f16 or
 * bf16, exact: every fp8 value is an f16).  MLIR's CPU lowering has no fp8
 * arithmetic; the callers pass decoded f32 buffers.  0, or -1 with a
 * reason (an operation that produces fp8 values other than by its types,
 * e.g. a conversion to fp8). */
int wmma_widen_fp8(MlirOperation fn, char *why, size_t cap);

#endif
