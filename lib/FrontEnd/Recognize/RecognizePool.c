/* Front end, step 1 (continued): a pooling -- a sliding window reduced
 * without a filter: linalg.pooling_* generalized, or a linalg.generic of
 * the same maps (IREE's form) -- read by RecognizeConv.c as a depthwise
 * convolution whose window operand (a shape-only tensor, never read) is
 * the filter: the same loop roles, gathered input, padding and K loop
 * over the taps.  What differs is the body, read here: it yields
 * combine(out, f(input)) with combine a max, a min or a sum, and the
 * product becomes a combining one (fe_contraction.combine), which the
 * VALU template reduces with that op instead of multiply-adds. */
#include "Recognize/Recognize.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "wmma/Support/ElementwiseOps.h"

#include <string.h>

static const char *const COMBINERS[] = {
    "arith.maximumf", "arith.maxnumf", "arith.minimumf", "arith.minnumf",
    "arith.addf",     "arith.addi",    "arith.maxsi",    "arith.minsi",
    "arith.maxui",    "arith.minui"};

static const char *combiner(const char *name) {
  for (size_t i = 0; i < sizeof COMBINERS / sizeof *COMBINERS; ++i)
    if (!strcmp(name, COMBINERS[i]))
      return COMBINERS[i];
  return NULL;
}

bool rec_is_pool(MlirOperation op) {
  if (mlirOperationGetNumRegions(op) != 1 ||
      mlirOperationGetNumOperands(op) != 3)
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(body) || mlirBlockGetNumArguments(body) != 3)
    return false;
  /* The window's block argument unused: its shape alone matters. */
  MlirOpOperand use = mlirValueGetFirstUse(mlirBlockGetArgument(body, 1));
  return mlirOpOperandIsNull(use);
}

#define MAX_BODY 16

int rec_pool_body(rec_t *r, MlirOperation op, int ni, int *value,
                  const char **combine, bool *zext) {
  fe_graph *g = &r->p->g;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  const int OUT = -2, RESULT = -3;
  MlirValue v[MAX_BODY];
  int node[MAX_BODY], n = 0, yielded = -1;
  v[n] = mlirBlockGetArgument(body, 0);
  node[n++] = ni;
  v[n] = mlirBlockGetArgument(body, 2);
  node[n++] = OUT;
  *value = -1;
  *combine = NULL;
  const char *bad = "the body is not combine(out, f(input)) with combine a "
                    "max, a min or a sum";
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (wmma_op_is(o, "linalg.yield")) {
      for (int i = 0; i < n && mlirOperationGetNumOperands(o) == 1; ++i)
        if (mlirValueEqual(v[i], mlirOperationGetOperand(o, 0)))
          yielded = node[i];
      break;
    }
    const wmma_elementwise_op *ew = wmma_elementwise_of(o);
    int nops = (int)mlirOperationGetNumOperands(o), ops[3];
    if (!ew || nops != ew->arity || nops > 3 || n == MAX_BODY ||
        mlirOperationGetNumResults(o) != 1 || *combine)
      return rec_refuse(r, op, "pooling: %s", bad);
    bool has_out = false;
    for (int i = 0; i < nops; ++i) {
      ops[i] = -1;
      for (int j = 0; j < n; ++j)
        if (mlirValueEqual(v[j], mlirOperationGetOperand(o, i)))
          ops[i] = node[j];
      if (ops[i] == -1) { /* a constant from outside the body */
        ops[i] = rec_outer_scalar(r, op, mlirOperationGetOperand(o, i));
        if (ops[i] < 0)
          return -1;
      }
      has_out |= ops[i] == OUT;
    }
    MlirValue res = mlirOperationGetResult(o, 0);
    int id = RESULT;
    if (has_out) { /* the final combine(out, value), either order */
      *combine = combiner(ew->name);
      if (nops != 2 || !*combine || ops[0] == ops[1])
        return rec_refuse(r, op, "pooling: %s", bad);
      *value = ops[0] == OUT ? ops[1] : ops[0];
    } else {
      id = fe_op(g, ew->name, mlirValueGetType(res), nops, ops, -1,
                 mlirAttributeGetNull(), mlirOperationGetLocation(o));
      if (id < 0)
        return rec_refuse(r, op, "out of memory");
    }
    v[n] = res;
    node[n++] = id;
  }
  if (yielded != RESULT || !*combine || !fe_reads_node(g, *value, ni))
    return rec_refuse(r, op, "pooling: %s", bad);
  /* The value's extension to the output type is the accumulator's own
   * conversion: zero-extended for the unsigned max and min. */
  *zext = !strcmp(*combine, "arith.maxui") || !strcmp(*combine, "arith.minui");
  const fe_node *x = &g->nodes[*value];
  if (x->kind == FE_OP && x->nops == 1 && x->ops[0] == ni &&
      (!strcmp(x->name, "arith.extf") ||
       !strcmp(x->name, *zext ? "arith.extui" : "arith.extsi")))
    *value = ni;
  return 0;
}
