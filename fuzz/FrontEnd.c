#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memmem */
#endif
/* libFuzzer harness: linalg text -> wmma-linalg-to-kernels (through its C
 * API factory, wmmaCreateLinalgToKernelsPass) -> the wmma lowering of the
 * kernels it produced.  Oracles: no crash or sanitizer report; a failing
 * pass reports an error; the front end's output verifies and lowers; every
 * error has a location. */
#include "MlirHarness.h"

#include "wmma-c/Passes.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  fuzz_session s;
  fuzz_session_init(&s, text, size);
  MlirModule m = fuzz_parse(&s, text, size);
  if (!mlirModuleIsNull(m)) {
    /* RDNA4 or RDNA3, chosen by the input (reproducible from the file). */
    const char *chip = size % 2 ? "gfx1100" : "gfx1201";
    MlirPassManager pm = mlirPassManagerCreate(s.ctx);
    mlirPassManagerAddOwnedPass(pm, wmmaCreateLinalgToKernelsPass(chip, 0));
    if (fuzz_run(&s, m, pm)) {
      fuzz_require(mlirOperationVerify(mlirModuleGetOperation(m)),
                   "the front end produced invalid IR");
      MlirPassManager lower = mlirPassManagerCreate(s.ctx);
      wmmaBuildLowerToROCDLPipeline(mlirPassManagerGetAsOpPassManager(lower),
                                    WMMA_XLANE_PERMLANEX16);
      /* wmma ops written in the input may verify and still not lower (the
       * dialect harness covers them); the front end's own must lower. */
      int ours = !memmem(data, size, "wmma.", 5);
      fuzz_require(fuzz_run(&s, m, lower) || !ours,
                   "the front end's kernels do not lower");
      fuzz_require(mlirOperationVerify(mlirModuleGetOperation(m)),
                   "the lowered kernels are invalid IR");
    }
    mlirModuleDestroy(m);
  }
  fuzz_check_locations(&s);
  fuzz_session_destroy(&s);
  return 0;
}
