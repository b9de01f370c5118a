/* One MLIR context for one compile or reference run: every dialect and
 * pass registered, every diagnostic collected as "file:line:col: sev: msg". */
#ifndef WMMA_COMPILER_SESSION_H
#define WMMA_COMPILER_SESSION_H

#include "StringBuffer.h"
#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

typedef struct {
  MlirContext ctx;
  wmma_sbuf diags;
  int errors;
  char source_name[256]; /* shown for locations in the parsed buffer */
} session;

void session_init(session *s);
void session_destroy(session *s);
/* Records an error that has no location (fmt takes one %s). */
void session_error(session *s, const char *fmt, const char *arg);
/* Runs a textual pipeline (elements of builtin.module) on the module. */
int run_pipeline(session *s, MlirOperation module, const char *text);
/* Runs pm on the module and destroys it; `what` names it in a failure. */
int run_pass_manager(session *s, MlirOperation module, MlirPassManager pm,
                     const char *what);

/* Parses MLIR text named source_name into a builtin.module: the text may be
 * a module or top-level ops and aliases without one (as mlir-opt accepts).
 * Returns a null op on failure (diagnostics recorded). */
MlirOperation parse_module(session *s, const char *source, size_t size,
                           const char *source_name);

/* Printer callback appending to a wmma_sbuf. */
void sb_callback(MlirStringRef s, void *ud);

#endif /* WMMA_COMPILER_SESSION_H */
