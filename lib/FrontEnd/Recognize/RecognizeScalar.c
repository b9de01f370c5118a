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

static int outer_operand(rec_t *r, MlirOperation at, MlirValue v,
                         void *ctx) {
  (void)ctx;
  return rec_outer_scalar(r, at, v);
}

int rec_do_scalar_op(rec_t *r, MlirOperation op) {
  int n = -1;
  if (rec_elementwise_node(r, op, wmma_elementwise_of(op), outer_operand,
                           NULL, &n))
    return -1;
  if (n < 0) {
    r->fatal = true;
    return rec_refuse(r, op, "the expression graph is full (more nodes than "
                             "the front end keeps)");
  }
  return rec_bind(r, op, mlirOperationGetResult(op, 0), fe_static(0), n);
}
