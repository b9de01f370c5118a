/* Shared by the MLIR-text harnesses (dialect, front end): the compiler
 * driver's session and guarded parse (lib/Compiler: size and nesting
 * limits, the upstream-crash pre-check, the large-stack parse thread) for
 * each input, and oracles beyond "no crash". */
#ifndef WMMA_FUZZ_MLIRHARNESS_H
#define WMMA_FUZZ_MLIRHARNESS_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stddef.h>
#include <stdint.h>

typedef struct fuzz_session fuzz_session;

/* Parses the input as the driver does; if that succeeds, calls
 * run(s, module, size) and destroys the module.  Then checks that every
 * error reported carried a file location (unless the input spells its own
 * loc(...)).  Returns 0 (the libFuzzer convention). */
int fuzz_mlir_input(const uint8_t *data, size_t size,
                    void (*run)(fuzz_session *s, MlirModule m, size_t size));

MlirContext fuzz_context(fuzz_session *s);

/* Runs pm on the module and destroys pm; 1 on success.  Verification after
 * each pass is off: the caller verifies once, so that a pass that leaves
 * invalid IR without failing is caught.  A failing pass must report an
 * error. */
int fuzz_run(fuzz_session *s, MlirModule m, MlirPassManager pm);

/* Prints the module and parses the text back: 1 if it round-trips. */
int fuzz_roundtrip(fuzz_session *s, MlirModule m);

/* Aborts with a message (libFuzzer records the input) unless cond. */
void fuzz_require(int cond, const char *what);

#endif /* WMMA_FUZZ_MLIRHARNESS_H */
