/* Scalar f32 error arithmetic inside a linalg body, and the running-error
 * rules of the functions (math, division by a computed value, select):
 * shared by RunningError.c (the walk) and RunningErrorMath.c (the rules).
 * Internal to the driver. */
#ifndef WMMA_COMPILER_RUNNING_ERROR_BODY_H
#define WMMA_COMPILER_RUNNING_ERROR_BODY_H

#include "mlir-c/IR.h"

#include <stdbool.h>

/* Where error arithmetic goes: before `at` in `block` (appended when at is
 * null). */
typedef struct {
  MlirContext ctx;
  MlirLocation loc;
  MlirType f32;
  MlirBlock block;
  MlirOperation at;
  /* How far from the reference's value the rules take an operand to be
   * when they bound a derivative or a comparison's flip: e itself (1) for
   * worst-case bounds, lambda e for probabilistic ones, whose e is a
   * sub-Gaussian scale (RunningError.c, "Probabilistic bounds"). */
  double reach;
} re_body;

/* Inserts op at the insertion point and returns its result 0 (null when it
 * has none). */
MlirValue re_put(re_body *b, MlirOperation op);
MlirValue re_const(re_body *b, double c);
MlirValue re_op1(re_body *b, const char *name, MlirValue x);
MlirValue re_op2(re_body *b, const char *name, MlirValue x, MlirValue y);
/* v (any float type the rules know) in f32, and |v| in f32. */
MlirValue re_f32(re_body *b, MlirValue v);
MlirValue re_abs(re_body *b, MlirValue v);
/* e + c |v| (e itself when c is 0; e where v is infinite: see
 * RunningErrorMath.c on infinities). */
MlirValue re_add_scaled(re_body *b, MlirValue e, MlirValue v, double c);
/* x * y of two error terms (both >= 0), 0 where one is 0 and the other
 * infinite. */
MlirValue re_mul(re_body *b, MlirValue x, MlirValue y);
/* e, or 0 where the operands' errors ex (and ey, when not null) are 0:
 * operands equal in kernel and reference give equal results of a
 * correctly rounded operation both evaluate as written (see
 * RunningError.c, "Replayed elementwise operations"). */
MlirValue re_zero_if_exact(re_body *b, MlirValue e, MlirValue ex, MlirValue ey);

/* The error of op's result when op is a math function the rules know
 * (exp, exp2, tanh, erf, erfc, sqrt, rsqrt, log) or a division by a
 * computed value: errs[i] is operand i's error.  Null when op is none of
 * these. */
MlirValue re_function_error(re_body *b, MlirOperation op, const MlirValue *errs);

/* select(c, x, y) with c = cmpf(p, q) (p null when c cannot flip: not a
 * comparison of floats): max(e(x), e(y)), plus |x - y| where |p - q| <=
 * e(p) + e(q), i.e. where the kernel's comparison may go the other way. */
MlirValue re_select_error(re_body *b, MlirValue x, MlirValue ex, MlirValue y,
                          MlirValue ey, MlirValue p, MlirValue ep, MlirValue q,
                          MlirValue eq);

/* Probabilistic bounds (RunningError.c): the step of contraction g (nin
 * inputs, its body `body`) whose term's error adds in quadrature -- the
 * add of a term to the accumulator of its only float output (index *out),
 * reaching the yield through extf and truncf alone -- or null (the linear
 * rules then bound it, which bound the probabilistic one too). */
MlirOperation re_quadrature_step(MlirOperation g, MlirBlock body, intptr_t nin,
                                 intptr_t *out);
/* e += sqrt(sq) element-wise, a generic inserted at `at`: a contraction's
 * linear part (its initial error, its sums' rounding) and its terms'
 * errors in quadrature. */
void re_add_quadrature(re_body *at, MlirValue sq, MlirValue e);

#endif
