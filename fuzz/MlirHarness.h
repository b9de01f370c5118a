/* Shared by the MLIR-text harnesses (dialect, front end): a fresh context
 * per input with every dialect and pass registered, the driver's input
 * guards, and oracles beyond "no crash". */
#ifndef WMMA_FUZZ_MLIRHARNESS_H
#define WMMA_FUZZ_MLIRHARNESS_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
  MlirContext ctx;
  int errors;          /* error diagnostics seen */
  int unlocated;       /* ... of which without a file:line:col */
  int check_locations; /* the input has no loc(...) of its own */
  char first_unlocated[512];
} fuzz_session;

/* Context + registration + diagnostic handler.  text decides whether every
 * error must carry a file location (not when it spells its own loc()). */
void fuzz_session_init(fuzz_session *s, const char *text, size_t size);
void fuzz_session_destroy(fuzz_session *s);

/* The driver's guards (size, nesting, known upstream parser crashes), then
 * the parse.  Null module when refused or invalid. */
MlirModule fuzz_parse(fuzz_session *s, const char *text, size_t size);

/* Runs pm on the module and destroys pm; 1 on success.  Verification after
 * each pass is off: the caller verifies once, so that a pass that leaves
 * invalid IR without failing is caught (fuzz_require). */
int fuzz_run(fuzz_session *s, MlirModule m, MlirPassManager pm);

/* Prints the module and parses the text back: 1 if it round-trips. */
int fuzz_roundtrip(fuzz_session *s, MlirModule m);

/* Aborts with a message (libFuzzer records the input) unless cond. */
void fuzz_require(int cond, const char *what);

/* Aborts if an error was reported without a location. */
void fuzz_check_locations(const fuzz_session *s);

#endif /* WMMA_FUZZ_MLIRHARNESS_H */
