/* The CPU reference accumulates 16-bit contractions in f32 (internal to the
 * driver). */
#ifndef WMMA_COMPILER_WIDENACCUMULATION_H
#define WMMA_COMPILER_WIDENACCUMULATION_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/* The discardable attribute a widened contraction carries: the element type
 * it accumulated in before (f16 or bf16), for the error bound. */
#define WMMA_WIDENED_FROM_ATTR "wmma.widened_from"

/* Rewrites every float contraction of fn (a linalg.generic on memrefs with
 * a reduction loop) whose output element type is narrower than f32 to
 * accumulate the same products in f32 and round once to the output type:
 *   t = alloc f32; t = extf(out); contraction into t (body in f32);
 *   out = truncf(t)   (+ dealloc t when `free_temps`).
 * MLIR's CPU semantics round after every product and every add, so a
 * long-K f16 reference is far less accurate than the kernel it judges; the
 * widened one is within K*u32 of the exact sum.  A contraction whose body
 * holds anything but plain arithmetic (a truncf, a math function) is left
 * as it is.  Returns the number widened, or -1 with a reason in why. */
int wmma_widen_accumulation(MlirOperation fn, bool free_temps, char *why,
                            size_t cap);

#endif
