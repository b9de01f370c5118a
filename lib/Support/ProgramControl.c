/* Loops and conditionals of a program's host (see wmma/Support/Program.h):
 * scf.for, scf.if and scf.while become steps (FOR ... END, IF ... ELSE ...
 * END, SET ... WHILE ... SET ... END) around
 * the launches of their bodies, and every index value they use -- bounds,
 * steps, conditions, a view's offset, a scalar given to a kernel -- a
 * value the runner computes from constants, the function's scalar
 * arguments, run-time sizes and induction variables.  A loop-carried
 * buffer (what bufferization leaves of a tensor iter_arg updated in place)
 * is the buffer it starts from: the iter_arg and the loop's result alias
 * it. */
#include "ProgramTable.h"
#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static int new_value(fe_program *pg, wmma_value_opcode op, int a, int b,
                     int c, int64_t imm, MlirValue v) {
  if (pg->nvalues >= FE_PROGRAM_MAX_VALUES)
    return -1;
  wmma_program_value *x = &pg->values[pg->nvalues];
  x->op = op;
  x->a = a;
  x->b = b;
  x->c = c;
  x->imm = imm;
  pg->value[pg->nvalues] = v;
  return pg->nvalues++;
}

int fe_ptable_const(fe_program *pg, int64_t c) {
  for (int i = 0; i < pg->nvalues; ++i)
    if (pg->values[i].op == WMMA_VALUE_CONST && pg->values[i].imm == c)
      return i;
  return new_value(pg, WMMA_VALUE_CONST, 0, 0, 0, c, (MlirValue){NULL});
}

int fe_ptable_size(fe_program *pg, int s) {
  for (int i = 0; i < pg->nvalues; ++i)
    if (pg->values[i].op == WMMA_VALUE_SIZE && pg->values[i].a == s)
      return i;
  return new_value(pg, WMMA_VALUE_SIZE, s, 0, 0, 0, (MlirValue){NULL});
}

int fe_ptable_binary(fe_program *pg, wmma_value_opcode op, int a, int b) {
  return new_value(pg, op, a, b, 0, 0, (MlirValue){NULL});
}

static const struct {
  const char *name;
  wmma_value_opcode op;
} kBinary[] = {
    {"arith.addi", WMMA_VALUE_ADD},        {"arith.subi", WMMA_VALUE_SUB},
    {"arith.muli", WMMA_VALUE_MUL},        {"arith.divsi", WMMA_VALUE_DIVS},
    {"arith.divui", WMMA_VALUE_DIVU},      {"arith.ceildivsi", WMMA_VALUE_CEILDIVS},
    {"arith.ceildivui", WMMA_VALUE_CEILDIVU},
    {"arith.floordivsi", WMMA_VALUE_FLOORDIVS},
    {"arith.remsi", WMMA_VALUE_REMS},      {"arith.remui", WMMA_VALUE_REMU},
    {"arith.minsi", WMMA_VALUE_MINS},      {"arith.maxsi", WMMA_VALUE_MAXS},
    {"arith.minui", WMMA_VALUE_MINU},      {"arith.maxui", WMMA_VALUE_MAXU},
    {"arith.andi", WMMA_VALUE_AND},        {"arith.ori", WMMA_VALUE_OR},
    {"arith.xori", WMMA_VALUE_XOR},        {"arith.cmpi", WMMA_VALUE_CMP},
};

static const char *const kCasts[] = {"arith.index_cast",
                                     "arith.index_castui", "arith.extsi"};

static int binary_of(MlirOperation op) {
  for (size_t i = 0; i < sizeof kBinary / sizeof kBinary[0]; ++i)
    if (wmma_op_is(op, kBinary[i].name))
      return (int)i;
  return -1;
}

static bool is_cast(MlirOperation op) {
  for (size_t i = 0; i < sizeof kCasts / sizeof kCasts[0]; ++i)
    if (wmma_op_is(op, kCasts[i]))
      return true;
  return false;
}

bool fe_program_index_op(MlirOperation op) {
  return wmma_op_is(op, "arith.constant") || wmma_op_is(op, "memref.dim") ||
         wmma_op_is(op, "arith.select") || is_cast(op) || binary_of(op) >= 0;
}

static int value_at(fe_program *pg, MlirValue v, char *why, size_t cap,
                    int depth);

static int operand_value(fe_program *pg, MlirOperation d, intptr_t i,
                         char *why, size_t cap, int depth) {
  return value_at(pg, mlirOperationGetOperand(d, i), why, cap, depth + 1);
}

static int value_at(fe_program *pg, MlirValue v, char *why, size_t cap,
                    int depth) {
  for (int i = 0; i < pg->nvalues; ++i)
    if (!mlirValueIsNull(pg->value[i]) && mlirValueEqual(pg->value[i], v))
      return i;
  for (int i = 0; i < pg->nvalue_aliases; ++i)
    if (mlirValueEqual(pg->value_alias_from[i], v))
      return pg->value_alias_to[i];
  if (depth > 64)
    return fe_ptable_fail(why, cap, "an index computation nested too deep");
  int full = fe_ptable_fail(why, cap, "more than %d index values",
                            FE_PROGRAM_MAX_VALUES);
  if (mlirValueIsABlockArgument(v)) {
    /* A scalar argument of the function (induction variables are
     * registered by their loop before its body is read). */
    int b = fe_ptable_find(pg, v);
    if (b >= 0 && pg->bufs[b].kind == FE_PBUF_SCALAR)
      return new_value(pg, WMMA_VALUE_ARG, pg->bufs[b].index, 0, 0, 0, v) < 0
                 ? full
                 : pg->nvalues - 1;
    return fe_ptable_fail(why, cap, "an index value that is a block "
                                    "argument other than a scalar argument "
                                    "or an induction variable");
  }
  MlirOperation d = mlirOpResultGetOwner(v);
  if (!fe_program_index_op(d)) {
    char nm[64];
    wmma_op_name(d, nm, sizeof nm);
    return fe_ptable_fail(why, cap, "an index value computed by '%s' (the "
                                    "host computes only index arithmetic "
                                    "of constants, index arguments, sizes "
                                    "and induction variables)",
                          nm);
  }
  int r = -1;
  if (wmma_op_is(d, "arith.constant")) {
    MlirAttribute a = wmma_attr(d, "value");
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
      return fe_ptable_fail(why, cap, "a constant that is not an integer");
    int64_t c = mlirIntegerAttrGetValueInt(a);
    if (mlirTypeIsAInteger(mlirValueGetType(v)) &&
        mlirIntegerTypeGetWidth(mlirValueGetType(v)) == 1)
      c &= 1; /* true is -1 as an i1 */
    r = new_value(pg, WMMA_VALUE_CONST, 0, 0, 0, c, v);
  } else if (wmma_op_is(d, "memref.dim")) {
    int b = fe_ptable_find(pg, mlirOperationGetOperand(d, 0));
    int k = operand_value(pg, d, 1, why, cap, depth);
    if (b < 0 || k < 0 || pg->values[k].op != WMMA_VALUE_CONST ||
        pg->values[k].imm < 0 || pg->values[k].imm >= pg->bufs[b].rank)
      return fe_ptable_fail(why, cap, "a size of something other than a "
                                      "buffer of the program");
    int64_t s = pg->bufs[b].dims[pg->values[k].imm];
    r = s >= 0 ? new_value(pg, WMMA_VALUE_CONST, 0, 0, 0, s, v)
               : new_value(pg, WMMA_VALUE_SIZE, (int)(-1 - s), 0, 0, 0, v);
  } else if (is_cast(d)) {
    return operand_value(pg, d, 0, why, cap, depth);
  } else if (wmma_op_is(d, "arith.select")) {
    int c = operand_value(pg, d, 0, why, cap, depth);
    int a = c < 0 ? -1 : operand_value(pg, d, 1, why, cap, depth);
    int b = a < 0 ? -1 : operand_value(pg, d, 2, why, cap, depth);
    if (b < 0)
      return -1;
    r = new_value(pg, WMMA_VALUE_SELECT, c, a, b, 0, v);
  } else {
    int i = binary_of(d);
    int a = operand_value(pg, d, 0, why, cap, depth);
    int b = a < 0 ? -1 : operand_value(pg, d, 1, why, cap, depth);
    if (b < 0)
      return -1;
    int64_t pred = 0;
    if (kBinary[i].op == WMMA_VALUE_CMP) {
      MlirAttribute p = wmma_attr(d, "predicate");
      if (mlirAttributeIsNull(p) || !mlirAttributeIsAInteger(p))
        return fe_ptable_fail(why, cap, "an arith.cmpi without a predicate");
      pred = mlirIntegerAttrGetValueInt(p);
    }
    r = new_value(pg, kBinary[i].op, a, b, 0, pred, v);
  }
  return r < 0 ? full : r;
}

int fe_ptable_value(fe_program *pg, MlirValue v, char *why, size_t cap) {
  return value_at(pg, v, why, cap, 0);
}

static int add_step(fe_program *pg, wmma_step_kind kind, char *why,
                    size_t cap) {
  if (pg->nsteps >= FE_PROGRAM_MAX_STEPS)
    return fe_ptable_fail(why, cap, "more than %d launches, loops and "
                                    "conditionals",
                          FE_PROGRAM_MAX_STEPS);
  wmma_program_step *s = &pg->steps[pg->nsteps];
  memset(s, 0, sizeof *s);
  s->kind = kind;
  s->launch = s->lb = s->ub = s->step = s->iv = s->cond = -1;
  s->other = s->end = -1;
  return pg->nsteps++;
}

/* The END of step `at` (a loop or conditional whose body was just read):
 * its index, or -1. */
static int close_step(fe_program *pg, int at, char *why, size_t cap) {
  int end = add_step(pg, WMMA_STEP_END, why, cap);
  if (end >= 0)
    pg->steps[at].end = end;
  return end;
}

static int alias(fe_program *pg, MlirValue from, int to, char *why,
                 size_t cap) {
  if (pg->naliases >= FE_PROGRAM_MAX_ALIASES)
    return fe_ptable_fail(why, cap, "more than %d loop-carried buffers",
                          FE_PROGRAM_MAX_ALIASES);
  pg->alias_from[pg->naliases] = from;
  pg->alias_to[pg->naliases++] = to;
  return 0;
}

static int read_for(fe_program *pg, MlirOperation module, MlirOperation op,
                    char *why, size_t cap) {
  int bounds[3];
  for (int i = 0; i < 3; ++i)
    if ((bounds[i] = fe_ptable_value(pg, mlirOperationGetOperand(op, i), why,
                                     cap)) < 0)
      return -1;
  int at = add_step(pg, WMMA_STEP_FOR, why, cap);
  if (at < 0)
    return -1;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  int iv = new_value(pg, WMMA_VALUE_IV, at, 0, 0, 0,
                     mlirBlockGetArgument(body, 0));
  if (iv < 0)
    return fe_ptable_fail(why, cap, "more than %d index values",
                          FE_PROGRAM_MAX_VALUES);
  pg->steps[at].lb = bounds[0];
  pg->steps[at].ub = bounds[1];
  pg->steps[at].step = bounds[2];
  pg->steps[at].iv = iv;
  /* Loop-carried buffers: the iter_arg and the result are the buffer the
   * loop starts from (the body writes it in place and yields it). */
  for (intptr_t i = 3; i < mlirOperationGetNumOperands(op); ++i) {
    int b = fe_ptable_find(pg, mlirOperationGetOperand(op, i));
    if (b < 0)
      return fe_ptable_fail(why, cap, "an scf.for carries something other "
                                      "than a buffer of the program");
    if (alias(pg, mlirBlockGetArgument(body, i - 2), b, why, cap) ||
        alias(pg, mlirOperationGetResult(op, i - 3), b, why, cap))
      return -1;
  }
  /* The body's yield must give each iter_arg back. */
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (wmma_op_is(o, "scf.yield"))
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(o); ++i)
        if (!mlirValueEqual(mlirOperationGetOperand(o, i),
                            mlirBlockGetArgument(body, i + 1)))
          return fe_ptable_fail(why, cap, "an scf.for yields a buffer other "
                                          "than its iter_arg %d",
                                (int)i);
  if (fe_ptable_block(pg, module, body, why, cap))
    return -1;
  return close_step(pg, at, why, cap) < 0 ? -1 : 0;
}

static int read_if(fe_program *pg, MlirOperation module, MlirOperation op,
                   char *why, size_t cap) {
  /* Results: the one buffer both branches yield (the partition checked). */
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirBlock then = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    MlirOperation y = {NULL};
    for (MlirOperation o = mlirBlockGetFirstOperation(then);
         !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
      y = o;
    int b = mlirOperationIsNull(y) || !wmma_op_is(y, "scf.yield")
                ? -1
                : fe_ptable_find(pg, mlirOperationGetOperand(y, i));
    if (b < 0)
      return fe_ptable_fail(why, cap, "an scf.if yields something other "
                                      "than a buffer of the program");
    if (alias(pg, mlirOperationGetResult(op, i), b, why, cap))
      return -1;
  }
  int cond = fe_ptable_value(pg, mlirOperationGetOperand(op, 0), why, cap);
  if (cond < 0)
    return -1;
  int at = add_step(pg, WMMA_STEP_IF, why, cap);
  if (at < 0)
    return -1;
  pg->steps[at].cond = cond;
  MlirBlock then = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (fe_ptable_block(pg, module, then, why, cap))
    return -1;
  int other = -1;
  MlirBlock els = mlirOperationGetNumRegions(op) > 1
                      ? mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 1))
                      : (MlirBlock){NULL};
  if (!mlirBlockIsNull(els)) {
    if ((other = add_step(pg, WMMA_STEP_ELSE, why, cap)) < 0 ||
        fe_ptable_block(pg, module, els, why, cap))
      return -1;
  }
  int end = close_step(pg, at, why, cap);
  if (end < 0)
    return -1;
  pg->steps[at].other = other >= 0 ? other : end;
  if (other >= 0)
    pg->steps[other].other = pg->steps[other].end = end;
  return 0;
}

static int value_alias(fe_program *pg, MlirValue from, int to, char *why,
                       size_t cap) {
  if (pg->nvalue_aliases >= FE_PROGRAM_MAX_ALIASES)
    return fe_ptable_fail(why, cap, "more than %d values an scf.while "
                                    "forwards",
                          FE_PROGRAM_MAX_ALIASES);
  pg->value_alias_from[pg->nvalue_aliases] = from;
  pg->value_alias_to[pg->nvalue_aliases++] = to;
  return 0;
}

/* SET step: the variable of step var = values[v]; its number, or -1. */
static int add_set(fe_program *pg, int var, int v, char *why, size_t cap) {
  int at = add_step(pg, WMMA_STEP_SET, why, cap);
  if (at < 0)
    return -1;
  pg->steps[at].iv = var < 0 ? at : var;
  pg->steps[at].lb = v;
  return at;
}

/* scf.while carrying index values: each before-region argument k a
 * variable (SET to its initial value before the loop), the condition and
 * the forwarded values index values of those variables (the body's
 * arguments and the loop's results are the forwarded values), the body's
 * launches, then the yielded values assigned to the variables -- all
 * evaluated first, then assigned, as scf.yield passes them at once. */
static int read_while(fe_program *pg, MlirOperation module, MlirOperation op,
                      char *why, size_t cap) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n > 16)
    return fe_ptable_fail(why, cap, "an scf.while carrying more than 16 "
                                    "values");
  MlirBlock before = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirBlock after = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 1));
  MlirOperation cond_op = wmma_block_last_op(before);
  MlirOperation yield = wmma_block_last_op(after);
  if (mlirOperationIsNull(cond_op) || !wmma_op_is(cond_op, "scf.condition") ||
      mlirOperationIsNull(yield) || !wmma_op_is(yield, "scf.yield") ||
      mlirOperationGetNumOperands(yield) != n ||
      mlirOperationGetNumOperands(cond_op) - 1 !=
          mlirOperationGetNumResults(op))
    return fe_ptable_fail(why, cap, "a malformed scf.while");
  int var[16];
  for (intptr_t k = 0; k < n; ++k) {
    int init = fe_ptable_value(pg, mlirOperationGetOperand(op, k), why, cap);
    if (init < 0 || (var[k] = add_set(pg, -1, init, why, cap)) < 0)
      return -1;
    if (new_value(pg, WMMA_VALUE_IV, var[k], 0, 0, 0,
                  mlirBlockGetArgument(before, k)) < 0)
      return fe_ptable_fail(why, cap, "more than %d index values",
                            FE_PROGRAM_MAX_VALUES);
  }
  /* The condition region: index arithmetic only (the partition checked). */
  int steps_before = pg->nsteps;
  if (fe_ptable_block(pg, module, before, why, cap))
    return -1;
  if (pg->nsteps != steps_before)
    return fe_ptable_fail(why, cap, "an scf.while whose condition region "
                                    "launches kernels");
  int cond = fe_ptable_value(pg, mlirOperationGetOperand(cond_op, 0), why,
                             cap);
  if (cond < 0)
    return -1;
  for (intptr_t k = 0; k < mlirOperationGetNumResults(op); ++k) {
    int f = fe_ptable_value(pg, mlirOperationGetOperand(cond_op, k + 1), why,
                            cap);
    if (f < 0 || value_alias(pg, mlirBlockGetArgument(after, k), f, why,
                             cap) ||
        value_alias(pg, mlirOperationGetResult(op, k), f, why, cap))
      return -1;
  }
  int at = add_step(pg, WMMA_STEP_WHILE, why, cap);
  if (at < 0)
    return -1;
  pg->steps[at].cond = cond;
  if (fe_ptable_block(pg, module, after, why, cap))
    return -1;
  int next[16];
  for (intptr_t k = 0; k < n; ++k) {
    int y = fe_ptable_value(pg, mlirOperationGetOperand(yield, k), why, cap);
    if (y < 0 || (next[k] = add_set(pg, -1, y, why, cap)) < 0)
      return -1;
  }
  for (intptr_t k = 0; k < n; ++k) {
    int t = new_value(pg, WMMA_VALUE_IV, next[k], 0, 0, 0, (MlirValue){NULL});
    if (t < 0)
      return fe_ptable_fail(why, cap, "more than %d index values",
                            FE_PROGRAM_MAX_VALUES);
    if (add_set(pg, var[k], t, why, cap) < 0)
      return -1;
  }
  return close_step(pg, at, why, cap) < 0 ? -1 : 0;
}

int fe_ptable_control(fe_program *pg, MlirOperation module, MlirOperation op,
                      char *why, size_t cap) {
  if (wmma_op_is(op, "scf.while"))
    return read_while(pg, module, op, why, cap);
  return wmma_op_is(op, "scf.for") ? read_for(pg, module, op, why, cap)
                                   : read_if(pg, module, op, why, cap);
}
