/* The running-error function of a reference (see RunningError.h).
 *
 * The magnitude bound (Bound.c) charges every rounding relative to m(v),
 * the function run on |inputs|; for a product of computed values with
 * cancellation m(a) m(b) >> |a| |b|, and through a chain of contractions
 * the bound grows by a factor of about sqrt(K) per layer beyond the value:
 * four f16 GEMMs of K = 64 gave a vacuous check.  This function computes,
 * next to each value v as the reference does, a bound e(v) on
 * |kernel - reference| (running error analysis), with the reference's own
 * values where the magnitude bound has m:
 *   a * b      e = |a| e(b) + e(a) |b| + e(a) e(b) + 2u |ab|
 *   a +- b     e = e(a) + e(b) + 2u |a +- b|
 *   truncf     e = e(x) + 2u |r|      (u of the result type; kernel and
 *   a / c      e = e(a) / |c| + 2u |r|  reference each round once: 2u)
 *   extf, negf, absf -> e(x);  min, max -> max(e(a), e(b));  constants,
 *   inputs -> 0;
 *   select(c, a, b) -> max(e(a), e(b)), plus |a - b| where c compares
 *                      floats within their errors (it may flip);
 *   math functions (exp, exp2, tanh, erf, erfc, sqrt, rsqrt, log) and
 *   division by a computed value: RunningErrorMath.c (derivative bound
 *   times e(x) plus the function's own error).
 * In a contraction (a linalg.generic with reduction loops, K their length
 * and u that of its accumulator) the reference and the kernel sum the
 * same terms in different orders: each term t added to the accumulator
 * adds 2 K u |t| (2 K u sum |t| over the sum, Reference.c's rule), a
 * natively accumulating kernel ceil(K/16) u16 |t| more, and a product that
 * is not exact in the accumulator 2u |t|.  The result is multiplied by
 * kSafety before it is stored in the output's type: that covers the
 * rounding of e's own f32 arithmetic and of its store, and the products
 * u e(x) the rules drop (e is at most 1 + 2^-7 larger for them, over any
 * depth the project builds).
 *
 * Replayed elementwise operations: outside contractions, truncf, mulf,
 * addf and subf of operands whose errors are 0 (inputs, constants, and
 * such results) get error 0, not 2u: both sides evaluate the same
 * correctly rounded operation on equal operands (the kernels replay an
 * elementwise operand's body as written, Kernel/Prologue.c, without
 * contracting a multiply-add).  An fp8 KV cache's dequantisation,
 * f16(f32(x) * scale), is exact in this sense; charging it two f16
 * roundings per element made the decode-attention bound (d = 128 scores)
 * about 8x looser than the rest of it.  Math functions and divisions keep
 * their rules (libm and the GPU's sequences differ).
 *
 * Normalisations need no rule of their own: LayerNorm's and RMSNorm's
 * sums (2 K u32 sum |term| each, K the row length), their division by the
 * constant K, rsqrt's derivative rule on mean(x^2) or the variance plus
 * epsilon, and the affine step's products, sums and output rounding
 * compose to their bound.
 *
 * Probabilistic bounds (lambda > 0, wmma-run --bound probabilistic): the
 * worst case is vacuous through chains of contractions (the LLaMA block:
 * sum |a| e(b) is about sqrt(K) times |sum a b| per layer, and rsqrt's
 * argument ends within its own bound).  Under Higham & Mary's model
 * (2019) -- rounding errors independent with mean zero -- e is instead a
 * sub-Gaussian scale of kernel - reference: a mean-zero error within c has
 * scale c (Hoeffding's lemma), scales of dependent errors add (the rules
 * above, unchanged), those of independent ones add in quadrature.  So in a
 * contraction each sum's rounding is a martingale of increments within
 * u |partial sum| <= u sum |t| (scale sqrt(K) u sum |t| per side; native
 * accumulation sqrt(ceil(K/16)) u16), and the terms' errors e(t), taken
 * as independent across the reduction, add in quadrature: their squares
 * are summed in a buffer beside the output's error and sqrt of it added
 * after the generic (RunningErrorQuadrature.c; a generic whose step is
 * not a plain add into one output keeps the linear sum, a larger scale).
 * The stored bound is lambda kSafety e, and |kernel - reference| exceeds
 * lambda e with probability <= 2 exp(-lambda^2 / 2) per element (3e-8 for
 * lambda = 6).  Derivatives and comparison flips are taken over
 * [x - lambda e, x + lambda e] (re_body.reach).  Not covered: errors that
 * share a factor along the reduction (a normaliser's rsqrt or softmax
 * denominator, an upstream error feeding q and k alike) are correlated,
 * not independent -- they add in quadrature all the same; and the
 * libraries' systematic errors (exp's, division's) are not mean zero.
 *
 * Only straight-line functions of memref.alloc/dealloc/copy/dim, views
 * (subview, expand/collapse_shape, cast, reinterpret_cast, transpose: the
 * same view of the error buffer) and linalg.generic with the operations
 * above in their bodies are rewritten; anything else (loops, calls)
 * returns 1 and the magnitude bound alone judges.  The two bounds are
 * both sound: wmma-run takes the smaller per element, and the running one
 * alone where the magnitude bound has no rule (sqrt, rsqrt, log, division
 * by a computed value). */
#include "RunningError.h"
#include "RefIr.h"
#include "RunningErrorBody.h"
#include "WidenAccumulation.h"

#include "wmma/Support/Builder.h"
#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const double kSafety = 1.25;

#define MAX_SHADOWS 1024
#define MAX_ARGS 64

typedef struct {
  MlirValue v[MAX_SHADOWS], e[MAX_SHADOWS];
  int n;
} shadow_map;

typedef struct {
  MlirContext ctx;
  MlirLocation loc;
  MlirType f32;
  shadow_map buffers;       /* float memrefs -> their f32 error buffers */
  MlirValue allocs[MAX_SHADOWS];
  int nallocs;
  bool written[MAX_ARGS];   /* float memref arguments the function writes */
  MlirBlock entry;
  bool native;
  double lambda; /* 0: worst case; > 0: probabilistic, e a sub-Gaussian scale */
  char *why;
  size_t cap;
} rewriter;

static MlirValue lookup(const shadow_map *m, MlirValue v) {
  for (int i = 0; i < m->n; ++i)
    if (mlirValueEqual(m->v[i], v))
      return m->e[i];
  return (MlirValue){NULL};
}

static int bind(shadow_map *m, MlirValue v, MlirValue e) {
  if (m->n == MAX_SHADOWS)
    return 1;
  m->v[m->n] = v;
  m->e[m->n++] = e;
  return 0;
}

static MlirType elem(MlirType t) {
  return mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
}

static bool is_float(MlirType t) { return mlirTypeIsAFloat(elem(t)); }

/* Inserts op before `at` (or appends it to block) and returns result 0. */
static MlirValue put(MlirBlock block, MlirOperation at, MlirOperation op) {
  re_body b = {{NULL}, {NULL}, {NULL}, block, at, 1.0};
  return re_put(&b, op);
}

/* Error arithmetic before `at` in block. */
static re_body body_at(const rewriter *r, MlirBlock block, MlirOperation at) {
  return (re_body){r->ctx, r->loc, r->f32, block, at, r->lambda > 0 ? r->lambda : 1.0};
}

static bool op_is(MlirOperation op, const char *n) { return wmma_op_is(op, n); }

static MlirOperation def(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

/* Is v exact in an f32 product: an extf from a type of at most 12
 * significand bits? */
static bool narrow_extended(MlirValue v) {
  MlirOperation d = def(v);
  return !mlirOperationIsNull(d) && op_is(d, "arith.extf") &&
         2 * wmma_significand_bits(mlirValueGetType(mlirOperationGetOperand(d, 0))) <= 24;
}

static int fail(rewriter *r, MlirOperation op, const char *what) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  snprintf(r->why, r->cap, "%s '%.*s'", what, (int)n.length, n.data);
  return 1;
}

/* The error of a scalar used in a body: its shadow, or 0 for constants
 * and function arguments (inputs are exact). */
static MlirValue scalar_error(rewriter *r, re_body *b, shadow_map *m, MlirValue v) {
  MlirValue e = lookup(m, v);
  if (!mlirValueIsNull(e))
    return e;
  MlirOperation d = def(v);
  if ((!mlirOperationIsNull(d) && op_is(d, "arith.constant")) ||
      (mlirValueIsABlockArgument(v) &&
       mlirBlockEqual(mlirBlockArgumentGetOwner(v), r->entry)))
    return re_const(b, 0.0);
  return (MlirValue){NULL};
}

/* Views of a buffer: the same view of its error buffer carries its
 * elements' errors (the first operand is the viewed buffer). */
static bool is_view(MlirOperation op) {
  static const char *const kViews[] = {
      "memref.subview",      "memref.expand_shape", "memref.collapse_shape",
      "memref.cast",         "memref.reinterpret_cast", "memref.transpose"};
  for (size_t i = 0; i < sizeof kViews / sizeof kViews[0]; ++i)
    if (op_is(op, kViews[i]))
      return true;
  return false;
}

/* Marks the argument that v is (or is a view of) as written. */
static void mark_written(rewriter *r, MlirValue v) {
  for (int depth = 0; depth < 64; ++depth) {
    MlirOperation d = def(v);
    if (mlirOperationIsNull(d) || !is_view(d))
      break;
    v = mlirOperationGetOperand(d, 0);
  }
  if (mlirValueIsABlockArgument(v) &&
      mlirBlockEqual(mlirBlockArgumentGetOwner(v), r->entry) &&
      mlirBlockArgumentGetArgNumber(v) < MAX_ARGS)
    r->written[mlirBlockArgumentGetArgNumber(v)] = true;
}

/* The view op of the error buffer of its source, before `at`: the same
 * operands and attributes, f32 elements in the same shape and layout. */
static int view_error(rewriter *r, MlirBlock block, MlirOperation at, MlirOperation op) {
  MlirValue v = mlirOperationGetResult(op, 0);
  MlirValue es = lookup(&r->buffers, mlirOperationGetOperand(op, 0));
  if (mlirValueIsNull(es))
    return fail(r, op, "a view of a buffer without an error buffer:");
  MlirType t = mlirValueGetType(v);
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[16];
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  MlirType et = mlirMemRefTypeGet(r->f32, rank, shape, mlirMemRefTypeGetLayout(t),
                                  mlirMemRefTypeGetMemorySpace(t));
  intptr_t nops = mlirOperationGetNumOperands(op), nattrs = mlirOperationGetNumAttributes(op);
  MlirValue ops[32];
  MlirNamedAttribute attrs[16];
  if (nops > 32 || nattrs > 16)
    return fail(r, op, "a view with too many operands:");
  for (intptr_t i = 0; i < nops; ++i)
    ops[i] = i ? mlirOperationGetOperand(op, i) : es;
  for (intptr_t i = 0; i < nattrs; ++i)
    attrs[i] = mlirOperationGetAttribute(op, i);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  char nm[64];
  wmma_copy_ref(nm, sizeof nm, name);
  MlirValue ev = put(block, at, wmma_detached_op(nm, r->loc, nops, ops, 1, &et, nattrs,
                                                 attrs, NULL));
  if (mlirValueIsNull(ev) || bind(&r->buffers, v, ev))
    return fail(r, op, "too many buffers at");
  return 0;
}

/* Is every use of comparison c the condition of a float select? */
static bool compared_by_selects(MlirValue c) {
  for (MlirOpOperand u = mlirValueGetFirstUse(c); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (!op_is(user, "arith.select") || mlirOpOperandGetOperandNumber(u) != 0 ||
        !is_float(mlirValueGetType(mlirOperationGetResult(user, 0))))
      return false;
  }
  return true;
}

/* The error of select(c, x, y) (RunningErrorMath.c's rule): c exact, or a
 * comparison of floats of known errors.  0, or 1 with an operand of
 * unknown error. */
static int select_error(rewriter *r, re_body *b, shadow_map *m, MlirOperation op,
                        MlirValue *e) {
  MlirValue c = mlirOperationGetOperand(op, 0);
  MlirValue x = mlirOperationGetOperand(op, 1), y = mlirOperationGetOperand(op, 2);
  MlirValue ex = scalar_error(r, b, m, x), ey = scalar_error(r, b, m, y);
  if (mlirValueIsNull(ex) || mlirValueIsNull(ey))
    return 1;
  MlirValue p = {NULL}, q = {NULL}, ep = {NULL}, eq = {NULL};
  MlirOperation d = def(c);
  if (!mlirOperationIsNull(d) && op_is(d, "arith.cmpf")) {
    p = mlirOperationGetOperand(d, 0);
    q = mlirOperationGetOperand(d, 1);
    ep = scalar_error(r, b, m, p);
    eq = scalar_error(r, b, m, q);
    if (mlirValueIsNull(ep) || mlirValueIsNull(eq))
      return 1;
  }
  *e = re_select_error(b, x, ex, y, ey, p, ep, q, eq);
  return 0;
}

static MlirValue error_buffer(rewriter *r, MlirBlock block, MlirOperation at,
                              MlirValue v);

/* Rewrites one linalg.generic: an error operand beside each float memref
 * operand, the error of each body value computed beside it, the errors
 * yielded after the values.  0, or 1 (why says which op). */
static int rewrite_generic(rewriter *r, MlirOperation g, double k) {
  intptr_t nops = mlirOperationGetNumOperands(g);
  MlirAttribute seg = wmma_attr(g, "operandSegmentSizes");
  if (mlirAttributeIsNull(seg) || mlirDenseArrayGetNumElements(seg) != 2)
    return fail(r, g, "a generic without operand segments:");
  int32_t nin = mlirDenseI32ArrayGetElement(seg, 0);
  MlirAttribute maps = wmma_attr(g, "indexing_maps");
  MlirRegion region = mlirOperationGetRegion(g, 0);
  MlirBlock body = mlirRegionGetFirstBlock(region);
  if (nops > 32 || mlirBlockGetNumArguments(body) != nops)
    return fail(r, g, "an unsupported");
  bool reduction = k > 0;
  MlirOperation after = mlirOperationGetNextInBlock(g);
  /* Probabilistic bounds: the sum of squares of the terms' errors, in a
   * buffer beside the output's error (combined after the generic). */
  intptr_t sq_out = -1;
  MlirOperation step = reduction && r->lambda > 0
                           ? re_quadrature_step(g, body, nin, &sq_out)
                           : (MlirOperation){NULL};
  MlirValue sq_buf = {NULL}, sq_arg = {NULL}, sq_new = {NULL};
  if (!mlirOperationIsNull(step))
    sq_buf = error_buffer(r, r->entry, g, mlirOperationGetOperand(g, sq_out));
  /* A natively accumulating kernel rounds to this type per K step. */
  MlirAttribute from = mlirOperationGetDiscardableAttributeByName(
      g, wmma_sref(WMMA_WIDENED_FROM_ATTR));
  MlirValue ops[64], eins[32], eouts[32];
  MlirAttribute newmaps[64], inmaps[32], outmaps[32];
  int nein = 0, neout = 0;
  shadow_map scal = {0};
  MlirType f32 = r->f32;
  /* Error operands and block arguments, after the inputs and the outputs. */
  intptr_t in_pos = nin, out_pos = nops;
  bool is_out_arg[64] = {false};
  for (intptr_t i = 0; i < nops; ++i) {
    MlirValue v = mlirOperationGetOperand(g, i);
    MlirValue arg = mlirBlockGetArgument(body, i);
    is_out_arg[i] = i >= nin;
    if (!mlirTypeIsAShaped(mlirValueGetType(v)) || !is_float(mlirValueGetType(v)))
      continue;
    MlirValue e = lookup(&r->buffers, v);
    if (mlirValueIsNull(e))
      return fail(r, g, "an operand without an error buffer in");
    if (i < nin) {
      eins[nein] = e;
      inmaps[nein++] = mlirArrayAttrGetElement(maps, i);
    } else {
      eouts[neout] = e;
      outmaps[neout++] = mlirArrayAttrGetElement(maps, i);
      mark_written(r, v);
    }
    (void)arg;
  }
  /* Block arguments: inputs, input errors, outputs, output errors. */
  int ein = 0, eout = 0;
  for (intptr_t i = 0; i < nops; ++i) {
    MlirValue v = mlirOperationGetOperand(g, i);
    if (!mlirTypeIsAShaped(mlirValueGetType(v)) || !is_float(mlirValueGetType(v)))
      continue;
    MlirValue arg = mlirBlockGetArgument(body, i < nin ? i : i + nein);
    MlirValue e;
    if (i < nin)
      e = mlirBlockInsertArgument(body, in_pos + ein++, f32, r->loc);
    else
      e = mlirBlockAddArgument(body, f32, r->loc), ++eout;
    (void)out_pos;
    if (bind(&scal, arg, e))
      return fail(r, g, "too many values in");
  }
  if (!mlirValueIsNull(sq_buf))
    sq_arg = mlirBlockAddArgument(body, f32, r->loc);
  /* Float scalars taken as operands: constants and function arguments,
   * exact. */
  for (intptr_t i = 0; i < nin; ++i) {
    MlirValue v = mlirOperationGetOperand(g, i);
    if (mlirTypeIsAShaped(mlirValueGetType(v)) || !is_float(mlirValueGetType(v)))
      continue;
    re_body at_start = body_at(r, body, mlirBlockGetFirstOperation(body));
    MlirValue e = scalar_error(r, &at_start, &scal, v);
    if (mlirValueIsNull(e) || bind(&scal, mlirBlockGetArgument(body, i), e))
      return fail(r, g, "a scalar operand of unknown error in");
  }
  /* Operands and maps in the same order. */
  int n = 0, nm = 0;
  for (int i = 0; i < nin; ++i) {
    ops[n++] = mlirOperationGetOperand(g, i);
    newmaps[nm++] = mlirArrayAttrGetElement(maps, i);
  }
  for (int i = 0; i < nein; ++i) {
    ops[n++] = eins[i];
    newmaps[nm++] = inmaps[i];
  }
  for (intptr_t i = nin; i < nops; ++i) {
    ops[n++] = mlirOperationGetOperand(g, i);
    newmaps[nm++] = mlirArrayAttrGetElement(maps, i);
  }
  for (int i = 0; i < neout; ++i) {
    ops[n++] = eouts[i];
    newmaps[nm++] = outmaps[i];
  }
  if (!mlirValueIsNull(sq_buf)) {
    ops[n++] = sq_buf;
    newmaps[nm++] = outmaps[0];
  }
  /* The accumulator: output block arguments and what is converted from
   * them. */
  MlirValue acc[64];
  int nacc = 0;
  for (intptr_t i = nin; i < nops; ++i)
    acc[nacc++] = mlirBlockGetArgument(body, i + nein);
  re_body b = body_at(r, body, (MlirOperation){NULL});
  MlirOperation yield = {NULL};
  /* The body's own operations, before the error arithmetic joins them. */
  MlirOperation body_ops[128];
  int nbody = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (nbody == 128)
      return fail(r, g, "too many operations in");
    body_ops[nbody++] = op;
  }
  for (int bi = 0; bi < nbody; ++bi) {
    MlirOperation op = body_ops[bi];
    if (op_is(op, "linalg.yield")) {
      yield = op;
      break;
    }
    if (mlirOperationGetNumRegions(op) > 0 || mlirOperationGetNumResults(op) != 1)
      return fail(r, op, "an unsupported operation");
    MlirValue res = mlirOperationGetResult(op, 0);
    if (!is_float(mlirValueGetType(res))) {
      /* Index and integer arithmetic: exact, and only floats have errors;
       * but a comparison of floats could flip: only selects may use one
       * (their rule accounts for the flip). */
      if (op_is(op, "arith.cmpf") && compared_by_selects(res))
        continue;
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
        if (is_float(mlirValueGetType(mlirOperationGetOperand(op, i))))
          return fail(r, op, "no running-error rule for");
      continue;
    }
    b.at = body_ops[bi + 1 < nbody ? bi + 1 : bi];
    intptr_t no = mlirOperationGetNumOperands(op);
    if (op_is(op, "arith.select") && no == 3) {
      MlirValue e;
      if (select_error(r, &b, &scal, op, &e) || bind(&scal, res, e))
        return fail(r, op, "an operand of unknown error in");
      continue;
    }
    MlirValue x = no > 0 ? mlirOperationGetOperand(op, 0) : (MlirValue){NULL};
    MlirValue y = no > 1 ? mlirOperationGetOperand(op, 1) : (MlirValue){NULL};
    MlirValue ex = no > 0 ? scalar_error(r, &b, &scal, x) : (MlirValue){NULL};
    MlirValue ey = no > 1 ? scalar_error(r, &b, &scal, y) : (MlirValue){NULL};
    if ((no > 0 && mlirValueIsNull(ex)) || (no > 1 && mlirValueIsNull(ey)))
      return fail(r, op, "an operand of unknown error in");
    double u2 = 2.0 * wmma_unit_roundoff(mlirValueGetType(res));
    MlirValue e;
    bool x_acc = false, y_acc = false;
    for (int a = 0; a < nacc; ++a) {
      x_acc |= no > 0 && mlirValueEqual(x, acc[a]);
      y_acc |= no > 1 && mlirValueEqual(y, acc[a]);
    }
    if (op_is(op, "arith.constant") && no == 0) {
      e = re_const(&b, 0.0);
    } else if ((op_is(op, "arith.extf") || op_is(op, "arith.negf") ||
                op_is(op, "math.absf")) && no == 1) {
      e = ex;
      if (x_acc && nacc < 64)
        acc[nacc++] = res;
    } else if (op_is(op, "arith.truncf") && no == 1) {
      e = re_add_scaled(&b, ex, res, u2);
      if (x_acc && nacc < 64)
        acc[nacc++] = res;
    } else if ((op_is(op, "arith.maximumf") || op_is(op, "arith.minimumf") ||
                op_is(op, "arith.maxnumf") || op_is(op, "arith.minnumf")) &&
               no == 2) {
      e = re_op2(&b, "arith.maximumf", ex, ey);
      if ((x_acc || y_acc) && nacc < 64)
        acc[nacc++] = res;
    } else if ((op_is(op, "arith.addf") || op_is(op, "arith.subf")) && no == 2) {
      e = re_op2(&b, "arith.addf", ex, ey);
      if (reduction && x_acc && y_acc)
        return fail(r, op, "a contraction step adding the accumulator to itself:");
      /* In a contraction, a step adding a term to the accumulator; any
       * other sum (per-term arithmetic, or an elementwise generic reading
       * its output) rounds once. */
      if (reduction && (x_acc || y_acc)) {
        MlirValue term = x_acc ? y : x;
        /* Probabilistic: a scale of sqrt(K) u per term and side (Higham &
         * Mary; lambda applied at the end). */
        bool p = r->lambda > 0;
        double c = 2.0 * (p ? sqrt(k) : k) * wmma_unit_roundoff(mlirValueGetType(res));
        if (r->native && !mlirAttributeIsNull(from))
          c += (p ? sqrt(ceil(k / 16.0)) : ceil(k / 16.0)) *
               wmma_unit_roundoff(mlirTypeAttrGetValue(from));
        if (mlirOperationEqual(op, step)) {
          /* The term's error in quadrature, the rest linear. */
          MlirValue eterm = x_acc ? ey : ex;
          e = x_acc ? ex : ey;
          sq_new = re_op2(&b, "arith.addf", sq_arg, re_mul(&b, eterm, eterm));
        }
        e = re_add_scaled(&b, e, term, c);
        if (nacc < 64)
          acc[nacc++] = res;
      } else {
        e = re_add_scaled(&b, e, res, u2);
      }
    } else if (op_is(op, "arith.mulf") && no == 2) {
      if (x_acc || y_acc)
        return fail(r, op, "a product of the accumulator in");
      MlirValue ax = re_abs(&b, x), ay = re_abs(&b, y);
      MlirValue axey = re_mul(&b, ax, ey);
      e = re_op2(&b, "arith.addf", axey, re_mul(&b, ex, ay));
      e = re_op2(&b, "arith.addf", e, re_mul(&b, ex, ey));
      bool exact = reduction && narrow_extended(x) && narrow_extended(y);
      e = re_add_scaled(&b, e, res, exact ? 0.0 : u2);
    } else if (op_is(op, "arith.divf") && no == 2 && !mlirOperationIsNull(def(y)) &&
               op_is(def(y), "arith.constant") && !(reduction && x_acc)) {
      e = re_op2(&b, "arith.divf", ex, re_abs(&b, y));
      e = re_add_scaled(&b, e, res, u2);
    } else {
      /* Math functions and division by a computed value
       * (RunningErrorMath.c), of per-term values only. */
      MlirValue errs[2] = {ex, ey};
      e = (reduction && (x_acc || y_acc)) || no > 2
              ? (MlirValue){NULL}
              : re_function_error(&b, op, errs);
      if (mlirValueIsNull(e))
        return fail(r, op, "no running-error rule for");
    }
    /* Replayed elementwise operations: outside contractions, a correctly
     * rounded operation on operands equal in kernel and reference (error
     * 0: inputs, constants, and such results) is equal too. */
    if (!reduction && (op_is(op, "arith.truncf") || op_is(op, "arith.mulf") ||
                       op_is(op, "arith.addf") || op_is(op, "arith.subf")))
      e = re_zero_if_exact(&b, e, ex, no > 1 ? ey : (MlirValue){NULL});
    if (u2 == 0 && !op_is(op, "arith.extf") && !op_is(op, "arith.constant"))
      return fail(r, op, "a float type without a unit roundoff in");
    if (bind(&scal, res, e))
      return fail(r, g, "too many values in");
  }
  if (mlirOperationIsNull(yield))
    return fail(r, g, "no yield in");
  /* The new yield: the values, then each float output's error. */
  MlirValue yv[64];
  intptr_t ny = mlirOperationGetNumOperands(yield), nyv = 0;
  for (intptr_t i = 0; i < ny; ++i)
    yv[nyv++] = mlirOperationGetOperand(yield, i);
  b.at = yield;
  for (intptr_t i = 0; i < ny; ++i) {
    MlirValue v = mlirOperationGetOperand(yield, i);
    MlirValue o = mlirOperationGetOperand(g, nin + i);
    if (!is_float(mlirValueGetType(o)))
      continue;
    MlirValue e = scalar_error(r, &b, &scal, v);
    if (mlirValueIsNull(e))
      return fail(r, g, "a yielded value of unknown error in");
    yv[nyv++] = e;
  }
  if (!mlirValueIsNull(sq_buf))
    yv[nyv++] = mlirValueIsNull(sq_new) ? sq_arg : sq_new;
  mlirOperationSetOperands(yield, nyv, yv);
  mlirOperationSetOperands(g, n, ops);
  mlirOperationSetAttributeByName(g, wmma_sref("indexing_maps"),
                                  mlirArrayAttrGet(r->ctx, nm, newmaps));
  int32_t sizes[2] = {nin + nein,
                      (int32_t)(nops - nin) + neout + !mlirValueIsNull(sq_buf)};
  mlirOperationSetAttributeByName(g, wmma_sref("operandSegmentSizes"),
                                  mlirDenseI32ArrayGet(r->ctx, 2, sizes));
  if (!mlirValueIsNull(sq_buf)) {
    re_body at = body_at(r, r->entry, after);
    re_add_quadrature(&at, sq_buf, eouts[0]);
  }
  (void)is_out_arg;
  (void)eout;
  return 0;
}

/* A parallel generic over `dst` of rank `rank` (ins: src or none) whose
 * body is fn(block): zero-fills and the final stores. */
static MlirOperation elementwise(rewriter *r, MlirValue src, MlirValue dst,
                                 double scale) {
  MlirType dt = mlirValueGetType(dst);
  intptr_t rank = mlirShapedTypeGetRank(dt);
  MlirAttribute id = mlirAffineMapAttrGet(mlirAffineMapMultiDimIdentityGet(r->ctx, rank));
  MlirAttribute maps[2] = {id, id};
  MlirAttribute iters[16];
  MlirAttribute par = mlirAttributeParseGet(
      r->ctx, wmma_sref("#linalg.iterator_type<parallel>"));
  for (intptr_t d = 0; d < rank && d < 16; ++d)
    iters[d] = par;
  bool has_src = !mlirValueIsNull(src);
  int32_t seg[2] = {has_src ? 1 : 0, 1};
  MlirNamedAttribute attrs[3] = {
      wb_named(r->ctx, "indexing_maps", mlirArrayAttrGet(r->ctx, has_src ? 2 : 1, maps)),
      wb_named(r->ctx, "iterator_types", mlirArrayAttrGet(r->ctx, rank, iters)),
      wb_named(r->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(r->ctx, 2, seg))};
  MlirType det = mlirShapedTypeGetElementType(dt);
  MlirType bt[2] = {r->f32, det};
  MlirLocation bl[2] = {r->loc, r->loc};
  MlirBlock body = has_src ? mlirBlockCreate(2, bt, bl) : mlirBlockCreate(1, bt + 1, bl);
  re_body b = body_at(r, body, (MlirOperation){NULL});
  MlirValue y;
  if (has_src) {
    y = re_op2(&b, "arith.mulf", mlirBlockGetArgument(body, 0), re_const(&b, scale));
    if (!mlirTypeEqual(det, r->f32))
      y = put(body, (MlirOperation){NULL},
              wmma_detached_op(wmma_significand_bits(det) < 24 ? "arith.truncf" : "arith.extf",
                   r->loc, 1, &y, 1, &det, 0, NULL, NULL));
  } else {
    y = re_const(&b, 0.0);
  }
  put(body, (MlirOperation){NULL}, wmma_detached_op("linalg.yield", r->loc, 1, &y, 0, NULL, 0, NULL, NULL));
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirValue operands[2] = {src, dst};
  return wmma_detached_op("linalg.generic", r->loc, has_src ? 2 : 1, has_src ? operands : operands + 1,
              0, NULL, 3, attrs, &region);
}

/* A zero-filled f32 error buffer shaped as memref v, before `at`. */
static MlirValue error_buffer(rewriter *r, MlirBlock block, MlirOperation at,
                              MlirValue v) {
  MlirType t = mlirValueGetType(v);
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[16];
  MlirValue dyn[16];
  intptr_t ndyn = 0;
  MlirType idx = mlirIndexTypeGet(r->ctx);
  for (intptr_t d = 0; d < rank && d < 16; ++d) {
    shape[d] = mlirShapedTypeGetDimSize(t, d);
    if (mlirShapedTypeIsDynamicDim(t, d)) {
      MlirNamedAttribute c = wb_named(r->ctx, "value", mlirIntegerAttrGet(idx, d));
      MlirValue dv = put(block, at, wmma_detached_op("arith.constant", r->loc, 0, NULL, 1, &idx, 1, &c, NULL));
      MlirValue ops[2] = {v, dv};
      dyn[ndyn++] = put(block, at, wmma_detached_op("memref.dim", r->loc, 2, ops, 1, &idx, 0, NULL, NULL));
    }
  }
  MlirType et = mlirMemRefTypeContiguousGet(r->f32, rank, shape, mlirAttributeGetNull());
  int32_t seg[2] = {(int32_t)ndyn, 0};
  MlirNamedAttribute aseg = wb_named(r->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(r->ctx, 2, seg));
  MlirValue e = put(block, at, wmma_detached_op("memref.alloc", r->loc, ndyn, dyn, 1, &et, 1, &aseg, NULL));
  put(block, at, elementwise(r, (MlirValue){NULL}, e, 0));
  if (r->nallocs < MAX_SHADOWS)
    r->allocs[r->nallocs++] = e;
  return e;
}

static bool float_memref(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAMemRef(t) && is_float(t) && mlirShapedTypeGetRank(t) <= 16;
}

int wmma_running_error_function(MlirOperation fn, const char *name, bool native,
                                double lambda, bool free_buffers, MlirOperation *out,
                                char *why, size_t cap) {
  *out = (MlirOperation){NULL};
  static rewriter rw; /* large; one reference at a time */
  rewriter *r = &rw;
  memset(r, 0, sizeof *r);
  r->why = why;
  r->cap = cap;
  r->native = native;
  r->lambda = lambda;
  r->ctx = mlirOperationGetContext(fn);
  r->loc = mlirOperationGetLocation(fn);
  r->f32 = mlirF32TypeGet(r->ctx);
  MlirRegion fr = mlirOperationGetRegion(fn, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(fr);
  if (mlirBlockIsNull(entry) || !mlirBlockIsNull(mlirBlockGetNextInRegion(entry))) {
    snprintf(why, cap, "a function of more than one block");
    return 1;
  }
  MlirOperation e = mlirOperationClone(fn);
  mlirOperationSetAttributeByName(e, wmma_sref("sym_name"),
                                  mlirStringAttrGet(r->ctx, wmma_sref(name)));
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(fn), fn, e);
  *out = e;
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(e, 0));
  r->entry = block;
  MlirOperation first = mlirBlockGetFirstOperation(block);
  intptr_t nargs = mlirBlockGetNumArguments(block);
  if (nargs > MAX_ARGS) {
    snprintf(why, cap, "too many arguments");
    return 1;
  }
  for (intptr_t i = 0; i < nargs; ++i) {
    MlirValue a = mlirBlockGetArgument(block, i);
    if (float_memref(a) && bind(&r->buffers, a, error_buffer(r, block, first, a))) {
      snprintf(why, cap, "too many buffers");
      return 1;
    }
  }
  MlirOperation op = first;
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (op_is(op, "linalg.generic")) {
      MlirAttribute ka = mlirOperationGetDiscardableAttributeByName(
          op, wmma_sref(WMMA_REDUCTION_LENGTH_ATTR));
      double k = mlirAttributeIsNull(ka) ? 0 : mlirFloatAttrGetValueDouble(ka);
      if (rewrite_generic(r, op, k))
        return 1;
    } else if (op_is(op, "memref.alloc")) {
      MlirValue v = mlirOperationGetResult(op, 0);
      if (float_memref(v) &&
          bind(&r->buffers, v, error_buffer(r, block, next, v))) {
        snprintf(why, cap, "too many buffers");
        return 1;
      }
    } else if (is_view(op) && mlirOperationGetNumResults(op) == 1 &&
               mlirOperationGetNumOperands(op) > 0) {
      if (float_memref(mlirOperationGetResult(op, 0)) && view_error(r, block, next, op))
        return 1;
    } else if (op_is(op, "memref.dealloc")) {
      MlirValue ev = lookup(&r->buffers, mlirOperationGetOperand(op, 0));
      if (!mlirValueIsNull(ev))
        put(block, next, wmma_detached_op("memref.dealloc", r->loc, 1, &ev, 0, NULL, 0, NULL, NULL));
      for (int i = 0; i < r->nallocs; ++i)
        if (mlirValueEqual(r->allocs[i], ev))
          r->allocs[i] = r->allocs[--r->nallocs];
    } else if (op_is(op, "memref.copy")) {
      MlirValue s = mlirOperationGetOperand(op, 0), d = mlirOperationGetOperand(op, 1);
      if (float_memref(s)) {
        MlirValue es = lookup(&r->buffers, s), ed = lookup(&r->buffers, d);
        if (mlirValueIsNull(es) || mlirValueIsNull(ed))
          return fail(r, op, "a copy of unknown buffers:");
        MlirValue ops[2] = {es, ed};
        put(block, next, wmma_detached_op("memref.copy", r->loc, 2, ops, 0, NULL, 0, NULL, NULL));
        mark_written(r, d);
      }
    } else if (op_is(op, "func.return")) {
      /* Each written argument receives its error bound. */
      for (intptr_t i = 0; i < nargs; ++i) {
        MlirValue a = mlirBlockGetArgument(block, i);
        if (!r->written[i] || !float_memref(a))
          continue;
        put(block, op, elementwise(r, lookup(&r->buffers, a), a,
                                   kSafety * (lambda > 0 ? lambda : 1.0)));
      }
      if (free_buffers)
        for (int i = 0; i < r->nallocs; ++i)
          put(block, op, wmma_detached_op("memref.dealloc", r->loc, 1, &r->allocs[i], 0, NULL, 0, NULL, NULL));
    } else if (op_is(op, "memref.dim") || op_is(op, "arith.constant") ||
               (mlirOperationGetNumRegions(op) == 0 &&
                mlirOperationGetNumResults(op) == 1 &&
                !is_float(mlirValueGetType(mlirOperationGetResult(op, 0))) &&
                !mlirTypeIsAShaped(mlirValueGetType(mlirOperationGetResult(op, 0))))) {
      /* index arithmetic and constants: nothing to track */
    } else {
      return fail(r, op, "no running-error rule for");
    }
    op = next;
  }
  return 0;
}
