/* The driver's guarded parse (see ParseModule.h). */
#include "ParseModule.h"

#include "wmma/Support/LargeStack.h"
#include "wmma/Support/ParseGuard.h"

#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void error_at(session *s, const char *source, size_t size,
                     size_t offset, const char *msg) {
  unsigned line, col;
  wmma_line_col(source, size, offset, &line, &col);
  MlirLocation loc = mlirLocationFileLineColGet(
      s->ctx, wmma_sref(s->source_name), line, col);
  mlirEmitError(loc, msg);
}

typedef struct {
  MlirContext ctx;
  MlirStringRef text;
  MlirModule module;
} parse_job;

static int run_parse(void *p) {
  parse_job *job = p;
  job->module = mlirModuleCreateParse(job->ctx, job->text);
  return 0;
}

MlirModule parse_module_guarded(session *s, const char *source, size_t size) {
  char msg[512];
  if (size > WMMA_MAX_SOURCE_BYTES) {
    snprintf(msg, sizeof msg,
             "source is %zu bytes, over the driver's limit of %zu bytes (8 MiB)",
             size, WMMA_MAX_SOURCE_BYTES);
    error_at(s, source, size, 0, msg);
    return (MlirModule){NULL};
  }
  size_t offset;
  if (wmma_nesting_exceeds(source, size, WMMA_MAX_NESTING, &offset)) {
    wmma_nesting_message("brackets", msg, sizeof msg);
    error_at(s, source, size, offset, msg);
    return (MlirModule){NULL};
  }
  if (wmma_parse_hazard(source, size, &offset, msg, sizeof msg)) {
    error_at(s, source, size, offset, msg);
    return (MlirModule){NULL};
  }
  /* MLIR's lexer reads past the end of a buffer that is not NUL-terminated
   * (found by fuzzing: parseExtendedAttr scans on at "wmma.relayout #tu"):
   * parse a terminated copy, whatever the caller passed. */
  char *text = malloc(size + 1);
  if (!text) {
    snprintf(msg, sizeof msg, "out of memory copying a %zu-byte source", size);
    error_at(s, source, size, 0, msg);
    return (MlirModule){NULL};
  }
  memcpy(text, source, size);
  text[size] = 0;
  /* The diagnostic handler runs on the parse thread; this one waits. */
  parse_job job = {s->ctx, {text, size}, {NULL}};
  wmma_run_with_stack(wmma_parse_stack_bytes(size), run_parse, &job);
  free(text);
  return job.module;
}
