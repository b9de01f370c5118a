/* libFuzzer harness: wmma IR text -> parser, verifier, printer (round trip)
 * and the lowering pipeline (wmma-lower-transpose, -xlane, -fragments,
 * -mma).  Oracles: no crash or sanitizer report; a verified module prints
 * to text that parses again; a failing pass reports an error; a pipeline
 * that succeeds leaves valid IR; every error has a location.  Inputs that
 * start with FUZZ_ATOMS_MAGIC are generated programs (AtomGen.h), which
 * must also lower whenever they verify. */
#include "AtomGen.h"
#include "MlirHarness.h"

#include "wmma-c/Passes.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int generated; /* the current input is a generated program */

static void lower(fuzz_session *s, MlirModule m, size_t size) {
  fuzz_require(fuzz_roundtrip(s, m), "round trip of a verified module");
  /* Both cross-lane strategies, chosen by the input so that a crash
   * reproduces from the file alone. */
  wmma_xlane_strategy strategy =
      size % 2 ? WMMA_XLANE_BPERMUTE : WMMA_XLANE_PERMLANEX16;
  MlirPassManager pm = mlirPassManagerCreate(fuzz_context(s));
  wmmaBuildLowerToROCDLPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                strategy);
  int ok = fuzz_run(s, m, pm);
  fuzz_require(ok || !generated, "a verified wmma program does not lower");
  if (ok)
    fuzz_require(mlirOperationVerify(mlirModuleGetOperation(m)),
                 "the wmma lowering produced invalid IR");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  generated = size && data[0] == FUZZ_ATOMS_MAGIC;
  if (!generated)
    return fuzz_mlir_input(data, size, lower);
  wmma_sbuf text = {0};
  fuzz_gen_atoms(data + 1, size - 1, &text);
  if (getenv("WMMA_FUZZ_VERBOSE"))
    fprintf(stderr, "%s", text.data);
  fuzz_mlir_input((const uint8_t *)text.data, text.len, lower);
  wmma_sbuf_free(&text);
  return 0;
}
