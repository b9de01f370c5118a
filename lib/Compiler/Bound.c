/* The magnitude-bound function of a reference (see Bound.h).
 *
 * Every value v of the bound function is a magnitude m(v) with |v| <= m(v)
 * and, for the kernel's error against the reference, err(v) <= gamma * m(v)
 * to first order, where gamma sums the relative roundings of the
 * computation (Reference.c).  Run on the absolute values of the inputs,
 * sums and products of magnitudes are already such bounds; the other
 * operations are rewritten by their Lipschitz constants L (|f'| <= L) and
 * the size of their results (each elementwise op's rule is the `bound`
 * column of wmma/Support/ElementwiseOps.def):
 *   a - b      -> a + b           -a         -> a
 *   select     -> max of both     min        -> max
 *   min(x, c >= 0), max(x, c <= 0) -> x   (clamps: |f| <= |x|, L = 1)
 *   a / c      -> a / |c|         (c a constant)
 *   a / (1 + exp(-x)) -> a (1 + x / 4)   (a times the sigmoid of x:
 *                                 |sigmoid| <= 1, L = 1/4; SiLU, sigmoid)
 *   tanh, atan -> x               (L = 1, |f(x)| <= |x|)
 *   erf        -> 2/sqrt(pi) x    (L = 2/sqrt(pi), |erf x| <= L |x|)
 *   erfc       -> 2/sqrt(pi) x + 2
 *   sin, cos   -> x + 1           (L = 1, |f| <= 1)
 *   exp        -> exp(x) (1 + x)  (err <= exp(x) (dx + u))
 *   exp2       -> exp2(x) (1 + ln2 x)
 *   fma        -> a * b + c, abs -> x; float constants -> their magnitude.
 * Functions whose derivative is unbounded on their domain (sqrt, rsqrt,
 * log, powf, division by a computed value, ...) have no such bound: the
 * rewrite reports the first one. */
#include "Bound.h"

#include "wmma/Support/CAPIUtil.h"
#include "wmma/Support/ElementwiseOps.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  MlirOperation ops[8192];
  MlirValue sigmoid_arg[8192]; /* divf a / (1 + exp(-x)): x, else null */
  int8_t clamped[8192]; /* min(x, c >= 0), max(x, c <= 0): x's operand
                          number (read before constants lose their sign),
                          else -1 */
  int n;
  char *why;
  size_t cap;
  int unsupported;
} collect;

static bool is_float(MlirType t) {
  if (mlirTypeIsAShaped(t))
    t = mlirShapedTypeGetElementType(t);
  return mlirTypeIsAFloat(t);
}

static MlirWalkResult collect_op(MlirOperation op, void *ud) {
  collect *c = ud;
  if (c->n < (int)(sizeof c->ops / sizeof c->ops[0]))
    c->ops[c->n++] = op;
  return MlirWalkResultAdvance;
}

static MlirOperation create(const char *name, MlirLocation loc, intptr_t n,
                            const MlirValue *operands, MlirType result) {
  MlirOperationState st = mlirOperationStateGet(wmma_sref(name), loc);
  mlirOperationStateAddOperands(&st, n, operands);
  mlirOperationStateAddResults(&st, 1, &result);
  return mlirOperationCreate(&st);
}

/* A float constant (scalar or splat) of v's type. */
static MlirValue splat(MlirOperation before, MlirValue like, double v) {
  MlirType t = mlirValueGetType(like);
  MlirType et = mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
  MlirAttribute a = mlirFloatAttrDoubleGet(mlirTypeGetContext(t), et, v);
  if (mlirTypeIsAShaped(t))
    a = mlirDenseElementsAttrSplatGet(t, a);
  MlirNamedAttribute na = mlirNamedAttributeGet(
      mlirIdentifierGet(mlirTypeGetContext(t), wmma_sref("value")), a);
  MlirOperationState st = mlirOperationStateGet(
      wmma_sref("arith.constant"), mlirOperationGetLocation(before));
  mlirOperationStateAddResults(&st, 1, &t);
  mlirOperationStateAddAttributes(&st, 1, &na);
  MlirOperation c = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, c);
  return mlirOperationGetResult(c, 0);
}

/* Inserts `name`(operands) before `at` and returns its result. */
static MlirValue emit(MlirOperation at, const char *name, intptr_t n,
                      const MlirValue *operands) {
  MlirOperation op = create(name, mlirOperationGetLocation(at), n, operands,
                            mlirValueGetType(operands[0]));
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(at), at, op);
  return mlirOperationGetResult(op, 0);
}

/* Replaces op's single result by v and erases op. */
static void replace(MlirOperation op, MlirValue v) {
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), v);
  mlirOperationDestroy(op);
}

static bool is(MlirOperation op, const char *name) { return wmma_op_is(op, name); }

static bool in_math(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length > 5 && !memcmp(n.data, "math.", 5);
}

/* The magnitude of a float constant (scalar or dense splat). */
static void abs_constant(MlirOperation op) {
  MlirAttribute v = wmma_attr(op, "value");
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (mlirAttributeIsAFloat(v)) {
    double d = fabs(mlirFloatAttrGetValueDouble(v));
    mlirOperationSetAttributeByName(
        op, wmma_sref("value"),
        mlirFloatAttrDoubleGet(mlirTypeGetContext(t), t, d));
  } else if (mlirAttributeIsADenseFPElements(v) &&
             mlirDenseElementsAttrIsSplat(v)) {
    MlirAttribute e = mlirDenseElementsAttrGetSplatValue(v);
    double d = fabs(mlirFloatAttrGetValueDouble(e));
    MlirType et = mlirShapedTypeGetElementType(t);
    mlirOperationSetAttributeByName(
        op, wmma_sref("value"),
        mlirDenseElementsAttrSplatGet(
            t, mlirFloatAttrDoubleGet(mlirTypeGetContext(t), et, d)));
  }
}

static MlirOperation def(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v)
                                 : (MlirOperation){NULL};
}

static bool is_float_const(MlirValue v, double want) {
  MlirOperation d = def(v);
  if (mlirOperationIsNull(d) || !wmma_op_is(d, "arith.constant"))
    return false;
  MlirAttribute a = wmma_attr(d, "value");
  if (mlirAttributeIsADenseFPElements(a) && mlirDenseElementsAttrIsSplat(a))
    a = mlirDenseElementsAttrGetSplatValue(a);
  return mlirAttributeIsAFloat(a) && mlirFloatAttrGetValueDouble(a) == want;
}

/* x when v is -x (negf x, or 0 - x); null otherwise. */
static MlirValue negated(MlirValue v) {
  MlirOperation d = def(v);
  if (!mlirOperationIsNull(d) && wmma_op_is(d, "arith.negf"))
    return mlirOperationGetOperand(d, 0);
  if (!mlirOperationIsNull(d) && wmma_op_is(d, "arith.subf") &&
      is_float_const(mlirOperationGetOperand(d, 0), 0.0))
    return mlirOperationGetOperand(d, 1);
  return (MlirValue){NULL};
}

/* The sign of float constant v: 1 when >= 0, -1 when <= 0 (0 counts as
 * both: 2), 0 when v is not a constant. */
static int const_sign(MlirValue v) {
  MlirOperation d = def(v);
  if (mlirOperationIsNull(d) || !wmma_op_is(d, "arith.constant"))
    return 0;
  MlirAttribute a = wmma_attr(d, "value");
  if (mlirAttributeIsADenseFPElements(a) && mlirDenseElementsAttrIsSplat(a))
    a = mlirDenseElementsAttrGetSplatValue(a);
  if (!mlirAttributeIsAFloat(a))
    return 0;
  double c = mlirFloatAttrGetValueDouble(a);
  return c == 0.0 ? 2 : c > 0.0 ? 1 : -1;
}

/* Which operand is x when op clamps x against a constant on the side that
 * keeps |op| <= |x| and |op' - op| <= |x' - x|: min(x, c) with c >= 0,
 * max(x, c) with c <= 0 (TOSA's clamp to [0, FLT_MAX], ReLU); -1 otherwise.
 * Without this rule the min's bound would be max(m(x), |c|) = FLT_MAX:
 * vacuous. */
static int clamp_operand(MlirOperation op) {
  bool min = wmma_op_is(op, "arith.minimumf") || wmma_op_is(op, "arith.minnumf");
  bool max = wmma_op_is(op, "arith.maximumf") || wmma_op_is(op, "arith.maxnumf");
  if ((!min && !max) || mlirOperationGetNumOperands(op) != 2)
    return -1;
  for (int i = 0; i < 2; ++i) {
    int s = const_sign(mlirOperationGetOperand(op, i));
    if ((min && (s == 1 || s == 2)) || (max && (s == -1 || s == 2)))
      return 1 - i;
  }
  return -1;
}

/* x when divisor v is 1 + exp(-x) (either order); null otherwise. */
static MlirValue sigmoid_denominator(MlirValue v) {
  MlirOperation d = def(v);
  if (mlirOperationIsNull(d) || !wmma_op_is(d, "arith.addf"))
    return (MlirValue){NULL};
  for (int i = 0; i < 2; ++i) {
    MlirValue one = mlirOperationGetOperand(d, i);
    MlirOperation e = def(mlirOperationGetOperand(d, 1 - i));
    if (is_float_const(one, 1.0) && !mlirOperationIsNull(e) &&
        wmma_op_is(e, "math.exp"))
      return negated(mlirOperationGetOperand(e, 0));
  }
  return (MlirValue){NULL};
}

static void unbounded(MlirOperation op, collect *c) {
  MlirStringRef nm = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(c->why, c->cap, "'%.*s' (its derivative is unbounded)",
           (int)nm.length, nm.data);
}

/* Rewrites one op of the bound function by its rule in the elementwise
 * table (wmma/Support/ElementwiseOps.def); 1 if it has no bound.  Ops
 * outside the table keep themselves (linalg, memref, ...), except math
 * functions the table does not know: unbounded until it says otherwise. */
static int rewrite(MlirOperation op, MlirValue sigmoid_x, int clamped,
                   collect *c) {
  if (mlirOperationGetNumResults(op) != 1)
    return 0;
  MlirValue r = mlirOperationGetResult(op, 0);
  if (!is_float(mlirValueGetType(r)))
    return 0;
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue x = n > 0 ? mlirOperationGetOperand(op, 0) : (MlirValue){NULL};
  if (is(op, "arith.constant")) {
    abs_constant(op);
    return 0;
  }
  const wmma_elementwise_op *ew = wmma_elementwise_of(op);
  if (!ew) {
    if (!in_math(op))
      return 0;
    unbounded(op, c);
    return 1;
  }
  if (n != ew->arity)
    return 0; /* not the op the table describes: the verifier's business */
  if (clamped >= 0) {
    replace(op, mlirOperationGetOperand(op, clamped));
    return 0;
  }
  switch (ew->bound) {
  case WMMA_BOUND_KEEP:
    break;
  case WMMA_BOUND_UNBOUNDED:
    unbounded(op, c);
    return 1;
  case WMMA_BOUND_SUB_AS_ADD: {
    MlirValue ops[2] = {x, mlirOperationGetOperand(op, 1)};
    replace(op, emit(op, "arith.addf", 2, ops));
    break;
  }
  case WMMA_BOUND_OPERAND:
    replace(op, x);
    break;
  case WMMA_BOUND_MIN_AS_MAX: {
    MlirValue ops[2] = {x, mlirOperationGetOperand(op, 1)};
    replace(op, emit(op, "arith.maximumf", 2, ops));
    break;
  }
  case WMMA_BOUND_SELECT_AS_MAX: {
    MlirValue ops[2] = {mlirOperationGetOperand(op, 1),
                        mlirOperationGetOperand(op, 2)};
    replace(op, emit(op, "arith.maximumf", 2, ops));
    break;
  }
  case WMMA_BOUND_DIV: {
    MlirValue d = mlirOperationGetOperand(op, 1);
    if (!mlirValueIsNull(sigmoid_x)) {
      MlirValue q[2] = {sigmoid_x, splat(op, x, 0.25)};
      MlirValue t = emit(op, "arith.mulf", 2, q);
      MlirValue o[2] = {t, splat(op, x, 1.0)};
      MlirValue u = emit(op, "arith.addf", 2, o);
      MlirValue m[2] = {x, u};
      replace(op, emit(op, "arith.mulf", 2, m));
    } else if (!mlirValueIsAOpResult(d) ||
               !is(mlirOpResultGetOwner(d), "arith.constant")) {
      snprintf(c->why, c->cap, "division by a computed value");
      return 1;
    }
    break;
  }
  case WMMA_BOUND_ERF:
  case WMMA_BOUND_ERFC: {
    MlirValue ops[2] = {x, splat(op, x, 1.1283791670955126)};
    MlirValue m = emit(op, "arith.mulf", 2, ops);
    if (ew->bound == WMMA_BOUND_ERFC) {
      MlirValue add[2] = {m, splat(op, x, 2.0)};
      m = emit(op, "arith.addf", 2, add);
    }
    replace(op, m);
    break;
  }
  case WMMA_BOUND_PERIODIC: {
    MlirValue ops[2] = {x, splat(op, x, 1.0)};
    replace(op, emit(op, "arith.addf", 2, ops));
    break;
  }
  case WMMA_BOUND_EXP:
  case WMMA_BOUND_EXP2: {
    /* exp(x) (1 + L x) with the operation itself kept for exp(x). */
    MlirOperation after = mlirOperationGetNextInBlock(op);
    double l = ew->bound == WMMA_BOUND_EXP ? 1.0 : 0.6931471805599453;
    MlirValue lx[2] = {x, splat(after, x, l)};
    MlirValue t = emit(after, "arith.mulf", 2, lx);
    MlirValue one[2] = {t, splat(after, x, 1.0)};
    MlirValue s = emit(after, "arith.addf", 2, one);
    MlirValue prod[2] = {r, s};
    MlirValue m = emit(after, "arith.mulf", 2, prod);
    /* Every use of exp(x) but the new product reads the bound. */
    MlirOperation mop = mlirOpResultGetOwner(m);
    mlirValueReplaceAllUsesOfWith(r, m);
    mlirOperationSetOperand(mop, 0, r);
    break;
  }
  case WMMA_BOUND_FMA: {
    MlirValue ab[2] = {x, mlirOperationGetOperand(op, 1)};
    MlirValue p = emit(op, "arith.mulf", 2, ab);
    MlirValue pc[2] = {p, mlirOperationGetOperand(op, 2)};
    replace(op, emit(op, "arith.addf", 2, pc));
    break;
  }
  }
  return 0;
}

int wmma_bound_function(MlirOperation fn, const char *name, MlirOperation *out,
                        char *why, size_t cap) {
  *out = (MlirOperation){NULL};
  collect *c = calloc(1, sizeof *c);
  if (!c) {
    snprintf(why, cap, "out of memory");
    return -1;
  }
  c->why = why;
  c->cap = cap;
  MlirOperation b = mlirOperationClone(fn);
  mlirOperationSetAttributeByName(
      b, wmma_sref("sym_name"),
      mlirStringAttrGet(mlirOperationGetContext(fn), wmma_sref(name)));
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(fn), fn, b);
  mlirOperationWalk(b, collect_op, c, MlirWalkPreOrder);
  int rc = 0;
  if (c->n == (int)(sizeof c->ops / sizeof c->ops[0])) {
    snprintf(why, cap, "the function is too large to bound");
    rc = 1;
  }
  /* Patterns are read on the original operations, before any rewrite. */
  for (int i = 0; i < c->n; ++i) {
    c->sigmoid_arg[i] =
        wmma_op_is(c->ops[i], "arith.divf")
            ? sigmoid_denominator(mlirOperationGetOperand(c->ops[i], 1))
            : (MlirValue){NULL};
    c->clamped[i] = clamp_operand(c->ops[i]);
  }
  for (int i = 0; !rc && i < c->n; ++i)
    rc = rewrite(c->ops[i], c->sigmoid_arg[i], c->clamped[i], c);
  free(c);
  *out = b;
  return rc;
}
