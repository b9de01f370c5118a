/* The region nesting depth of IR, measured without recursion, so that a
 * pass can refuse IR nested too deep for its recursive walks before it
 * starts one (a 50,000-deep scf.if nest otherwise takes minutes). */
#include "wmma/Support/CAPIUtil.h"

/* The first operation of regions r, r+1, ... of one op (skipping empty
 * blocks and regions); null if there is none. */
static MlirOperation first_op_from(MlirRegion r) {
  for (; !mlirRegionIsNull(r); r = mlirRegionGetNextInOperation(r))
    for (MlirBlock b = mlirRegionGetFirstBlock(r); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b)) {
      MlirOperation op = mlirBlockGetFirstOperation(b);
      if (!mlirOperationIsNull(op))
        return op;
    }
  return (MlirOperation){NULL};
}

/* The operation after op in pre-order at op's own depth: the next in its
 * block, else the first of a later block or a later region of its parent. */
static MlirOperation next_at_same_depth(MlirOperation op) {
  MlirOperation next = mlirOperationGetNextInBlock(op);
  if (!mlirOperationIsNull(next))
    return next;
  MlirBlock b = mlirOperationGetBlock(op);
  for (MlirBlock n = mlirBlockGetNextInRegion(b); !mlirBlockIsNull(n);
       n = mlirBlockGetNextInRegion(n)) {
    next = mlirBlockGetFirstOperation(n);
    if (!mlirOperationIsNull(next))
      return next;
  }
  return first_op_from(mlirRegionGetNextInOperation(mlirBlockGetParentRegion(b)));
}

MlirOperation wmma_nested_deeper_than(MlirOperation root, unsigned limit) {
  unsigned depth = 0;
  MlirOperation op = root;
  for (;;) {
    MlirOperation child = first_op_from(mlirOperationGetFirstRegion(op));
    if (!mlirOperationIsNull(child)) {
      if (++depth > limit)
        return child;
      op = child;
      continue;
    }
    for (;;) { /* no children: the next operation, climbing as needed */
      if (mlirOperationEqual(op, root))
        return (MlirOperation){NULL};
      MlirOperation next = next_at_same_depth(op);
      if (!mlirOperationIsNull(next)) {
        op = next;
        break;
      }
      op = mlirOperationGetParentOperation(op);
      depth--;
    }
  }
}
