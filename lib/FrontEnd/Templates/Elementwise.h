/* The elementwise template (Elementwise.c) and its evaluator
 * (ElementwiseEval.c): the root of a function without products evaluated
 * on runs of V contiguous elements of the output's innermost dimension. */
#ifndef WMMA_FRONTEND_TEMPLATES_ELEMENTWISE_H
#define WMMA_FRONTEND_TEMPLATES_ELEMENTWISE_H

#include "Kernel/Kernel.h"

/* How a load is read for a run of V output elements along the output's
 * innermost dimension (the "column"). */
typedef enum {
  EW_VECTOR,     /* its innermost memref dim is the column, contiguous:
                    one vector load */
  EW_UNIFORM,    /* it does not depend on the column: one scalar load,
                    broadcast */
  EW_TRANSPOSED, /* its innermost memref dim is the output's row and one
                    other dim the column: staged through an LDS tile (or
                    gathered without one) */
  EW_GATHER,     /* anything else: one scalar load per element */
} ew_access;

ew_access ew_classify(const fe_problem *p, const fe_node *x);

#define EW_MAX_STAGED 4 /* transposed loads staged in LDS (kb_lds's limit) */

/* Where this thread's run is and what the workgroup staged. */
typedef struct {
  int rank;                 /* the output's */
  int V;                    /* elements per run */
  MlirValue at[FE_MAX_RANK]; /* output position; at[rank-1]: first column */
  int nstaged;
  int staged[EW_MAX_STAGED];     /* load nodes read from LDS */
  MlirValue lds[EW_MAX_STAGED];  /* tile[col][row] of each */
  MlirValue lrow, lcol;     /* the run's position in the workgroup tile */
} ew_pos;

/* Does a read of mem need its indices checked (a view with a non-identity
 * layout in a kernel with tails)?  ew_vload: V elements along mem's last
 * dimension at idx, checked if so (one vector load when all are inside). */
bool ew_guarded(fe_kb *kb, MlirValue mem);
MlirValue ew_vload(fe_kb *kb, MlirValue mem, int n, const MlirValue *idx,
                   int V);

/* Node n (in the output's space) on the run: vector<V x type>.  The memo
 * (Kernel.h) maps nodes to values already built. */
MlirValue ew_eval(fe_kb *kb, fe_memo *m, const ew_pos *pos, int n);

#endif /* WMMA_FRONTEND_TEMPLATES_ELEMENTWISE_H */
