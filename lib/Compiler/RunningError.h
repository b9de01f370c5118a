/* The running-error function of a reference (internal to the driver). */
#ifndef WMMA_COMPILER_RUNNING_ERROR_H
#define WMMA_COMPILER_RUNNING_ERROR_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/* The reduction length K of a contraction (linalg.generic), an f64
 * attribute Reference.c sets before the copy is made. */
#define WMMA_REDUCTION_LENGTH_ATTR "wmma.reduction_length"

/* Adds after fn (normalized: memrefs, generics) a copy named `name` that,
 * run on the inputs themselves, writes into each argument the function
 * writes a bound on |kernel - reference| of each element (RunningError.c).
 * `native`: the kernel rounds 16-bit accumulators per WMMA K step;
 * `lambda`: 0 for the worst-case bound, > 0 for the probabilistic one
 * (lambda sub-Gaussian scales, "Probabilistic bounds" in RunningError.c);
 * `free_buffers`: free its error buffers (the function frees its own).
 * 0; 1 when the function has operations the rules do not cover (why says
 * which; *out, when not null, is then to be destroyed). */
int wmma_running_error_function(MlirOperation fn, const char *name, bool native,
                                double lambda, bool free_buffers, MlirOperation *out,
                                char *why, size_t cap);

#endif
