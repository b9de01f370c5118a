/* Data movement moved next to its reader (see Partition.h).
 *
 * Frameworks write a transpose (or copy, or broadcast) where they produce
 * a value, not where it is read: LLaMA's heads are transposed right after
 * the Q, K and V projections, then the scores read Q and K and, after the
 * softmax, the last product reads V.  Munched in that order each transpose
 * is a kernel that only copies.  Sunk to just before the first op that
 * reads its result, a transpose joins that op's run, where the template
 * reads the source through the transposed indexing map and the copy
 * disappears (if the run is accepted: a run whose result another run also
 * reads still writes it, and is refused as two outputs, so the copy stays
 * a kernel of its own at the new place).
 *
 * The move is legal when nothing between the op and its reader writes
 * what it reads or touches what it writes; anything the front end does
 * not know (a call, a loop) stops it. */
#include "Partition/Partition.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/* The buffer a value views (through reshapes, casts and subviews). */
MlirValue fe_root_buffer(MlirValue v) {
  while (!mlirValueIsABlockArgument(v)) {
    MlirOperation d = mlirOpResultGetOwner(v);
    if (!fe_is_view_op(d))
      break;
    v = mlirOperationGetOperand(d, 0);
  }
  return v;
}

/* A compute op that only moves data: memref.copy, or a linalg.generic over
 * parallel loops from one input to one output whose body yields the input
 * element (a transpose, a broadcast, a copy through any maps). */
static bool is_movement(MlirOperation op) {
  if (wmma_op_is(op, "memref.copy"))
    return true;
  if (!wmma_op_is(op, "linalg.generic") ||
      mlirOperationGetNumOperands(op) != 2 || fe_first_output(op) != 1 ||
      !mlirTypeIsAShaped(mlirValueGetType(mlirOperationGetOperand(op, 0))))
    return false;
  return fe_yields_first_input(op);
}

/* A linalg.generic reading no buffer (a fill). */
static bool is_fill(MlirOperation op) {
  if (!wmma_op_is(op, "linalg.generic"))
    return false;
  for (intptr_t i = 0; i < fe_first_output(op); ++i)
    if (mlirTypeIsAShaped(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return false;
  return true;
}

typedef enum { TOUCH_NONE, TOUCH_READ, TOUCH_WRITE } touch_t;

/* How op touches buffer root: not, reads only, or writes (a dealloc or an
 * op the front end does not know counts as a write). */
static touch_t touches(MlirOperation op, MlirValue root) {
  bool dealloc = wmma_op_is(op, "memref.dealloc");
  bool reads_only = wmma_op_is(op, "bufferization.to_tensor");
  intptr_t n = mlirOperationGetNumOperands(op);
  /* Operands from first_out on are written. */
  intptr_t first_out;
  if (fe_is_compute_op(op))
    first_out = fe_first_output(op);
  else if (dealloc)
    first_out = 0;
  else if (reads_only)
    first_out = n;
  else
    return fe_is_pure_host_op(op) ? TOUCH_NONE  /* sizes, allocations, views */
                                  : TOUCH_WRITE; /* unknown effects */
  touch_t t = TOUCH_NONE;
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!mlirTypeIsAShaped(mlirValueGetType(v)) ||
        !mlirValueEqual(fe_root_buffer(v), root))
      continue;
    if (i >= first_out)
      return TOUCH_WRITE;
    t = TOUCH_READ;
  }
  return t;
}

/* The op before which movement op d can go: the first op after it that
 * reads its output, when everything in between leaves d's buffers alone;
 * null otherwise. */
static MlirOperation sink_target(MlirOperation d) {
  MlirValue out = fe_root_buffer(mlirOperationGetOperand(d, 1));
  MlirValue in = fe_root_buffer(mlirOperationGetOperand(d, 0));
  /* Only an intermediate of the body: the caller may see an argument. */
  if (mlirValueIsABlockArgument(out) ||
      !wmma_op_is(mlirOpResultGetOwner(out), "memref.alloc"))
    return (MlirOperation){NULL};
  /* The first of the fills (of other buffers) right before op: d goes
   * before them, so that the reader's run is fill, movement, reader (the
   * movement fused or not, a fill stays with its product). */
  MlirOperation fills = {NULL};
  for (MlirOperation op = mlirOperationGetNextInBlock(d);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (wmma_op_is(op, "func.return"))
      break;
    touch_t to = touches(op, out), ti = touches(op, in);
    if (to == TOUCH_READ && ti != TOUCH_WRITE && fe_is_compute_op(op)) {
      MlirOperation at = mlirOperationIsNull(fills) ? op : fills;
      return mlirOperationEqual(at, mlirOperationGetNextInBlock(d))
                 ? (MlirOperation){NULL} /* already there */
                 : at;
    }
    if (to != TOUCH_NONE || ti == TOUCH_WRITE)
      break;
    if (is_fill(op)) {
      if (mlirOperationIsNull(fills))
        fills = op;
    } else if (fe_is_compute_op(op)) {
      fills = (MlirOperation){NULL};
    }
  }
  return (MlirOperation){NULL};
}

int fe_sink_movements(MlirBlock body) {
  MlirOperation moves[FE_MAX_COMPUTE];
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op) && n < FE_MAX_COMPUTE;
       op = mlirOperationGetNextInBlock(op))
    if (fe_is_compute_op(op) && is_movement(op))
      moves[n++] = op;
  int moved = 0;
  for (int i = 0; i < n; ++i) {
    MlirOperation to = sink_target(moves[i]);
    if (mlirOperationIsNull(to))
      continue;
    mlirOperationMoveBefore(moves[i], to);
    ++moved;
  }
  return moved;
}
