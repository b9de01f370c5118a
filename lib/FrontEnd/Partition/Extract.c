/* A segment of the normalized body as a function of its own (see
 * Partition.h): its compute ops cloned in order, every value they use from
 * outside made an argument -- except what only sizes or holds the
 * segment's own temporaries (constants, memref.dim and index arithmetic,
 * allocations no other op uses), which is cloned inside.  The C API has no
 * IR mapping: clones keep the outer operands, which are then replaced one
 * by one through a small value map. */
#include "Partition/Partition.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define MAX_MAPPED 512

typedef struct {
  MlirBlock outer_body; /* the block of the segment's ops (the normalized
                           function's body, or a loop's) */
  const fe_remat *remat;
  MlirBlock block;      /* the sub-function's */
  MlirOperation *seg;   /* the segment's compute ops */
  int nseg;
  fe_extract *x;
  int n;
  MlirValue from[MAX_MAPPED], to[MAX_MAPPED];
  bool failed;
} extract_t;

static bool is_index_op(MlirOperation op) {
  static const char *const kOps[] = {
      "arith.constant", "memref.dim",   "arith.addi",    "arith.subi",
      "arith.muli",     "arith.divui",  "arith.divsi",   "arith.ceildivui",
      "arith.ceildivsi", "arith.floordivsi", "arith.remui", "arith.remsi",
      "arith.index_cast", "arith.index_castui", "arith.maxui", "arith.minui",
      "arith.maxsi",    "arith.minsi",  "affine.apply"};
  for (size_t i = 0; i < sizeof kOps / sizeof kOps[0]; ++i)
    if (wmma_op_is(op, kOps[i]))
      return true;
  return false;
}

/* The output operands of a compute op (its writes). */
intptr_t fe_first_output(MlirOperation op) {
  if (wmma_op_is(op, "memref.copy"))
    return 1;
  MlirAttribute seg = wmma_attr(op, "operandSegmentSizes");
  if (mlirAttributeIsNull(seg) || mlirDenseArrayGetNumElements(seg) != 2)
    return mlirOperationGetNumOperands(op);
  return mlirDenseI32ArrayGetElement(seg, 0);
}

bool fe_yields_first_input(MlirOperation op) {
  if (!wmma_linalg_all_parallel(op))
    return false;
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation y = mlirBlockGetFirstOperation(b);
  return !mlirOperationIsNull(y) && wmma_op_is(y, "linalg.yield") &&
         mlirOperationGetNumOperands(y) == 1 &&
         mlirValueEqual(mlirOperationGetOperand(y, 0),
                        mlirBlockGetArgument(b, 0));
}

bool fe_is_remat_fill(MlirBlock body, MlirOperation op, MlirValue *buffer) {
  if (!wmma_op_is(op, "linalg.generic") ||
      mlirOperationGetNumOperands(op) != 2 || fe_first_output(op) != 1)
    return false;
  MlirValue in = mlirOperationGetOperand(op, 0);
  MlirValue out = mlirOperationGetOperand(op, 1);
  if (mlirTypeIsAShaped(mlirValueGetType(in)) ||
      mlirValueIsABlockArgument(out) ||
      !wmma_op_is(mlirOpResultGetOwner(out), "memref.alloc"))
    return false;
  /* The body yields the scalar input, at every element (parallel loops,
   * identity output map). */
  MlirAttribute maps = wmma_attr(op, "indexing_maps");
  if (mlirAttributeIsNull(maps) || !mlirAttributeIsAArray(maps) ||
      mlirArrayAttrGetNumElements(maps) != 2 ||
      !mlirAffineMapIsIdentity(
          mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, 1))) ||
      !fe_yields_first_input(op))
    return false;
  /* Only compute ops read the buffer (and size queries: its sizes are
   * known) and none but this fill writes it. */
  for (MlirOpOperand u = mlirValueGetFirstUse(out); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (mlirOperationEqual(user, op) || wmma_op_is(user, "memref.dealloc") ||
        wmma_op_is(user, "memref.dim"))
      continue;
    if (!fe_is_compute_op(user) ||
        !mlirBlockEqual(mlirOperationGetBlock(user), body) ||
        mlirOpOperandGetOperandNumber(u) >= fe_first_output(user))
      return false;
  }
  *buffer = out;
  return true;
}

bool fe_is_compute_op(MlirOperation op) {
  return wmma_op_is(op, "linalg.generic") || wmma_op_is(op, "memref.copy");
}

bool fe_is_view_op(MlirOperation op) {
  return wmma_op_is(op, "memref.expand_shape") ||
         wmma_op_is(op, "memref.collapse_shape") ||
         wmma_op_is(op, "memref.cast") || wmma_op_is(op, "memref.subview");
}

bool fe_is_pure_host_op(MlirOperation op) {
  return is_index_op(op) || wmma_op_is(op, "memref.alloc") ||
         wmma_op_is(op, "memref.dealloc") || fe_is_view_op(op) ||
         wmma_op_is(op, "bufferization.to_tensor") ||
         wmma_op_is(op, "bufferization.to_buffer");
}

static bool in_segment(const extract_t *e, MlirOperation op) {
  for (int i = 0; i < e->nseg; ++i)
    if (mlirOperationEqual(e->seg[i], op))
      return true;
  return false;
}

/* The op of the segment's block that op is (or is nested in); op itself
 * when it is elsewhere in the normalized function (outside the segment's
 * block); null for a clone (detached, or in the sub-function). */
static MlirOperation outer_op(const extract_t *e, MlirOperation op) {
  MlirOperation user = op;
  while (!mlirOperationIsNull(op)) {
    MlirBlock b = mlirOperationGetBlock(op);
    if (mlirBlockIsNull(b) || mlirBlockEqual(b, e->block))
      return (MlirOperation){NULL};
    if (mlirBlockEqual(b, e->outer_body))
      return op;
    op = mlirOperationGetParentOperation(op);
    if (!mlirOperationIsNull(op) && wmma_op_is(op, "func.func"))
      return user;
  }
  return op;
}

/* Does only the segment use v (deallocations aside), directly or through
 * views of it? */
static bool only_segment_uses(const extract_t *e, MlirValue v) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = outer_op(e, mlirOpOperandGetOwner(u));
    if (mlirOperationIsNull(user))
      continue; /* a clone made for this segment, not yet remapped */
    if (in_segment(e, user) || wmma_op_is(user, "memref.dealloc"))
      continue;
    if (!fe_is_view_op(user) ||
        !only_segment_uses(e, mlirOperationGetResult(user, 0)))
      return false;
  }
  return true;
}

/* An allocation only the segment uses (a transpose's output read by the
 * segment's product through a reshape, say). */
static bool internal_alloc(const extract_t *e, MlirOperation op) {
  /* Of the segment's own block: one allocated outside a loop may carry
   * data from one iteration to the next. */
  return wmma_op_is(op, "memref.alloc") &&
         mlirBlockEqual(mlirOperationGetBlock(op), e->outer_body) &&
         only_segment_uses(e, mlirOperationGetResult(op, 0));
}

static MlirValue lookup(const extract_t *e, MlirValue v) {
  for (int i = 0; i < e->n; ++i)
    if (mlirValueEqual(e->from[i], v))
      return e->to[i];
  return (MlirValue){NULL};
}

static void map(extract_t *e, MlirValue from, MlirValue to) {
  if (e->n >= MAX_MAPPED) {
    e->failed = true;
    return;
  }
  e->from[e->n] = from;
  e->to[e->n++] = to;
}

/* Is v a value of the normalized function visible in the segment's block
 * (defined in it or in a block enclosing it: a loop's induction variable,
 * the function's arguments), not one made inside a clone? */
static bool is_outer(const extract_t *e, MlirValue v) {
  MlirBlock b = mlirValueIsABlockArgument(v)
                    ? mlirBlockArgumentGetOwner(v)
                    : mlirOperationGetBlock(mlirOpResultGetOwner(v));
  for (MlirBlock a = e->outer_body; !mlirBlockIsNull(a);) {
    if (mlirBlockEqual(a, b))
      return true;
    MlirOperation p = mlirBlockGetParentOperation(a);
    if (mlirOperationIsNull(p) || wmma_op_is(p, "func.func"))
      return false;
    a = mlirOperationGetBlock(p);
  }
  return false;
}

static MlirValue materialize(extract_t *e, MlirValue v);

/* Replaces every outer operand of op and of the ops nested in it. */
static void remap_operands(extract_t *e, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op) && !e->failed;
       ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!is_outer(e, v))
      continue;
    MlirValue w = materialize(e, v);
    if (!mlirValueIsNull(w))
      mlirOperationSetOperand(op, i, w);
  }
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (MlirOperation n = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(n); n = mlirOperationGetNextInBlock(n))
        remap_operands(e, n);
}

/* A clone of outer op d (operands remapped) appended to the block. */
static void clone_in(extract_t *e, MlirOperation d) {
  MlirOperation c = mlirOperationClone(d);
  remap_operands(e, c);
  mlirBlockAppendOwnedOperation(e->block, c);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(d); ++i)
    map(e, mlirOperationGetResult(d, i), mlirOperationGetResult(c, i));
}

static MlirValue add_argument(extract_t *e, MlirValue v) {
  if (e->x->nargs >= FE_MAX_ARGS) {
    e->failed = true;
    return (MlirValue){NULL};
  }
  MlirValue a = mlirBlockAddArgument(e->block, mlirValueGetType(v),
                                     mlirValueGetLocation(v));
  e->x->outer[e->x->nargs++] = v;
  map(e, v, a);
  return a;
}

static MlirValue materialize(extract_t *e, MlirValue v) {
  MlirValue m = lookup(e, v);
  if (!mlirValueIsNull(m) || e->failed)
    return m;
  /* A buffer of constant fill: its allocation and the fill, inside. */
  for (int i = 0; e->remat && i < e->remat->n; ++i)
    if (mlirValueEqual(e->remat->buffer[i], v)) {
      clone_in(e, mlirOpResultGetOwner(v));
      clone_in(e, e->remat->fill[i]);
      return lookup(e, v);
    }
  if (!mlirValueIsABlockArgument(v)) {
    MlirOperation d = mlirOpResultGetOwner(v);
    bool scalar = !mlirTypeIsAShaped(mlirValueGetType(v));
    /* A view of an internal allocation: cloned with it. */
    bool internal_view = false;
    if (fe_is_view_op(d)) {
      MlirValue root = fe_root_buffer(v);
      internal_view = !mlirValueIsABlockArgument(root) &&
                      internal_alloc(e, mlirOpResultGetOwner(root));
    }
    if ((scalar && is_index_op(d)) || internal_alloc(e, d) || internal_view) {
      if (wmma_op_is(d, "memref.alloc")) {
        if (e->x->ninternal >= FE_MAX_ARGS) {
          e->failed = true;
          return (MlirValue){NULL};
        }
        e->x->internal[e->x->ninternal++] = d;
      }
      clone_in(e, d);
      return lookup(e, v);
    }
  }
  return add_argument(e, v);
}

int fe_extract_segment(MlirBlock body, MlirOperation *ops, int first,
                       int last, const fe_remat *remat, const char *name,
                       fe_extract *x) {
  memset(x, 0, sizeof *x);
  extract_t *e = calloc(1, sizeof *e);
  if (!e)
    return -1;
  MlirOperation fop = ops[first];
  MlirContext ctx = mlirOperationGetContext(fop);
  MlirLocation loc = mlirOperationGetLocation(fop);
  MlirModule m = mlirModuleCreateEmpty(loc);
  x->module = mlirModuleGetOperation(m);
  e->outer_body = body;
  e->remat = remat;
  e->block = mlirBlockCreate(0, NULL, NULL);
  e->seg = ops + first;
  e->nseg = last - first + 1;
  e->x = x;
  for (int i = first; i <= last && !e->failed; ++i)
    clone_in(e, ops[i]);
  int rc = e->failed ? -1 : 0;
  if (!rc) {
    intptr_t n = mlirBlockGetNumArguments(e->block);
    MlirType types[FE_MAX_ARGS];
    for (intptr_t i = 0; i < n; ++i)
      types[i] = mlirValueGetType(mlirBlockGetArgument(e->block, i));
    MlirOperationState st = mlirOperationStateGet(wmma_sref("func.return"),
                                                  loc);
    mlirBlockAppendOwnedOperation(e->block, mlirOperationCreate(&st));
    MlirNamedAttribute attrs[2] = {
        wb_named(ctx, "sym_name", wb_str_attr(ctx, name)),
        wb_named(ctx, "function_type",
                 mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, types, 0, NULL)))};
    MlirOperationState fs = mlirOperationStateGet(wmma_sref("func.func"), loc);
    mlirOperationStateAddAttributes(&fs, 2, attrs);
    MlirRegion region = mlirRegionCreate();
    mlirRegionAppendOwnedBlock(region, e->block);
    mlirOperationStateAddOwnedRegions(&fs, 1, &region);
    x->func = mlirOperationCreate(&fs);
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), x->func);
  } else {
    mlirBlockDestroy(e->block);
  }
  free(e);
  if (rc)
    fe_extract_free(x);
  return rc;
}

void fe_extract_free(fe_extract *x) {
  if (!mlirOperationIsNull(x->module))
    mlirOperationDestroy(x->module);
  x->module = x->func = (MlirOperation){NULL};
}
