/* The magnitude-bound function of a reference (internal to the driver). */
#ifndef WMMA_COMPILER_BOUND_H
#define WMMA_COMPILER_BOUND_H

#include "mlir-c/IR.h"

#include <stddef.h>

/* Adds after fn a copy named `name` whose operations are replaced by their
 * error-magnitude rules (Bound.c): run on the absolute values of the
 * inputs it computes M with |kernel - reference| <= gamma * M.  *out is
 * the copy.  0; 1 when some operation has no such bound (why names it; the
 * copy is then not usable); -1 on failure. */
int wmma_bound_function(MlirOperation fn, const char *name, MlirOperation *out,
                        char *why, size_t cap);

#endif
