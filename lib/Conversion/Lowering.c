/* Validate-then-rewrite driver of the wmma lowering passes. */
#include "Lowering.h"

#include <stdlib.h>

typedef struct {
  const wb_lowering *lowerings;
  int n;
  void *ctx;
  int errors;
} check_state;

static MlirWalkResult check_cb(MlirOperation op, void *ud) {
  check_state *s = ud;
  for (int i = 0; i < s->n; ++i)
    if (wmma_op_is(op, s->lowerings[i].op_name)) {
      if (s->lowerings[i].check(op, s->ctx, true))
        ++s->errors;
      break;
    }
  return MlirWalkResultAdvance;
}

typedef struct {
  const wb_lowering *lowering;
  void *ctx;
} pattern_data;

static MlirLogicalResult match_and_rewrite(MlirRewritePattern pattern,
                                           MlirOperation op,
                                           MlirPatternRewriter rewriter,
                                           void *ud) {
  pattern_data *d = ud;
  /* Every op of this name was validated by the walk in wb_run_lowerings and
   * the lowerings create none; rewrite() re-derives what it needs and fails
   * before building anything if the op is not as expected. */
  if (!wmma_op_is(op, d->lowering->op_name))
    return mlirLogicalResultFailure();
  wb_t b;
  wb_init(&b, rewriter, op);
  if (d->lowering->rewrite(&b, op, d->ctx))
    return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

typedef struct {
  const wb_lowering *lowerings;
  int n;
  int errors;
} leftover_state;

static MlirWalkResult leftover_cb(MlirOperation op, void *ud) {
  leftover_state *s = ud;
  for (int i = 0; i < s->n; ++i)
    if (wmma_op_is(op, s->lowerings[i].op_name)) {
      wmma_error(op, "failed to lower '%s'", s->lowerings[i].op_name);
      ++s->errors;
      break;
    }
  return MlirWalkResultAdvance;
}

int wb_run_lowerings(MlirOperation root, const wb_lowering *lowerings,
                     int n_lowerings, void *ctx) {
  check_state cs = {lowerings, n_lowerings, ctx, 0};
  mlirOperationWalk(root, check_cb, &cs, MlirWalkPreOrder);
  if (cs.errors)
    return -1;

  MlirContext mctx = mlirOperationGetContext(root);
  pattern_data *data = calloc((size_t)n_lowerings, sizeof *data);
  if (!data) {
    wmma_error(root, "out of memory while lowering");
    return -1;
  }
  MlirRewritePatternSet set = mlirRewritePatternSetCreate(mctx);
  for (int i = 0; i < n_lowerings; ++i) {
    data[i].lowering = &lowerings[i];
    data[i].ctx = ctx;
    MlirRewritePatternCallbacks cb = {NULL, NULL, match_and_rewrite};
    MlirRewritePattern p = mlirOpRewritePatternCreate(
        wmma_sref(lowerings[i].op_name), 1, mctx, cb, &data[i], 0, NULL);
    mlirRewritePatternSetAdd(set, p);
  }
  MlirFrozenRewritePatternSet frozen = mlirFreezeRewritePattern(set);
  mlirRewritePatternSetDestroy(set);
  MlirGreedyRewriteDriverConfig cfg = mlirGreedyRewriteDriverConfigCreate();
  MlirLogicalResult r = mlirApplyPatternsAndFoldGreedilyWithOp(root, frozen, cfg);
  mlirGreedyRewriteDriverConfigDestroy(cfg);
  mlirFrozenRewritePatternSetDestroy(frozen);
  free(data);
  (void)r; /* non-convergence is not an error; leftovers are checked below */

  /* Anything left over means a rewrite bailed out: report it. */
  leftover_state ls = {lowerings, n_lowerings, 0};
  mlirOperationWalk(root, leftover_cb, &ls, MlirWalkPreOrder);
  return ls.errors ? -1 : 0;
}

