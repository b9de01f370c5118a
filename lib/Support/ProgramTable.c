/* Reading a program's host function back (see wmma/Support/Program.h):
 * its buffers, the run-time sizes their shapes are made of, and the
 * launches in order with the buffer each kernel argument is given. */
#include "ProgramTable.h"
#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int fe_ptable_fail(char *why, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, cap, fmt, ap);
  va_end(ap);
  return -1;
}

bool fe_is_program(MlirOperation func) {
  return !mlirAttributeIsNull(wmma_attr(func, "wmma.program"));
}

int fe_ptable_find(const fe_program *pg, MlirValue v) {
  for (int i = 0; i < pg->nbufs; ++i)
    if (mlirValueEqual(pg->bufs[i].value, v))
      return i;
  for (int i = 0; i < pg->naliases; ++i)
    if (mlirValueEqual(pg->alias_from[i], v))
      return pg->alias_to[i];
  return -1;
}

#define fail fe_ptable_fail
#define find fe_ptable_find

/* An index value as a size: static, or a program size; false if it is
 * neither (computed in a way the table does not follow). */
static bool size_of(const fe_program *pg, MlirValue v, int64_t *out) {
  if (mlirValueIsABlockArgument(v))
    return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  if (wmma_op_is(d, "arith.constant")) {
    MlirAttribute a = wmma_attr(d, "value");
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
      return false;
    *out = mlirIntegerAttrGetValueInt(a);
    return true;
  }
  if (wmma_op_is(d, "memref.dim")) {
    int b = find(pg, mlirOperationGetOperand(d, 0));
    int64_t k;
    if (b < 0 || !size_of(pg, mlirOperationGetOperand(d, 1), &k) || k < 0 ||
        k >= pg->bufs[b].rank)
      return false;
    *out = pg->bufs[b].dims[k];
    return true;
  }
  return false;
}

/* Arithmetic on sizes (a launch's grid, an allocation's size). */
static bool index_arith(MlirOperation op) {
  char nm[64];
  wmma_op_name(op, nm, sizeof nm);
  if (strncmp(nm, "arith.", 6) && strcmp(nm, "affine.apply"))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    /* (i1: the conditions of scf.if) */
    if (!mlirTypeIsAIndex(t) && !mlirTypeIsAInteger(t) &&
        !wmma_op_is(op, "arith.constant"))
      return false;
  }
  return true;
}

static fe_pbuf *add(fe_program *pg, fe_pbuf_kind kind, MlirValue v) {
  if (pg->nbufs >= FE_PROGRAM_MAX_BUFFERS)
    return NULL;
  fe_pbuf *b = &pg->bufs[pg->nbufs++];
  memset(b, 0, sizeof *b);
  b->kind = kind;
  b->value = v;
  b->type = mlirValueGetType(v);
  b->base = b->offset_value = b->index_value = -1;
  if (mlirTypeIsAShaped(b->type)) {
    b->rank = (int)mlirShapedTypeGetRank(b->type);
    for (int d = 0; d < b->rank && d < FE_PROGRAM_MAX_RANK; ++d)
      b->dims[d] = mlirShapedTypeGetDimSize(b->type, d);
  }
  return b;
}

static int caller_arg(fe_program *pg, MlirValue v, int i, char *why,
                      size_t cap) {
  bool shaped = mlirTypeIsAShaped(mlirValueGetType(v));
  fe_pbuf *b = add(pg, shaped ? FE_PBUF_ARG : FE_PBUF_SCALAR, v);
  if (!b)
    return fail(why, cap, "more than %d buffers", FE_PROGRAM_MAX_BUFFERS);
  b->index = b->host = i;
  if (b->rank > FE_PROGRAM_MAX_RANK)
    return fail(why, cap, "argument %d has more than %d dimensions", i,
                FE_PROGRAM_MAX_RANK);
  for (int d = 0; d < b->rank; ++d) {
    if (!mlirShapedTypeIsDynamicSize(b->dims[d]))
      continue;
    if (pg->nsizes >= FE_PROGRAM_MAX_SIZES)
      return fail(why, cap, "more than %d run-time sizes",
                  FE_PROGRAM_MAX_SIZES);
    pg->sizes[pg->nsizes].arg = i;
    pg->sizes[pg->nsizes].dim = d;
    pg->sizes[pg->nsizes].value = -1;
    b->dims[d] = -1 - pg->nsizes++;
  }
  return 0;
}

/* Does value v change while the program runs (an induction variable in
 * it)?  A buffer's size must not: its allocation serves the whole run. */
static bool value_varies(const fe_program *pg, int v, int depth) {
  if (v < 0 || v >= pg->nvalues || depth > 64)
    return true;
  const wmma_program_value *x = &pg->values[v];
  switch (x->op) {
  case WMMA_VALUE_IV:
    return true;
  case WMMA_VALUE_CONST:
  case WMMA_VALUE_ARG:
  case WMMA_VALUE_SIZE:
    return false;
  default:
    return value_varies(pg, x->a, depth + 1) ||
           value_varies(pg, x->b, depth + 1) ||
           (x->op == WMMA_VALUE_SELECT && value_varies(pg, x->c, depth + 1));
  }
}

/* A dimension the host computes (values[v]): a constant or an existing
 * size as itself, otherwise a new program size defined by v, which the
 * runner evaluates once before the launches. */
static int computed_size(fe_program *pg, int v, MlirOperation op,
                         int64_t *dim, char *why, size_t cap) {
  pg->failed_at = op;
  if (value_varies(pg, v, 0))
    return fail(why, cap, "a buffer's size changes per iteration of a loop "
                          "(it depends on an induction variable): the "
                          "program allocates each buffer once for the run; "
                          "allocate it outside the loop at its largest "
                          "size");
  const wmma_program_value *x = &pg->values[v];
  if (x->op == WMMA_VALUE_CONST) {
    *dim = x->imm;
  } else if (x->op == WMMA_VALUE_SIZE) {
    *dim = -1 - x->a;
  } else {
    if (pg->nsizes >= FE_PROGRAM_MAX_SIZES)
      return fail(why, cap, "more than %d run-time sizes",
                  FE_PROGRAM_MAX_SIZES);
    pg->sizes[pg->nsizes].arg = pg->sizes[pg->nsizes].dim = -1;
    pg->sizes[pg->nsizes].value = v;
    *dim = -1 - pg->nsizes++;
  }
  pg->failed_at = (MlirOperation){NULL};
  return 0;
}

/* The shape of an allocation or a view: dynamic sizes from its size
 * operands (first_size on, one per dynamic dimension). */
static int dynamic_dims(fe_program *pg, fe_pbuf *b, MlirOperation op,
                        intptr_t first_size, char *why, size_t cap) {
  intptr_t next = first_size;
  for (int d = 0; d < b->rank; ++d) {
    if (!mlirShapedTypeIsDynamicSize(b->dims[d]))
      continue;
    if (next >= mlirOperationGetNumOperands(op)) {
      pg->failed_at = op;
      return fail(why, cap, "a buffer without the size of a dynamic "
                            "dimension");
    }
    MlirValue size = mlirOperationGetOperand(op, next++);
    if (size_of(pg, size, &b->dims[d]))
      continue;
    /* Arithmetic on index arguments or on run-time sizes. */
    int v = fe_ptable_value(pg, size, why, cap);
    if (v < 0) {
      pg->failed_at = op;
      return -1;
    }
    if (computed_size(pg, v, op, &b->dims[d], why, cap))
      return -1;
  }
  return 0;
}

/* collapse_shape: each result size is the product of its group's (a
 * flatten of several run-time sizes: a size the host computes). */
static int collapsed_dims(fe_program *pg, fe_pbuf *b, MlirOperation op,
                          char *why, size_t cap) {
  const fe_pbuf *src = &pg->bufs[b->base];
  MlirAttribute re = wmma_attr(op, "reassociation");
  if (mlirAttributeIsNull(re) || !mlirAttributeIsAArray(re) ||
      mlirArrayAttrGetNumElements(re) != b->rank)
    return fail(why, cap, "a collapse_shape without its reassociation");
  for (int d = 0; d < b->rank; ++d) {
    MlirAttribute g = mlirArrayAttrGetElement(re, d);
    int64_t prod = 1, dyn = 0;
    int ndyn = 0;
    for (intptr_t k = 0; k < mlirArrayAttrGetNumElements(g); ++k) {
      int64_t s = src->dims[mlirIntegerAttrGetValueInt(
          mlirArrayAttrGetElement(g, k))];
      if (s < 0) {
        dyn = s;
        ++ndyn;
      } else {
        prod *= s;
      }
    }
    if (ndyn == 0) {
      b->dims[d] = prod;
      continue;
    }
    if (ndyn == 1 && prod == 1) {
      b->dims[d] = dyn;
      continue;
    }
    /* The product of the group's run-time sizes (and of prod), as a
     * value. */
    int v = prod == 1 ? -2 : fe_ptable_const(pg, prod);
    for (intptr_t k = 0; k < mlirArrayAttrGetNumElements(g) && v != -1;
         ++k) {
      int64_t s = src->dims[mlirIntegerAttrGetValueInt(
          mlirArrayAttrGetElement(g, k))];
      if (s >= 0)
        continue;
      int sv = fe_ptable_size(pg, (int)(-1 - s));
      v = sv < 0    ? -1
          : v == -2 ? sv
                    : fe_ptable_binary(pg, WMMA_VALUE_MUL, v, sv);
    }
    if (v < 0) {
      pg->failed_at = op;
      return fail(why, cap, "more than %d index values",
                  FE_PROGRAM_MAX_VALUES);
    }
    if (computed_size(pg, v, op, &b->dims[d], why, cap))
      return -1;
  }
  return 0;
}

/* A subview at run-time offsets: its first element's distance from its
 * base's, sum of offset d times the base's stride d, as a value. */
static int subview_offset(fe_program *pg, fe_pbuf *b, MlirOperation op,
                          char *why, size_t cap) {
  const fe_pbuf *base = &pg->bufs[b->base];
  int64_t bstrides[FE_PROGRAM_MAX_RANK], boff;
  MlirAttribute offs = wmma_attr(op, "static_offsets");
  if (base->rank > FE_PROGRAM_MAX_RANK || mlirAttributeIsNull(offs) ||
      mlirDenseArrayGetNumElements(offs) != base->rank ||
      mlirLogicalResultIsFailure(
          mlirMemRefTypeGetStridesAndOffset(base->type, bstrides, &boff)))
    return fail(why, cap, "a subview at run-time offsets of a buffer without "
                          "strides");
  for (int d = 0; d < base->rank; ++d)
    if (mlirShapedTypeIsDynamicStrideOrOffset(bstrides[d]) || base->dims[d] < 0)
      return fail(why, cap, "a subview at run-time offsets of a buffer of "
                            "run-time sizes or strides");
  int total = fe_ptable_const(pg, 0);
  intptr_t next = 1; /* the dynamic offsets follow the source */
  for (int d = 0; d < base->rank && total >= 0; ++d) {
    int64_t o = mlirDenseI64ArrayGetElement(offs, d);
    int term;
    if (mlirShapedTypeIsDynamicStrideOrOffset(o)) {
      int v = fe_ptable_value(pg, mlirOperationGetOperand(op, next++), why,
                              cap);
      if (v < 0)
        return -1;
      term = fe_ptable_binary(pg, WMMA_VALUE_MUL, v,
                              fe_ptable_const(pg, bstrides[d]));
    } else {
      term = fe_ptable_const(pg, o * bstrides[d]);
    }
    total = term < 0 ? -1 : fe_ptable_binary(pg, WMMA_VALUE_ADD, total, term);
  }
  if (total < 0)
    return fail(why, cap, "more than %d index values", FE_PROGRAM_MAX_VALUES);
  b->offset_value = total;
  return 0;
}

static int view(fe_program *pg, MlirOperation op, char *why, size_t cap) {
  int base = find(pg, mlirOperationGetOperand(op, 0));
  if (base < 0)
    return fail(why, cap, "a view of something other than a buffer");
  fe_pbuf *b = add(pg, FE_PBUF_VIEW, mlirOperationGetResult(op, 0));
  if (!b)
    return fail(why, cap, "more than %d buffers", FE_PROGRAM_MAX_BUFFERS);
  b->base = base;
  if (wmma_op_is(op, "memref.collapse_shape"))
    return collapsed_dims(pg, b, op, why, cap);
  /* A subview (tensor.pad's destination, a slice of a stacked weight at a
   * loop's induction variable) of static sizes: its layout's static
   * strides address the base's data, from a static offset or one the
   * host computes. */
  if (wmma_op_is(op, "memref.subview")) {
    for (int d = 0; d < b->rank; ++d)
      if (b->dims[d] < 0)
        return fail(why, cap, "a subview of run-time sizes");
    int64_t strides[FE_PROGRAM_MAX_RANK], offset;
    if (b->rank > FE_PROGRAM_MAX_RANK ||
        mlirLogicalResultIsFailure(
            mlirMemRefTypeGetStridesAndOffset(b->type, strides, &offset)))
      return fail(why, cap, "a subview without strides");
    for (int d = 0; d < b->rank; ++d)
      if (mlirShapedTypeIsDynamicStrideOrOffset(strides[d]))
        return fail(why, cap, "a subview with run-time strides");
    if (mlirShapedTypeIsDynamicStrideOrOffset(offset))
      return subview_offset(pg, b, op, why, cap);
    return 0;
  }
  if (wmma_op_is(op, "memref.cast")) {
    for (int d = 0; d < b->rank; ++d)
      if (mlirShapedTypeIsDynamicSize(b->dims[d]))
        b->dims[d] = pg->bufs[base].dims[d];
    return 0;
  }
  return dynamic_dims(pg, b, op, 1, why, cap);
}

static int read_launch(fe_program *pg, MlirOperation module, MlirOperation op,
                       char *why, size_t cap) {
  if (pg->nlaunches >= FE_PROGRAM_MAX_LAUNCHES)
    return fail(why, cap, "more than %d launches", FE_PROGRAM_MAX_LAUNCHES);
  if (pg->nsteps >= FE_PROGRAM_MAX_STEPS)
    return fail(why, cap, "more than %d launches, loops and conditionals",
                FE_PROGRAM_MAX_STEPS);
  wmma_program_step *st = &pg->steps[pg->nsteps++];
  memset(st, 0, sizeof *st);
  st->kind = WMMA_STEP_LAUNCH;
  st->launch = pg->nlaunches;
  st->lb = st->ub = st->step = st->iv = st->cond = st->other = st->end = -1;
  fe_plaunch *l = &pg->launches[pg->nlaunches++];
  memset(l, 0, sizeof *l);
  l->op = op;
  MlirAttribute ref = wmma_attr(op, "kernel");
  MlirAttribute seg = wmma_attr(op, "operandSegmentSizes");
  if (mlirAttributeIsNull(ref) || mlirAttributeIsNull(seg) ||
      mlirDenseArrayGetNumElements(seg) < 13)
    return fail(why, cap, "a gpu.launch_func without its kernel");
  int nk = mlirDenseI32ArrayGetElement(seg, 11);
  intptr_t first = mlirOperationGetNumOperands(op) - nk -
                   mlirDenseI32ArrayGetElement(seg, 12);
  if (nk > FE_PROGRAM_MAX_OPERANDS)
    return fail(why, cap, "a launch with more than %d operands",
                FE_PROGRAM_MAX_OPERANDS);
  /* The kernel: @module::@kernel among the module's gpu.modules. */
  MlirStringRef mod = mlirSymbolRefAttrGetRootReference(ref);
  MlirStringRef ker = mlirSymbolRefAttrGetLeafReference(ref);
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation g = mlirBlockGetFirstOperation(top);
       !mlirOperationIsNull(g); g = mlirOperationGetNextInBlock(g)) {
    if (!wmma_op_is(g, "gpu.module") ||
        !mlirStringRefEqual(
            mlirStringAttrGetValue(wmma_attr(g, "sym_name")), mod))
      continue;
    MlirBlock gb = mlirRegionGetFirstBlock(mlirOperationGetRegion(g, 0));
    for (MlirOperation k = mlirBlockGetFirstOperation(gb);
         !mlirOperationIsNull(k); k = mlirOperationGetNextInBlock(k))
      if (wmma_op_is(k, "gpu.func") &&
          mlirStringRefEqual(
              mlirStringAttrGetValue(wmma_attr(k, "sym_name")), ker))
        l->kernel = k;
  }
  if (mlirOperationIsNull(l->kernel))
    return fail(why, cap, "a launch of a kernel the module does not define");
  l->nargs = nk;
  for (int a = 0; a < nk; ++a) {
    MlirValue v = mlirOperationGetOperand(op, first + a);
    l->buf[a] = find(pg, v);
    if (l->buf[a] < 0 && !mlirTypeIsAShaped(mlirValueGetType(v))) {
      /* An index scalar the host computes (an induction variable). */
      int x = fe_ptable_value(pg, v, why, cap);
      fe_pbuf *b = x < 0 ? NULL : add(pg, FE_PBUF_VALUE, v);
      if (x < 0)
        return -1;
      if (!b)
        return fail(why, cap, "more than %d buffers", FE_PROGRAM_MAX_BUFFERS);
      b->index_value = x;
      l->buf[a] = pg->nbufs - 1;
    }
    if (l->buf[a] < 0)
      return fail(why, cap, "kernel argument %d of launch %d is not an "
                            "argument, allocation or view of the program",
                  a, pg->nlaunches - 1);
  }
  return 0;
}

int fe_ptable_block(fe_program *pg, MlirOperation module, MlirBlock block,
                    char *why, size_t cap) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    int rc = 0;
    if (wmma_op_is(op, "bufferization.to_buffer")) {
      int a = find(pg, mlirOperationGetOperand(op, 0));
      fe_pbuf *b = a < 0 ? NULL : add(pg, FE_PBUF_ARG,
                                      mlirOperationGetResult(op, 0));
      if (!b)
        return fail(why, cap, "a buffer of something other than an argument");
      *b = pg->bufs[a];
      b->value = mlirOperationGetResult(op, 0);
      b->type = mlirValueGetType(b->value);
    } else if (wmma_op_is(op, "memref.alloc")) {
      fe_pbuf *b = add(pg, FE_PBUF_TEMP, mlirOperationGetResult(op, 0));
      if (!b)
        return fail(why, cap, "more than %d buffers", FE_PROGRAM_MAX_BUFFERS);
      rc = dynamic_dims(pg, b, op, 0, why, cap);
    } else if (wmma_op_is(op, "memref.expand_shape") ||
               wmma_op_is(op, "memref.collapse_shape") ||
               wmma_op_is(op, "memref.cast") ||
               wmma_op_is(op, "memref.subview")) {
      rc = view(pg, op, why, cap);
    } else if (wmma_op_is(op, "scf.for") || wmma_op_is(op, "scf.if") ||
               wmma_op_is(op, "scf.while")) {
      rc = fe_ptable_control(pg, module, op, why, cap);
    } else if (wmma_op_is(op, "scf.yield") ||
               wmma_op_is(op, "scf.condition")) {
      /* read with its loop */
    } else if (wmma_op_is(op, "gpu.launch_func")) {
      rc = read_launch(pg, module, op, why, cap);
    } else if (wmma_op_is(op, "func.return")) {
      pg->nresults = (int)mlirOperationGetNumOperands(op);
      for (int r = 0; r < pg->nresults; ++r) {
        MlirValue v = mlirOperationGetOperand(op, r);
        if (!mlirValueIsABlockArgument(v) &&
            wmma_op_is(mlirOpResultGetOwner(v), "bufferization.to_tensor"))
          v = mlirOperationGetOperand(mlirOpResultGetOwner(v), 0);
        int b = find(pg, v);
        if (b < 0 || pg->bufs[b].kind != FE_PBUF_TEMP)
          return fail(why, cap, "result %d is not a buffer the function "
                                "allocates",
                      r);
        pg->bufs[b].kind = FE_PBUF_RESULT;
        pg->bufs[b].index = r;
      }
    } else if (!wmma_op_is(op, "memref.dealloc") &&
               !wmma_op_is(op, "memref.dim") &&
               !wmma_op_is(op, "bufferization.to_tensor") &&
               !index_arith(op)) {
      char nm[64];
      wmma_op_name(op, nm, sizeof nm);
      return fail(why, cap, "the host runs '%s', which is not a launch, an "
                            "allocation, a view or a size",
                  nm);
    }
    if (rc)
      return -1;
  }
  return 0;
}

int fe_program_read(MlirOperation module, MlirOperation func,
                    fe_program *pg, char *why, size_t cap) {
  memset(pg, 0, sizeof *pg);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(body))
    return fail(why, cap, "the function has no body");
  pg->ncaller = (int)mlirBlockGetNumArguments(body);
  for (int i = 0; i < pg->ncaller; ++i)
    if (caller_arg(pg, mlirBlockGetArgument(body, i), i, why, cap))
      return -1;
  if (fe_ptable_block(pg, module, body, why, cap))
    return -1;
  /* Straight-line: the launches in order, no steps. */
  bool control = false;
  for (int i = 0; i < pg->nsteps; ++i)
    control |= pg->steps[i].kind != WMMA_STEP_LAUNCH;
  if (!control)
    pg->nsteps = 0;
  int ntemps = 0;
  /* The launch records' numbers. */
  for (int i = 0; i < pg->nbufs; ++i) {
    fe_pbuf *b = &pg->bufs[i];
    if (b->kind == FE_PBUF_RESULT)
      b->host = -1 - b->index;
    else if (b->kind == FE_PBUF_TEMP || b->kind == FE_PBUF_VIEW ||
             b->kind == FE_PBUF_VALUE)
      b->host = pg->ncaller + ntemps++;
  }
  return 0;
}
