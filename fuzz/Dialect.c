/* libFuzzer harness: wmma IR text -> parser, verifier, printer (round trip)
 * and the lowering pipeline (wmma-lower-transpose, -xlane, -fragments,
 * -mma).  Oracles: no crash or sanitizer report; a verified module prints
 * to text that parses again; a failing pass reports an error; a pipeline
 * that succeeds leaves valid IR; every error has a location. */
#include "MlirHarness.h"

#include "wmma-c/Passes.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void lower(fuzz_session *s, MlirModule m, size_t size) {
  fuzz_require(fuzz_roundtrip(s, m), "round trip of a verified module");
  /* Both cross-lane strategies, chosen by the input so that a crash
   * reproduces from the file alone. */
  wmma_xlane_strategy strategy =
      size % 2 ? WMMA_XLANE_BPERMUTE : WMMA_XLANE_PERMLANEX16;
  MlirPassManager pm = mlirPassManagerCreate(fuzz_context(s));
  wmmaBuildLowerToROCDLPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                strategy);
  if (fuzz_run(s, m, pm))
    fuzz_require(mlirOperationVerify(mlirModuleGetOperation(m)),
                 "the wmma lowering produced invalid IR");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return fuzz_mlir_input(data, size, lower);
}
