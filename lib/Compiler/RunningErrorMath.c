/* Running-error rules of functions (see RunningErrorBody.h), and the f32
 * arithmetic that builds them.
 *
 * x is the reference's argument, e its error bound, r = f(x) the
 * reference's result, U one ulp (2u) of the result's type.  Each rule is
 * the propagated error -- a bound of |f'| over [x - e, x + e] times e, or
 * an exact bound of |f(x') - f(x)| where that is as cheap -- plus the
 * function's own error, the kernel's and the reference's together:
 *   exp x    r e exp(e)              + (4 + |x|) U |r|
 *   exp2 x   r e exp(e)              + (4 + |x|) U |r|
 *   tanh x   min(1, 4 exp(-2m)) e    + 8 U         (|tanh| <= 1)
 *   erf x    2/sqrt(pi) exp(-m^2) e  + 8 U         (|erf| <= 1)
 *   erfc x   2/sqrt(pi) exp(-m^2) e  + 16 U        (|erfc| <= 2)
 *            (m = max(|x| - e, 0): |f'| is largest there)
 *   sqrt x   min(e / r, sqrt(e))     + 2 U |r|     (|sqrt x' - sqrt x|
 *                                                   = |x' - x| / (sqrt x'
 *                                                   + sqrt x))
 *   rsqrt x  e / (2 (x - e)^(3/2))   + 4 U |r|     (infinite unless x > e)
 *   log x    e / (x - e)             + 4 U (|r| + 1) (infinite unless x > e)
 *   a / c    (e(a) + |r| e(c)) / (|c| - e(c)) + 2 U |r|
 *                                    (infinite unless |c| > e(c))
 * For the probabilistic bound (RunningError.c) e is a scale, not a
 * bound: the intervals [x - e, x + e] above are [x - lambda e, x + lambda e]
 * (re_body.reach), and so is the select's flip test.
 * The own errors: the reference runs glibc's f32 libm (expf, logf, sqrtf
 * within 1 ulp; tanhf, erff within 2); the kernel runs the AMDGPU
 * backend's exp and log (v_exp_f32 / v_log_f32, 1 ulp, after scaling the
 * argument by log2(e): a relative |x| u more for exp), sqrt (correctly
 * rounded), rsqrt as 1 / sqrt (two roundings), and MLIR's polynomial
 * approximations of tanh (through exp), erf and erfc, whose absolute
 * error is a few ulp of 1 (lib/Pipeline/MathApprox.cpp).  The counts
 * above cover both with room.
 *
 * Infinities: a mask writes -inf into the scores (a select, or an added
 * bias) and the reference's values stay -inf through the row max's
 * shift to an exact 0 in the exponential.  Such a value comes from exact
 * infinities, so its rounding adds nothing (re_add_scaled), and a bound
 * term multiplying 0 by an infinity is 0 (re_mul): |0 - 0| = 0 where
 * exp(-inf) meets (4 + |x|) U |r|, or an exact 0 meets an infinite
 * value's error.  Without that, 0 x inf gave NaN bounds and every masked
 * attention output failed. */
#include "RunningErrorBody.h"

#include "RefIr.h"
#include "wmma/Support/Builder.h"
#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>

MlirValue re_put(re_body *b, MlirOperation op) {
  if (mlirOperationIsNull(b->at))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->at, op);
  return mlirOperationGetNumResults(op) ? mlirOperationGetResult(op, 0)
                                        : (MlirValue){NULL};
}

MlirValue re_const(re_body *b, double c) {
  MlirNamedAttribute v =
      wb_named(b->ctx, "value", mlirFloatAttrDoubleGet(b->ctx, b->f32, c));
  return re_put(b, wmma_detached_op("arith.constant", b->loc, 0, NULL, 1, &b->f32,
                                    1, &v, NULL));
}

MlirValue re_op1(re_body *b, const char *name, MlirValue x) {
  return re_put(b, wmma_detached_op(name, b->loc, 1, &x, 1, &b->f32, 0, NULL, NULL));
}

MlirValue re_op2(re_body *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  return re_put(b, wmma_detached_op(name, b->loc, 2, ops, 1, &b->f32, 0, NULL, NULL));
}

MlirValue re_f32(re_body *b, MlirValue v) {
  return mlirTypeIsAF32(mlirValueGetType(v)) ? v : re_op1(b, "arith.extf", v);
}

MlirValue re_abs(re_body *b, MlirValue v) { return re_op1(b, "math.absf", re_f32(b, v)); }

static MlirValue compare(re_body *b, int predicate, MlirValue x, MlirValue y) {
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  MlirNamedAttribute pred = wb_named(
      b->ctx, "predicate",
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), predicate));
  MlirValue ops[2] = {x, y};
  return re_put(b, wmma_detached_op("arith.cmpf", b->loc, 2, ops, 1, &i1, 1, &pred,
                                    NULL));
}

static MlirValue select(re_body *b, MlirValue c, MlirValue x, MlirValue y) {
  MlirValue ops[3] = {c, x, y};
  return re_put(b, wmma_detached_op("arith.select", b->loc, 3, ops, 1, &b->f32, 0,
                                    NULL, NULL));
}

MlirValue re_add_scaled(re_body *b, MlirValue e, MlirValue v, double c) {
  if (c == 0)
    return e;
  MlirValue av = re_abs(b, v);
  MlirValue inf = re_const(b, INFINITY);
  MlirValue finite = compare(b, 4 /* olt */, av, inf);
  MlirValue scale = re_const(b, c);
  MlirValue scaled = re_op2(b, "arith.mulf", av, scale);
  MlirValue zero = re_const(b, 0.0);
  MlirValue term = select(b, finite, scaled, zero);
  return re_op2(b, "arith.addf", e, term);
}

static MlirValue add(re_body *b, MlirValue x, MlirValue y) {
  return re_op2(b, "arith.addf", x, y);
}

MlirValue re_mul(re_body *b, MlirValue x, MlirValue y) {
  /* Error terms are >= 0: the product is NaN only as 0 x inf. */
  MlirValue p = re_op2(b, "arith.mulf", x, y);
  MlirValue zero = re_const(b, 0.0);
  return re_op2(b, "arith.maxnumf", p, zero);
}

MlirValue re_zero_if_exact(re_body *b, MlirValue e, MlirValue ex, MlirValue ey) {
  MlirValue zero = re_const(b, 0.0);
  MlirValue exact = compare(b, 1 /* oeq */, ex, zero);
  if (!mlirValueIsNull(ey)) {
    MlirValue exact_y = compare(b, 1 /* oeq */, ey, zero);
    MlirValue ops[2] = {exact, exact_y};
    MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
    exact = re_put(b, wmma_detached_op("arith.andi", b->loc, 2, ops, 1, &i1, 0, NULL, NULL));
  }
  return select(b, exact, zero, e);
}

static MlirValue mul(re_body *b, MlirValue x, MlirValue y) {
  return re_op2(b, "arith.mulf", x, y);
}

/* e widened by the body's reach (lambda for probabilistic bounds). */
static MlirValue spread(re_body *b, MlirValue e) {
  return b->reach > 1 ? mul(b, e, re_const(b, b->reach)) : e;
}

/* max(v, 0): a denominator that may reach 0 gives an infinite bound. */
static MlirValue positive_part(re_body *b, MlirValue v) {
  return re_op2(b, "arith.maxnumf", v, re_const(b, 0.0));
}

MlirValue re_function_error(re_body *b, MlirOperation op, const MlirValue *errs) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (mlirOperationGetNumResults(op) != 1 || n < 1)
    return (MlirValue){NULL};
  MlirValue r = mlirOperationGetResult(op, 0), x = mlirOperationGetOperand(op, 0);
  MlirValue e = errs[0];
  double ulp = 2.0 * wmma_unit_roundoff(mlirValueGetType(r));
  if (ulp == 0)
    return (MlirValue){NULL};
  if (n == 1 && (wmma_op_is(op, "math.exp") || wmma_op_is(op, "math.exp2"))) {
    MlirValue ar = re_abs(b, r);
    MlirValue prop = re_mul(b, ar, e);
    prop = re_mul(b, prop, re_op1(b, "math.exp", spread(b, e)));
    MlirValue rel = re_const(b, 4.0);
    rel = add(b, rel, re_abs(b, x));
    MlirValue own = re_mul(b, ar, rel);
    return add(b, prop, mul(b, own, re_const(b, ulp)));
  }
  /* tanh' and erf' fall off away from 0: bounded over [x - e, x + e] by
   * their value at m = max(|x| - e, 0), the point nearest 0 (GELU's
   * x erf(x) would otherwise charge |x| e for large |x|). */
  MlirValue m = {NULL};
  if (n == 1 && (wmma_op_is(op, "math.tanh") || wmma_op_is(op, "math.erf") ||
                 wmma_op_is(op, "math.erfc"))) {
    MlirValue ax = re_abs(b, x), far = spread(b, e);
    m = positive_part(b, re_op2(b, "arith.subf", ax, far));
  }
  if (n == 1 && wmma_op_is(op, "math.tanh")) {
    /* 1 - tanh^2 m = 1 / cosh^2 m <= min(1, 4 exp(-2 m)), no cancellation. */
    MlirValue d = re_op1(b, "math.exp", mul(b, m, re_const(b, -2.0)));
    d = mul(b, d, re_const(b, 4.0));
    d = re_op2(b, "arith.minimumf", d, re_const(b, 1.0));
    MlirValue prop = mul(b, d, e);
    return add(b, prop, re_const(b, 8.0 * ulp));
  }
  if (n == 1 && (wmma_op_is(op, "math.erf") || wmma_op_is(op, "math.erfc"))) {
    double own = (wmma_op_is(op, "math.erf") ? 8.0 : 16.0) * ulp;
    MlirValue d = re_op1(b, "math.exp", re_op1(b, "arith.negf", mul(b, m, m)));
    d = mul(b, d, re_const(b, 1.1283791670955126));
    MlirValue prop = mul(b, d, e);
    return add(b, prop, re_const(b, own));
  }
  if (n == 1 && wmma_op_is(op, "math.sqrt")) {
    /* e / r is NaN where e = r = 0; minnumf takes sqrt(e) = 0 then. */
    MlirValue q = re_op2(b, "arith.divf", e, re_abs(b, r));
    MlirValue prop = re_op2(b, "arith.minnumf", q, re_op1(b, "math.sqrt", e));
    return re_add_scaled(b, prop, r, 2.0 * ulp);
  }
  if (n == 1 && wmma_op_is(op, "math.rsqrt")) {
    MlirValue xf = re_f32(b, x), far = spread(b, e);
    MlirValue low = positive_part(b, re_op2(b, "arith.subf", xf, far));
    MlirValue s = re_op1(b, "math.rsqrt", low);
    MlirValue cube = mul(b, mul(b, s, s), s);
    MlirValue prop = mul(b, e, cube);
    prop = mul(b, prop, re_const(b, 0.5));
    return re_add_scaled(b, prop, r, 4.0 * ulp);
  }
  if (n == 1 && wmma_op_is(op, "math.log")) {
    MlirValue xf = re_f32(b, x), far = spread(b, e);
    MlirValue low = positive_part(b, re_op2(b, "arith.subf", xf, far));
    MlirValue prop = re_op2(b, "arith.divf", e, low);
    prop = re_add_scaled(b, prop, r, 4.0 * ulp);
    return add(b, prop, re_const(b, 4.0 * ulp));
  }
  if (n == 2 && wmma_op_is(op, "arith.divf")) {
    MlirValue c = mlirOperationGetOperand(op, 1), ec = errs[1];
    MlirValue ar = re_abs(b, r);
    MlirValue num = add(b, errs[0], mul(b, ar, ec));
    MlirValue ac = re_abs(b, c), far = spread(b, ec);
    MlirValue den = positive_part(b, re_op2(b, "arith.subf", ac, far));
    return re_add_scaled(b, re_op2(b, "arith.divf", num, den), r, 2.0 * ulp);
  }
  return (MlirValue){NULL};
}

MlirValue re_select_error(re_body *b, MlirValue x, MlirValue ex, MlirValue y,
                          MlirValue ey, MlirValue p, MlirValue ep, MlirValue q,
                          MlirValue eq) {
  MlirValue e = re_op2(b, "arith.maximumf", ex, ey);
  if (mlirValueIsNull(p))
    return e;
  /* The comparison may flip where the operands are within their errors
   * (with room for the rounding of p - q in f32). */
  MlirValue pf = re_f32(b, p), qf = re_f32(b, q);
  MlirValue gap = re_op1(b, "math.absf", re_op2(b, "arith.subf", pf, qf));
  MlirValue reach = spread(b, add(b, ep, eq));
  reach = mul(b, reach, re_const(b, 1.0 + ldexp(1.0, -20)));
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  MlirNamedAttribute ole = wb_named(
      b->ctx, "predicate",
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 5 /* ole */));
  MlirValue cmp_ops[2] = {gap, reach};
  MlirValue may = re_put(b, wmma_detached_op("arith.cmpf", b->loc, 2, cmp_ops, 1, &i1,
                                             1, &ole, NULL));
  MlirValue xf = re_f32(b, x), yf = re_f32(b, y);
  MlirValue jump = re_op1(b, "math.absf", re_op2(b, "arith.subf", xf, yf));
  MlirValue sel_ops[3] = {may, jump, re_const(b, 0.0)};
  MlirValue flip = re_put(b, wmma_detached_op("arith.select", b->loc, 3, sel_ops, 1,
                                              &b->f32, 0, NULL, NULL));
  return add(b, e, flip);
}
