/* libFuzzer harness: linalg text -> wmma-linalg-to-kernels (through its C
 * API factory, wmmaCreateLinalgToKernelsPass) -> the wmma lowering of the
 * kernels it produced.  Oracles: no crash or sanitizer report; a failing
 * pass reports an error; the front end's output verifies and lowers; every
 * error has a location. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memmem */
#endif
#include "MlirHarness.h"

#include "wmma-c/Passes.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether the input spells wmma ops of its own (set per input). */
static int input_has_wmma;

static void compile(fuzz_session *s, MlirModule m, size_t size) {
  /* RDNA4 or RDNA3, chosen by the input (reproducible from the file). */
  const char *chip = size % 2 ? "gfx1100" : "gfx1201";
  MlirPassManager pm = mlirPassManagerCreate(fuzz_context(s));
  mlirPassManagerAddOwnedPass(pm, wmmaCreateLinalgToKernelsPass(chip, 0));
  if (!fuzz_run(s, m, pm))
    return;
  fuzz_require(mlirOperationVerify(mlirModuleGetOperation(m)),
               "the front end produced invalid IR");
  MlirPassManager lower = mlirPassManagerCreate(fuzz_context(s));
  wmmaBuildLowerToROCDLPipeline(mlirPassManagerGetAsOpPassManager(lower),
                                WMMA_XLANE_PERMLANEX16);
  /* wmma ops written in the input may verify and still not lower (the
   * dialect harness covers them); the front end's own must lower. */
  fuzz_require(fuzz_run(s, m, lower) || input_has_wmma,
               "the front end's kernels do not lower");
  fuzz_require(mlirOperationVerify(mlirModuleGetOperation(m)),
               "the lowered kernels are invalid IR");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  input_has_wmma = memmem(data, size, "wmma.", 5) != NULL;
  return fuzz_mlir_input(data, size, compile);
}
