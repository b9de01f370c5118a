/* Front end, step 1 (continued): a bufferized tensor.pad of zeros --
 * memref.alloc (its padded sizes affine.apply of memref.dim at run-time
 * sizes), zeros written into it, a memref.subview of its interior and the
 * source copied into that view (Recognize.c has the walk).  The buffer
 * records its source and the low padding (buffer_t.pad_src, pad_lo): a
 * convolution reads the unpadded source with its indices checked, never
 * the padded copy.  At run-time sizes the padded buffer's dims are the
 * source's plus the padding (buffer_t.pad_grow), a size no kernel
 * argument has: only the convolution's input may read it, whose masks
 * need the source's sizes alone.  Padding amounts may be run-time index
 * values (function arguments, scalar arithmetic on them): the view's
 * offset is then a scalar node the kernel evaluates (pad_lo_node), and
 * the padded size the source's plus run-time amounts (pad_grow -1). */
#include "Recognize/Recognize.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/* The scalar node of a run-time index value (a padding amount: a
 * function argument or arithmetic on scalars), else -1. */
static int scalar_index(rec_t *r, MlirValue v) {
  for (int i = r->nbinds - 1; i >= 0; --i)
    if (mlirValueEqual(r->binds[i].v, v))
      return r->binds[i].node >= 0 && !r->binds[i].sized &&
                     mlirTypeIsAIndex(mlirValueGetType(v))
                 ? r->binds[i].node
                 : -1;
  return -1;
}

/* memref.subview of a local buffer holding zeros, at offsets static or
 * run-time index values (run-time: stride 1) with static strides (sizes
 * static or run-time): the interior of a bufferized
 * tensor.pad (do_copy writes it), or with strides > 1 a zero-dilated copy
 * (a strided tensor.insert_slice into zeros: a transposed convolution's
 * input).  1 if op is one (recorded), 0 if not. */
int rec_do_pad_view(rec_t *r, MlirOperation op) {
  if (!wmma_op_is(op, "memref.subview") ||
      mlirOperationGetNumOperands(op) < 1 || r->npadviews == MAX_PADVIEWS)
    return 0;
  buffer_t *b = rec_buffer_of(r, mlirOperationGetOperand(op, 0));
  MlirAttribute off = wmma_attr(op, "static_offsets");
  MlirAttribute st = wmma_attr(op, "static_strides");
  MlirAttribute sz = wmma_attr(op, "static_sizes");
  /* Zeros; another constant (a max pooling's -inf border) is read only
   * by a pooling (rec_contents and convolutions refuse it). */
  if (!b || !b->alloc || b->contents < 0 ||
      r->p->g.nodes[b->contents].kind != FE_CONST ||
      mlirAttributeIsNull(off) || mlirAttributeIsNull(st) ||
      mlirAttributeIsNull(sz) || !mlirAttributeIsADenseI64Array(off) ||
      !mlirAttributeIsADenseI64Array(st) || !mlirAttributeIsADenseI64Array(sz) ||
      mlirDenseArrayGetNumElements(off) != b->rank ||
      mlirDenseArrayGetNumElements(sz) != b->rank)
    return 0;
  /* The operands past the source are the run-time offsets, then the
   * run-time sizes (strides static). */
  intptr_t dynamic = 0, noff = 0;
  for (int j = 0; j < b->rank; ++j) {
    dynamic += mlirShapedTypeIsDynamicSize(mlirDenseI64ArrayGetElement(sz, j));
    noff += mlirShapedTypeIsDynamicStrideOrOffset(
        mlirDenseI64ArrayGetElement(off, j));
  }
  if (mlirOperationGetNumOperands(op) != 1 + noff + dynamic)
    return 0;
  padview_t *pv = &r->padviews[r->npadviews];
  intptr_t next = 1;
  for (int j = 0; j < b->rank; ++j) {
    int64_t o = mlirDenseI64ArrayGetElement(off, j);
    int64_t step = mlirDenseI64ArrayGetElement(st, j);
    pv->off_node[j] = 0;
    if (mlirShapedTypeIsDynamicStrideOrOffset(o)) {
      int node = scalar_index(r, mlirOperationGetOperand(op, next++));
      if (node < 0 || step != 1)
        return 0;
      pv->off_node[j] = node + 1;
      o = 0;
    }
    if (o < 0 || o > (1 << 20) || step < 1 || step > 64)
      return 0;
    pv->off[j] = o;
    pv->step[j] = step;
  }
  pv->v = mlirOperationGetResult(op, 0);
  pv->buf = (int)(b - r->bufs);
  pv->fill = b->contents;
  ++r->npadviews;
  return 1;
}

/* Whether dim j of the padded buffer b holds the source's dim at offset
 * off with stride step. */
static bool pad_dim_fits(rec_t *r, const buffer_t *src, const buffer_t *b,
                         int j, int64_t off, bool rt_off, int64_t step) {
  fe_size s = src->shape[j], p = b->shape[j];
  /* Run-time padding amounts: the padded size is the source's plus them
   * (tensor.pad's own rule); the view's offset is the low amount. */
  if (b->pad_grow[j] < 0)
    return step == 1;
  if (rt_off)
    return false;
  if (fe_size_static(s) && fe_size_static(p) && !b->pad_grow[j])
    return s.value == 0 || off + (s.value - 1) * step + 1 <= p.value;
  /* Run-time sizes: the padded size is the source's plus pad_grow (the
   * low and high padding), so the source fits at stride 1 when the low
   * padding is at most that. */
  return step == 1 && rec_same_size(r, s, p) && off <= b->pad_grow[j];
}

/* memref.copy of a function argument into a recorded pad view: the local
 * buffer becomes its zero-padded copy. */
int rec_copy_into_pad(rec_t *r, MlirOperation op, buffer_t *src,
                      const padview_t *pv) {
  buffer_t *b = &r->bufs[pv->buf];
  if (!src || src->arg < 0 || src->written || src->alloc ||
      src->rank != b->rank || !mlirTypeEqual(src->elem, b->elem))
    return rec_refuse(r, op, "tensor.pad of a computed buffer is not "
                             "supported (only of a function argument, read "
                             "by a convolution)");
  for (int j = 0; j < b->rank; ++j) {
    if (!pad_dim_fits(r, src, b, j, pv->off[j], pv->off_node[j] != 0,
                      pv->step[j]))
      return rec_refuse(r, op, "tensor.pad with dynamic sizes is not "
                               "supported here (dim %d: a run-time padding "
                               "amount needs a run-time padded size, and "
                               "run-time sizes no interior stride)",
                        j);
    if (b->pad_grow[j] < 0) /* the source's size (the amounts apart) */
      b->shape[j] = src->shape[j];
  }
  b->pad_src = (int)(src - r->bufs);
  b->pad_fill = pv->fill;
  memcpy(b->pad_lo, pv->off, sizeof b->pad_lo);
  memcpy(b->pad_lo_node, pv->off_node, sizeof b->pad_lo_node);
  memcpy(b->pad_step, pv->step, sizeof b->pad_step);
  b->written = true;
  return 0;
}

/* An affine expression summing each of its n dims and symbols once, each
 * times a positive constant, plus a constant (*c); coef[i] is operand i's
 * multiplier (dims first, then symbols; 0 when unused).  A tensor.pad
 * whose low and high amounts are one run-time value %n pads by 2 * %n:
 * bufferization folds the two into `s0 + s1 * 2`. */
static bool sum_of_operands(MlirAffineExpr e, intptr_t ndims, intptr_t n,
                            int64_t *coef, int64_t *c) {
  if (mlirAffineExprIsAAdd(e))
    return sum_of_operands(mlirAffineBinaryOpExprGetLHS(e), ndims, n, coef,
                           c) &&
           sum_of_operands(mlirAffineBinaryOpExprGetRHS(e), ndims, n, coef,
                           c);
  if (mlirAffineExprIsAConstant(e)) {
    *c += mlirAffineConstantExprGetValue(e);
    return true;
  }
  int64_t k = 1;
  if (mlirAffineExprIsAMul(e)) {
    MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e);
    MlirAffineExpr r = mlirAffineBinaryOpExprGetRHS(e);
    if (!mlirAffineExprIsAConstant(r))
      return false;
    k = mlirAffineConstantExprGetValue(r);
    if (k < 1 || k > 64)
      return false;
    e = l;
  }
  intptr_t i = mlirAffineExprIsADim(e) ? (intptr_t)mlirAffineDimExprGetPosition(e)
               : mlirAffineExprIsASymbol(e)
                   ? ndims + (intptr_t)mlirAffineSymbolExprGetPosition(e)
                   : -1;
  if (i < 0 || i >= n || coef[i])
    return false;
  coef[i] = k;
  return true;
}

/* affine.apply summing its operands (each times a positive constant) and
 * a constant (what bufferization makes of a tensor.pad's padded size at
 * run time: the source's size plus the low and high padding); the
 * constant in *c, the multipliers in coef. */
static bool padded_sum(MlirOperation op, int64_t *c, int64_t coef[8]) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (!wmma_op_is(op, "affine.apply") || n < 1 || n > 8 ||
      mlirOperationGetNumResults(op) != 1)
    return false;
  MlirAttribute a = wmma_attr(op, "map");
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a))
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(a);
  if (mlirAffineMapGetNumResults(map) != 1 ||
      mlirAffineMapGetNumInputs(map) != n)
    return false;
  for (int i = 0; i < 8; ++i)
    coef[i] = 0;
  *c = 0;
  if (!sum_of_operands(mlirAffineMapGetResult(map, 0),
                       mlirAffineMapGetNumDims(map), n, coef, c))
    return false;
  for (intptr_t i = 0; i < n; ++i)
    if (!coef[i])
      return false;
  /* One operand: the source's size plus static amounts (> 0). */
  return *c >= 0 && *c <= (1 << 20) && (n > 1 || *c > 0);
}

bool rec_is_pad_size(MlirOperation op) {
  int64_t c, coef[8];
  return padded_sum(op, &c, coef);
}

/* The padded size: the source's size (a memref.dim or a constant) plus
 * the padding, bound as such; static, it is a plain static size.  Other
 * operands are static sizes (folded into the constant) or run-time index
 * values (padding amounts: the growth is then -1, run-time). */
int rec_do_pad_size(rec_t *r, MlirOperation op) {
  int64_t c = 0, coef[8];
  padded_sum(op, &c, coef);
  MlirValue v = mlirOperationGetResult(op, 0);
  fe_size base = {-1, -1};
  bool found = false, runtime = false;
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); ++k) {
    MlirValue x = mlirOperationGetOperand(op, k);
    const bind_t *bd = NULL;
    for (int i = r->nbinds - 1; i >= 0 && !bd; --i)
      if (mlirValueEqual(r->binds[i].v, x))
        bd = &r->binds[i];
    if (bd && bd->sized && !bd->grown && fe_size_static(bd->size)) {
      c += coef[k] * bd->size.value;
      continue;
    }
    /* (The source's run-time size counts once; only padding amounts,
     * run-time index values, may count twice.) */
    if (bd && bd->sized && !bd->grown && !found && coef[k] == 1) {
      found = true;
      base = bd->size;
      continue;
    }
    if (bd && bd->node >= 0 && !bd->sized &&
        mlirTypeIsAIndex(mlirValueGetType(x))) {
      runtime = true;
      continue;
    }
    return rec_refuse(r, op, "affine.apply of something other than a size "
                             "(memref.dim or a constant) plus padding "
                             "amounts (index arguments or arithmetic on "
                             "them) is not supported");
  }
  if (!runtime && !found)
    return rec_bind(r, op, v, fe_static(c), -1);
  if (!runtime && mlirOperationGetNumOperands(op) > 1)
    return rec_refuse(r, op, "affine.apply of something other than a size "
                             "(memref.dim or a constant) plus padding "
                             "amounts (index arguments or arithmetic on "
                             "them) is not supported");
  /* Without a run-time source size the source is static: its size is set
   * when the source is copied in (rec_copy_into_pad). */
  if (rec_bind(r, op, v, found ? base : fe_static(0), -1))
    return -1;
  r->binds[r->nbinds - 1].grown = true;
  r->binds[r->nbinds - 1].grow = runtime ? -1 : c;
  return 0;
}
