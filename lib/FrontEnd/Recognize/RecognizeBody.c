/* Front end, step 1 (continued): the ops of a linalg.generic's body as
 * graph nodes -- elementwise ops (with the attributes the kernels
 * reproduce), linalg.index, constants, and gathers (reads of another
 * buffer at indices the body computes). */
#include "Recognize/GenericParts.h"

#include "wmma/Support/ElementwiseOps.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

int rec_body_node(rec_t *r, body_t *bd, MlirOperation at, MlirValue v) {
  for (int i = bd->n - 1; i >= 0; --i)
    if (mlirValueEqual(bd->locals[i].v, v))
      return bd->locals[i].node;
  return rec_outer_scalar(r, at, v);
}

int rec_body_bind(rec_t *r, body_t *bd, MlirOperation at, MlirValue v,
                     int node) {
  if (node < 0) {
    r->fatal = true;
    return rec_refuse(r, at, "the expression graph is full (more nodes "
                             "than the front end keeps)");
  }
  if (bd->n >= MAX_LOCALS) {
    r->fatal = true;
    return rec_refuse(r, at, "a linalg body with more than %d values",
                      MAX_LOCALS);
  }
  bd->locals[bd->n++] = (local_t){v, node};
  return 0;
}

static int body_operand(rec_t *r, MlirOperation at, MlirValue v, void *bd) {
  return rec_body_node(r, (body_t *)bd, at, v);
}

int rec_elementwise_node(rec_t *r, MlirOperation op,
                         const wmma_elementwise_op *ew,
                         rec_operand_fn operand, void *ctx, int *node) {
  *node = -1;
  int nops = (int)mlirOperationGetNumOperands(op);
  if (nops != ew->arity || mlirOperationGetNumResults(op) != 1)
    return rec_refuse(r, op, "unexpected operands or results");
  int ops[3];
  for (int i = 0; i < nops; ++i) {
    ops[i] = operand(r, op, mlirOperationGetOperand(op, i), ctx);
    if (ops[i] < 0)
      return -1;
  }
  int64_t pred;
  MlirAttribute attrs;
  if (rec_op_attrs(r, op, ew, &pred, &attrs))
    return -1;
  MlirValue v = mlirOperationGetResult(op, 0);
  *node = fe_op(&r->p->g, ew->name, mlirValueGetType(v), nops, ops, pred,
                attrs, mlirOperationGetLocation(op));
  return 0;
}

/* The attributes of elementwise op `op` (table entry ew) the kernel's op
 * gets: the compare predicate into *pred, the ones it copies (fastmath,
 * overflow flags, ...) into *attrs when not their defaults.  An attribute
 * the op's table line does not list, or one the replay cannot honour, is
 * refused naming it: dropping it would change the numbers silently. */
int rec_op_attrs(rec_t *r, MlirOperation op, const wmma_elementwise_op *ew,
                 int64_t *pred, MlirAttribute *attrs) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirNamedAttribute keep[8];
  intptr_t nkeep = 0;
  *pred = -1;
  *attrs = (MlirAttribute){NULL};
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
    MlirNamedAttribute na = mlirOperationGetAttribute(op, i);
    MlirStringRef an = mlirIdentifierStr(na.name);
    const wmma_ew_attr *at = wmma_ew_attr_lookup(an);
    if (!at || !(ew->attrs & at->bit))
      return rec_refuse(r, op, "'%s' carries the attribute '%.*s', which the "
                               "kernels do not reproduce",
                        ew->name, (int)an.length, an.data);
    if (at->policy == WMMA_EW_KEEP_PREDICATE) {
      if (!mlirAttributeIsAInteger(na.attribute))
        return rec_refuse(r, op, "a compare predicate that is not an integer");
      *pred = mlirIntegerAttrGetValueInt(na.attribute);
    } else if (wmma_ew_attr_is_default(at, na.attribute)) {
      continue; /* the kernel's op has it without saying so */
    } else if (at->policy == WMMA_EW_REFUSE_UNLESS_DEFAULT) {
      char v[64];
      wmma_ew_attr_describe(at, na.attribute, v, sizeof v);
      return rec_refuse(r, op, "'%s' with %s = %s: %s", ew->name, at->name, v,
                        at->why);
    } else {
      if (nkeep == (intptr_t)(sizeof keep / sizeof keep[0]))
        return rec_refuse(r, op, "'%s' carries more than %d attributes",
                          ew->name, (int)nkeep);
      keep[nkeep++] = na;
    }
  }
  if (nkeep)
    *attrs = mlirDictionaryAttrGet(ctx, nkeep, keep);
  return 0;
}

void rec_body_fail(body_failed_t *f, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (f->n < MAX_LOCALS)
      f->v[f->n++] = mlirOperationGetResult(op, i);
  if (f->n == 0) /* a refused op without results still marks the body */
    f->v[f->n++] = (MlirValue){NULL};
}

bool rec_body_reads_failed(const body_failed_t *f, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    for (int j = 0; j < f->n; ++j)
      if (!mlirValueIsNull(f->v[j]) && mlirValueEqual(f->v[j], v))
        return true;
  }
  return false;
}

/* A read of another buffer at indices computed in the body (torch-mlir's
 * embedding and index_select): an FE_GATHER of that buffer, which must be
 * an argument the function never writes (its contents are then the
 * argument's, whatever kernel reads them). */
static int body_gather(rec_t *r, body_t *bd, MlirOperation op, int nloops) {
  intptr_t nops = mlirOperationGetNumOperands(op);
  if (nops < 2 || nops > 4 || mlirOperationGetNumResults(op) != 1)
    return rec_refuse(r, op, "a gather from a buffer of rank 0 or above 3 "
                             "is not supported");
  buffer_t *b = rec_buffer_of(r, mlirOperationGetOperand(op, 0));
  if (!b || b->arg < 0 || b->alloc || b->written || b->poisoned ||
      b->pad_src >= 0)
    return rec_refuse(r, op, "a read of another buffer at indices computed "
                             "in the body (a gather) is supported from a "
                             "function argument the function does not "
                             "write, not from this buffer");
  fe_node n = fe_node_blank(FE_GATHER, b->elem, nloops);
  n.arg = b->arg;
  n.nops = (int)nops - 1;
  for (int i = 0; i < n.nops; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i + 1);
    if (!mlirTypeIsAIndex(mlirValueGetType(v)))
      return rec_refuse(r, op, "a gather index that is not an index");
    n.ops[i] = rec_body_node(r, bd, op, v);
    if (n.ops[i] < 0)
      return -1;
  }
  n.loc = mlirOperationGetLocation(op);
  r->p->args[b->arg].plain_read = true;
  return rec_body_bind(r, bd, op, mlirOperationGetResult(op, 0),
                   fe_node_add(&r->p->g, &n));
}

/* One op of a linalg body. */
int rec_body_op(rec_t *r, body_t *bd, MlirOperation op, int nloops) {
  fe_graph *g = &r->p->g;
  MlirLocation loc = mlirOperationGetLocation(op);
  if (wmma_op_is(op, "arith.constant")) {
    if (rec_do_constant(r, op))
      return -1;
    return 0; /* bound as a rank-0 scalar, visible through outer_scalar */
  }
  if (wmma_op_is(op, "linalg.index")) {
    MlirAttribute d = wmma_attr(op, "dim");
    if (mlirAttributeIsNull(d) || !mlirAttributeIsAInteger(d) ||
        mlirIntegerAttrGetValueInt(d) >= nloops)
      return rec_refuse(r, op, "linalg.index of an unknown loop");
    fe_node n = fe_node_blank(
        FE_INDEX, mlirValueGetType(mlirOperationGetResult(op, 0)), nloops);
    n.dim = (int)mlirIntegerAttrGetValueInt(d);
    n.loc = loc;
    return rec_body_bind(r, bd, op, mlirOperationGetResult(op, 0),
                     fe_node_add(g, &n));
  }
  const wmma_elementwise_op *ew = wmma_elementwise_of(op);
  if (!ew && (wmma_op_is(op, "memref.load") || wmma_op_is(op, "tensor.extract")))
    return body_gather(r, bd, op, nloops);
  if (!ew) {
    char nm[64];
    rec_op_name(op, nm, sizeof nm);
    return rec_refuse(r, op, "'%s' inside a linalg body is not an elementwise "
                         "op the kernels can evaluate",
                  nm);
  }
  int node = -1;
  if (rec_elementwise_node(r, op, ew, body_operand, bd, &node))
    return -1;
  return rec_body_bind(r, bd, op, mlirOperationGetResult(op, 0), node);
}
