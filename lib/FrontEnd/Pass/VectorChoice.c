/* A matrix-vector product the problem took as a GEMM of one token
 * (Problem/ProblemVector.c: M = 1 under the rule that sends an M = 1
 * linalg.matmul to WMMA) is the decode template's alone: its vector is
 * read through a one-row view no other WMMA template reads.  When the
 * decode template refuses it (a pin it cannot honour, a type it has no
 * WMMA for), the function is built again as a VALU problem -- where
 * matrix-vector products went before -- and the VALU template takes it,
 * its remark carrying the decode template's obstacle. */
#include "Pass/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fe_vector_fallback(MlirOperation func, MlirOperation norm,
                       fe_problem **pp, const fe_options *fo,
                       const wmma_chip_info *chip, const fe_template **t,
                       fe_schedule *s, char *why, size_t cap) {
  fe_problem *p = *pp;
  if (p->shape != FE_SHAPE_GEMM || !p->gemms[0].unit_m || fo->pinned)
    return -1;
  fe_problem *q = fe_valu_problem_of(func, norm, p, fo);
  if (!q)
    return -1;
  char vwhy[FE_WHY] = "";
  if (fe_select(q, chip, fo, t, s, vwhy, sizeof vwhy)) {
    fe_problem_free(q);
    free(q);
    return -1;
  }
  /* The remark says why the decode template did not take it. */
  size_t len = strlen(q->valu.why);
  if (len + 32 < sizeof q->valu.why)
    snprintf(q->valu.why + len, sizeof q->valu.why - len,
             " (as a GEMM of one token: %.*s)",
             (int)(sizeof q->valu.why - len - 32), why);
  (void)cap;
  fe_problem_free(p);
  free(p);
  *pp = q;
  return 0;
}
