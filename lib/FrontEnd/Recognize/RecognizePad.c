/* Front end, step 1 (continued): a bufferized tensor.pad of zeros --
 * memref.alloc (its padded sizes affine.apply of memref.dim at run-time
 * sizes), zeros written into it, a memref.subview of its interior and the
 * source copied into that view (Recognize.c has the walk).  The buffer
 * records its source and the low padding (buffer_t.pad_src, pad_lo): a
 * convolution reads the unpadded source with its indices checked, never
 * the padded copy.  At run-time sizes the padded buffer's dims are the
 * source's plus the padding (buffer_t.pad_grow), a size no kernel
 * argument has: only the convolution's input may read it, whose masks
 * need the source's sizes alone. */
#include "Recognize/Recognize.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/* memref.subview of a local buffer holding zeros, at static offsets with
 * static strides (sizes static or run-time): the interior of a bufferized
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
  if (!b || !b->alloc || b->contents < 0 || !fe_is_zero(&r->p->g, b->contents) ||
      mlirAttributeIsNull(off) || mlirAttributeIsNull(st) ||
      mlirAttributeIsNull(sz) || !mlirAttributeIsADenseI64Array(off) ||
      !mlirAttributeIsADenseI64Array(st) || !mlirAttributeIsADenseI64Array(sz) ||
      mlirDenseArrayGetNumElements(off) != b->rank ||
      mlirDenseArrayGetNumElements(sz) != b->rank)
    return 0;
  /* The operands past the source are the run-time sizes (offsets and
   * strides static). */
  intptr_t dynamic = 0;
  for (int j = 0; j < b->rank; ++j)
    dynamic += mlirShapedTypeIsDynamicSize(mlirDenseI64ArrayGetElement(sz, j));
  if (mlirOperationGetNumOperands(op) != 1 + dynamic)
    return 0;
  padview_t *pv = &r->padviews[r->npadviews];
  for (int j = 0; j < b->rank; ++j) {
    int64_t o = mlirDenseI64ArrayGetElement(off, j);
    int64_t step = mlirDenseI64ArrayGetElement(st, j);
    if (o < 0 || o > (1 << 20) || step < 1 || step > 64)
      return 0;
    pv->off[j] = o;
    pv->step[j] = step;
  }
  pv->v = mlirOperationGetResult(op, 0);
  pv->buf = (int)(b - r->bufs);
  ++r->npadviews;
  return 1;
}

/* Whether dim j of the padded buffer b holds the source's dim at offset
 * off with stride step. */
static bool pad_dim_fits(rec_t *r, const buffer_t *src, const buffer_t *b,
                         int j, int64_t off, int64_t step) {
  fe_size s = src->shape[j], p = b->shape[j];
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
  for (int j = 0; j < b->rank; ++j)
    if (!pad_dim_fits(r, src, b, j, pv->off[j], pv->step[j]))
      return rec_refuse(r, op, "tensor.pad with dynamic sizes is not "
                               "supported here (dim %d: run-time sizes "
                               "need static padding amounts and no "
                               "interior stride)",
                        j);
  b->pad_src = (int)(src - r->bufs);
  memcpy(b->pad_lo, pv->off, sizeof b->pad_lo);
  memcpy(b->pad_step, pv->step, sizeof b->pad_step);
  b->written = true;
  return 0;
}

/* affine.apply of one value plus a constant, `s0 + c` or `d0 + c` (what
 * bufferization makes of a tensor.pad's padded size at run time); the
 * constant in *c. */
static bool plus_constant(MlirOperation op, int64_t *c) {
  if (!wmma_op_is(op, "affine.apply") || mlirOperationGetNumOperands(op) != 1 ||
      mlirOperationGetNumResults(op) != 1)
    return false;
  MlirAttribute a = wmma_attr(op, "map");
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a))
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(a);
  if (mlirAffineMapGetNumResults(map) != 1)
    return false;
  MlirAffineExpr e = mlirAffineMapGetResult(map, 0);
  if (!mlirAffineExprIsAAdd(e))
    return false;
  MlirAffineExpr x = mlirAffineBinaryOpExprGetLHS(e);
  MlirAffineExpr k = mlirAffineBinaryOpExprGetRHS(e);
  if (mlirAffineExprIsAConstant(x)) {
    MlirAffineExpr t = x;
    x = k;
    k = t;
  }
  if (!mlirAffineExprIsAConstant(k) ||
      !(mlirAffineExprIsASymbol(x) || mlirAffineExprIsADim(x)))
    return false;
  *c = mlirAffineConstantExprGetValue(k);
  return *c > 0 && *c <= (1 << 20);
}

bool rec_is_pad_size(MlirOperation op) {
  int64_t c;
  return plus_constant(op, &c);
}

/* The padded size: the source's size (a memref.dim or a constant) plus
 * the padding, bound as such; static, it is a plain static size. */
int rec_do_pad_size(rec_t *r, MlirOperation op) {
  int64_t c = 0;
  plus_constant(op, &c);
  MlirValue v = mlirOperationGetResult(op, 0);
  fe_size base = {-1, -1};
  bool found = false;
  for (int i = r->nbinds - 1; i >= 0 && !found; --i)
    if (mlirValueEqual(r->binds[i].v, mlirOperationGetOperand(op, 0))) {
      found = r->binds[i].sized && !r->binds[i].grown;
      base = r->binds[i].size;
    }
  if (!found)
    return rec_refuse(r, op, "affine.apply of something other than a size "
                             "(memref.dim or a constant) is not supported");
  if (fe_size_static(base))
    return rec_bind(r, op, v, fe_static(base.value + c), -1);
  if (rec_bind(r, op, v, base, -1))
    return -1;
  r->binds[r->nbinds - 1].grown = true;
  r->binds[r->nbinds - 1].grow = c;
  return 0;
}
