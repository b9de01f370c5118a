/* Control flow around linalg (see Partition.h): `scf.for`, `scf.if` and
 * `scf.while` of a program stay on the host, their compute ops are cut into kernels like
 * a straight-line body, one block at a time (a segment never crosses a
 * region's boundary), and every launch inside runs once per iteration.
 *
 * The host's loops must be ones the program record (wmma/Support/
 * Program.h) describes and the runner replays: bounds, steps and
 * conditions computed from constants, `index` arguments, buffer sizes and
 * enclosing induction variables by index arithmetic; loop-carried values
 * buffers that each iteration updates in place (what bufferization leaves
 * of tensor iter_args when the loop's body writes its destination), or an
 * scf.while's index values (its condition evaluated each iteration from
 * them).  Any other loop stays on the host as a whole, with the reason. */
#include "Partition/Partition.h"
#include "wmma/Support/Program.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

bool fe_is_control_op(MlirOperation op) {
  return wmma_op_is(op, "scf.for") || wmma_op_is(op, "scf.if") ||
         wmma_op_is(op, "scf.while");
}

static bool host_integer(MlirType t) {
  return mlirTypeIsAIndex(t) || mlirTypeIsAInteger(t);
}

/* Is v an index (or i1) value the host can compute before a launch:
 * constants, arguments of the function, induction variables of enclosing
 * loops, sizes of buffers, and index arithmetic of these? */
static bool host_scalar(MlirValue v, int depth) {
  if (depth > 64)
    return false;
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsAIndex(t) && !mlirTypeIsAInteger(t))
    return false;
  if (mlirValueIsABlockArgument(v)) {
    MlirOperation owner =
        mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    if (mlirOperationIsNull(owner))
      return false;
    if (wmma_op_is(owner, "func.func"))
      return mlirTypeIsAIndex(t);
    /* scf.while: the values it carries (describable checked they are
     * index values). */
    if (wmma_op_is(owner, "scf.while"))
      return true;
    /* scf.for: the induction variable (argument 0), not an iter_arg. */
    return wmma_op_is(owner, "scf.for") && mlirBlockArgumentGetArgNumber(v) == 0;
  }
  MlirOperation d = mlirOpResultGetOwner(v);
  if (wmma_op_is(d, "scf.while"))
    return true;
  /* What the program record evaluates (ProgramControl.c), no more. */
  if (!fe_program_index_op(d))
    return false;
  if (wmma_op_is(d, "arith.constant"))
    return true;
  if (wmma_op_is(d, "memref.dim"))
    return host_scalar(mlirOperationGetOperand(d, 1), depth + 1);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); ++i)
    if (!host_scalar(mlirOperationGetOperand(d, i), depth + 1))
      return false;
  return true;
}

/* Does each result of scf.if op come from one buffer, defined before it,
 * that both branches yield (what bufferization makes of a tensor scf.if
 * whose branches write one destination)? */
static bool same_buffer_yielded(MlirOperation op) {
  intptr_t n = mlirOperationGetNumResults(op);
  if (n == 0)
    return true;
  if (mlirOperationGetNumRegions(op) < 2)
    return false;
  MlirOperation y[2];
  for (int r = 0; r < 2; ++r) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    y[r] = mlirBlockIsNull(b) ? (MlirOperation){NULL} : wmma_block_last_op(b);
    if (mlirOperationIsNull(y[r]) || !wmma_op_is(y[r], "scf.yield") ||
        mlirOperationGetNumOperands(y[r]) != n)
      return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue a = mlirOperationGetOperand(y[0], i);
    if (!mlirTypeIsAMemRef(mlirValueGetType(a)) ||
        !mlirValueEqual(a, mlirOperationGetOperand(y[1], i)))
      return false;
    MlirBlock def = mlirValueIsABlockArgument(a)
                        ? mlirBlockArgumentGetOwner(a)
                        : mlirOperationGetBlock(mlirOpResultGetOwner(a));
    if (!mlirBlockEqual(def, mlirOperationGetBlock(op)) &&
        !mlirValueIsABlockArgument(a))
      return false; /* made inside a branch */
  }
  return true;
}

static bool host_arith(MlirOperation op);

/* An scf.while the record describes: it carries index values (no
 * buffers), its condition region only computes them (no kernel's work),
 * and its condition, forwarded and yielded values are host scalars. */
static bool while_describable(MlirOperation op, char *why, size_t cap) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (!host_integer(mlirValueGetType(mlirOperationGetOperand(op, i))) ||
        !host_scalar(mlirOperationGetOperand(op, i), 0)) {
      fe_why(why, cap, "the scf.while carries something other than an "
                       "index value the host computes (value %d): only "
                       "index values (counters, sizes) are supported; "
                       "update buffers in place in its body",
             (int)i);
      return false;
    }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!host_integer(mlirValueGetType(mlirOperationGetResult(op, i)))) {
      fe_why(why, cap, "the scf.while forwards something other than an "
                       "index value (result %d)",
             (int)i);
      return false;
    }
  MlirBlock before = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirBlock after = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 1));
  if (mlirBlockIsNull(before) || mlirBlockIsNull(after) ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(before)) ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(after))) {
    fe_why(why, cap, "an scf.while with several blocks in a region");
    return false;
  }
  for (MlirOperation o = mlirBlockGetFirstOperation(before);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (wmma_op_is(o, "scf.condition")) {
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(o); ++i)
        if (!host_scalar(mlirOperationGetOperand(o, i), 0)) {
          fe_why(why, cap, "the scf.while's condition or a value it "
                           "forwards is not computed from constants, index "
                           "arguments, sizes and the values it carries by "
                           "index arithmetic (a value a kernel computes "
                           "cannot decide a launch)");
          return false;
        }
      continue;
    }
    if (!host_arith(o) && !wmma_op_is(o, "memref.dim")) {
      fe_why(why, cap, "the scf.while's condition region does more than "
                       "index arithmetic (a kernel's work there is not "
                       "supported: move it into the loop's body)");
      return false;
    }
  }
  MlirOperation yield = wmma_block_last_op(after);
  for (intptr_t i = 0;
       !mlirOperationIsNull(yield) && i < mlirOperationGetNumOperands(yield);
       ++i)
    if (!host_scalar(mlirOperationGetOperand(yield, i), 0)) {
      fe_why(why, cap, "the scf.while yields a value (%d) not computed from "
                       "constants, index arguments, sizes and the values it "
                       "carries by index arithmetic",
             (int)i);
      return false;
    }
  return true;
}

/* Is the loop (or conditional) one the program record describes?  If not,
 * why (it then stays on the host as a whole). */
static bool describable(MlirOperation op, char *why, size_t cap) {
  if (wmma_op_is(op, "scf.while"))
    return while_describable(op, why, cap);
  if (wmma_op_is(op, "scf.if")) {
    if (!same_buffer_yielded(op)) {
      fe_why(why, cap, "an scf.if yielding scalars, or different buffers "
                       "in its branches, is not supported (write the result "
                       "into one buffer in both branches)");
      return false;
    }
    if (!host_scalar(mlirOperationGetOperand(op, 0), 0)) {
      fe_why(why, cap, "the scf.if's condition is not computed from "
                       "constants, index arguments, sizes and induction "
                       "variables by index arithmetic (a value a kernel "
                       "computes cannot decide a launch)");
      return false;
    }
    return true;
  }
  static const char *const kBound[] = {"lower bound", "upper bound", "step"};
  for (int i = 0; i < 3; ++i)
    if (!host_scalar(mlirOperationGetOperand(op, i), 0)) {
      fe_why(why, cap, "the scf.for's %s is not computed from constants, "
                       "index arguments, sizes and induction variables by "
                       "index arithmetic",
             kBound[i]);
      return false;
    }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation yield = wmma_block_last_op(body);
  for (intptr_t i = 3; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue init = mlirOperationGetOperand(op, i);
    if (!mlirTypeIsAMemRef(mlirValueGetType(init))) {
      fe_why(why, cap, "the scf.for carries a scalar from one iteration to "
                       "the next (iter_arg %d): only buffers updated in "
                       "place are supported",
             (int)(i - 3));
      return false;
    }
    MlirValue arg = mlirBlockGetArgument(body, i - 2);
    if (mlirOperationIsNull(yield) || !wmma_op_is(yield, "scf.yield") ||
        !mlirValueEqual(mlirOperationGetOperand(yield, i - 3), arg)) {
      fe_why(why, cap, "the scf.for's iter_arg %d is a different buffer in "
                       "each iteration; write each iteration's result into "
                       "the iter_arg (destination-passing style)",
             (int)(i - 3));
      return false;
    }
  }
  return true;
}

static int add_op(MlirOperation *list, int *n, MlirOperation op) {
  if (*n >= FE_MAX_COMPUTE)
    return -2;
  list[(*n)++] = op;
  return 0;
}

/* Scalar arithmetic the host does (a loop's bound, a condition): what
 * host_scalar accepts, so that anything else (a float converted to an
 * integer) stays an op the front end does not know. */
static bool host_arith(MlirOperation op) {
  char nm[64];
  wmma_op_name(op, nm, sizeof nm);
  return !strncmp(nm, "arith.", 6) && mlirOperationGetNumResults(op) == 1 &&
         host_scalar(mlirOperationGetResult(op, 0), 0);
}

int fe_partition_collect(fe_partition *pt, MlirBlock block) {
  fe_sink_movements(block);
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirValue filled;
    int rc = 0;
    if (fe_is_remat_fill(block, op, &filled)) {
      pt->remat.fill[pt->remat.n] = op;
      pt->remat.buffer[pt->remat.n++] = filled;
    } else if (fe_is_compute_op(op)) {
      rc = add_op(pt->ops, &pt->nops, op);
    } else if (fe_is_control_op(op)) {
      char why[FE_WHY];
      if (!describable(op, why, sizeof why)) {
        if (pt->nleft >= FE_MAX_COMPUTE)
          return -2;
        fe_leftover *l = &pt->left[pt->nleft++];
        l->op = op;
        l->loc = mlirOperationGetLocation(op);
        snprintf(l->why, sizeof l->why, "%s", why);
        l->control = true;
        rc = add_op(pt->barrier, &pt->nbarrier, op);
      } else {
        rc = add_op(pt->barrier, &pt->nbarrier, op);
        for (intptr_t r = 0; !rc && r < mlirOperationGetNumRegions(op); ++r)
          for (MlirBlock b =
                   mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
               !rc && !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
            rc = fe_partition_collect(pt, b);
      }
    } else if (!fe_is_pure_host_op(op) && !host_arith(op) &&
               !wmma_op_is(op, "func.return") &&
               !wmma_op_is(op, "scf.yield") &&
               !wmma_op_is(op, "scf.condition")) {
      rc = add_op(pt->foreign, &pt->nforeign, op);
    }
    if (rc)
      return rc;
  }
  return 0;
}
