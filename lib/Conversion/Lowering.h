/* Validate-then-rewrite driver shared by the wmma lowering passes: every op
 * a pass lowers is checked first (errors at its location), then rewritten
 * by the greedy pattern driver with the IR builders of wmma/Support. */
#ifndef WMMA_CONVERSION_LOWERING_H
#define WMMA_CONVERSION_LOWERING_H

#include "wmma-c/Passes.h"
#include "wmma/Support/Builder.h"

/* Validates op (emit = true: report at op's location); 0 if fine. */
typedef int (*wb_check_fn)(MlirOperation op, void *ctx, bool emit);
/* Rewrites op (already validated by check; not re-checked); 0 on success.
 * Must fail before inserting anything. */
typedef int (*wb_rewrite_fn)(wb_t *b, MlirOperation op, void *ctx);

typedef struct {
  const char *op_name;
  wb_check_fn check;
  wb_rewrite_fn rewrite;
} wb_lowering;

/* Validates every nested op named in `lowerings` (emitting diagnostics),
 * then rewrites them with the greedy driver.  Returns 0 on success; on
 * failure the caller signals pass failure. */
int wb_run_lowerings(MlirOperation root, const wb_lowering *lowerings,
                     int n_lowerings, void *ctx);

#endif /* WMMA_CONVERSION_LOWERING_H */
