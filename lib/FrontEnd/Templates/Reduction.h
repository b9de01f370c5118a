/* The reduction template's internals (Reduction.c builds the kernel and
 * combines the waves' partials through LDS; ReductionEval.c evaluates
 * row-space nodes and combines partial results across a wave's lanes). */
#ifndef WMMA_FRONTEND_TEMPLATES_REDUCTION_H
#define WMMA_FRONTEND_TEMPLATES_REDUCTION_H

#include "Kernel/Kernel.h"

/* The row form's lanes per workgroup, a wave's, and the vectors of a
 * row per lane kept in registers (Reduction.c, Schedule/PlainCost.c). */
#define RED_THREADS 256
#define RED_WAVE 32
#define RED_MAX_CHUNKS 4

/* A point of the row space as a thread sees it: every dimension's index;
 * with width > 1, the single axis holds the first of `width` consecutive
 * elements.  Nodes evaluate to vector<width x T>. */
typedef struct {
  MlirValue at[FE_MAX_LOOPS];
  int width;
  MlirValue red[FE_MAX_REDUCTIONS]; /* the row's reduction results (scalars) */
  MlirValue *memo;                  /* node -> value at this point */
} fe_red_point;

/* Node n of the row space at point pt (memo: pt->memo, cleared by the
 * caller for each new point). */
MlirValue fe_red_eval(fe_kb *kb, fe_red_point *pt, int n);
/* The combiner's identity in type t (-inf for a max, 0 for a sum, ...). */
MlirValue fe_red_identity(fe_kb *kb, const char *combine, MlirType t);
/* combine(a, b), scalars or vectors of the reduction's type. */
MlirValue fe_red_combine(fe_kb *kb, const char *combine, MlirValue a,
                         MlirValue b);
/* The combination of the scalar across the `lanes` consecutive lanes of
 * its group (a power of two up to 32), in every one of them: DPP row_xmask
 * within rows of 16 lanes, v_permlanex16 across them. */
MlirValue fe_red_lanes(fe_kb *kb, const char *combine, MlirValue v,
                       int lanes);
/* A scalar as the 32-bit float an LDS slot holds, and back (exact:
 * 16-bit floats widen, i32 travels as its bits). */
MlirValue fe_red_to_slot(fe_kb *kb, MlirValue v);
MlirValue fe_red_from_slot(fe_kb *kb, MlirValue v, MlirType t);

#endif /* WMMA_FRONTEND_TEMPLATES_REDUCTION_H */
