/* One MLIR context for one compile or reference run: every dialect and
 * pass registered, every diagnostic collected as "file:line:col: sev: msg". */
#ifndef WMMA_COMPILER_SESSION_H
#define WMMA_COMPILER_SESSION_H

#include "StringBuffer.h"

#include "mlir-c/IR.h"

typedef struct {
  MlirContext ctx;
  wmma_sbuf diags;
  int errors;
  int mute; /* while set, diagnostics are dropped (for a trial parse) */
  int line1_shift; /* columns added on line 1 by wrapping in a module */
} session;

void session_init(session *s);
void session_destroy(session *s);
/* Records an error that has no location (fmt takes one %s). */
void session_error(session *s, const char *fmt, const char *arg);
/* Runs a textual pipeline (elements of builtin.module) on the module. */
int run_pipeline(session *s, MlirOperation module, const char *text);

/* Parses MLIR text named source_name into a builtin.module: the text may be
 * a module or top-level ops without one (as mlir-opt accepts).  Returns a
 * null op on failure (diagnostics recorded).  *line1_shift receives the
 * column offset of line 1 when the text had to be wrapped. */
MlirOperation parse_module(session *s, const char *source, size_t size,
                           const char *source_name, int *line1_shift);

/* Small C API conveniences. */
MlirStringRef str(const char *s);
MlirAttribute attr_of(MlirOperation op, const char *name);
int op_is(MlirOperation op, const char *name);
void copy_ref(char *dst, size_t cap, MlirStringRef s);
void sb_callback(MlirStringRef s, void *ud);

#endif /* WMMA_COMPILER_SESSION_H */
