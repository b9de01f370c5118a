/* Front end, step 1 (continued): scalar arithmetic outside linalg bodies
 * (Recognize.c has the walk).  Frameworks compute scalars before the linalg
 * ops use them -- a position from an index argument (%n + 1, compared with
 * linalg.index in a mask), a scale from two scalar arguments: each such op
 * on scalars (function arguments, constants, earlier such ops) becomes a
 * rank-0 elementwise node, evaluated by the kernel where it is used (the
 * same op on the broadcast operands). */
#include "Recognize/Recognize.h"

#include "mlir-c/BuiltinTypes.h"

static bool is_scalar(MlirType t) {
  return mlirTypeIsAIndex(t) || mlirTypeIsAFloat(t) || mlirTypeIsAInteger(t);
}

bool rec_is_scalar_op(MlirOperation op) {
  if (!wmma_elementwise_of(op) || mlirOperationGetNumResults(op) != 1 ||
      !is_scalar(mlirValueGetType(mlirOperationGetResult(op, 0))))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (!is_scalar(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return false;
  return true;
}

int rec_do_scalar_op(rec_t *r, MlirOperation op) {
  const wmma_elementwise_op *ew = wmma_elementwise_of(op);
  int nops = (int)mlirOperationGetNumOperands(op);
  if (nops != ew->arity)
    return rec_refuse(r, op, "unexpected operands or results");
  int ops[3];
  for (int i = 0; i < nops; ++i) {
    ops[i] = rec_outer_scalar(r, op, mlirOperationGetOperand(op, i));
    if (ops[i] < 0)
      return -1;
  }
  int64_t pred;
  MlirAttribute attrs;
  if (rec_op_attrs(r, op, ew, &pred, &attrs))
    return -1;
  MlirValue v = mlirOperationGetResult(op, 0);
  int n = fe_op(&r->p->g, ew->name, mlirValueGetType(v), nops, ops, pred,
                attrs, mlirOperationGetLocation(op));
  if (n < 0) {
    r->fatal = true;
    return rec_refuse(r, op, "the expression graph is full (more nodes than "
                             "the front end keeps)");
  }
  return rec_bind(r, op, v, fe_static(0), n);
}
