/* Shared MLIR harness support (see MlirHarness.h). */
#include "MlirHarness.h"

#include "Session.h"

#include "mlir-c/Diagnostics.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fuzz_session {
  session driver;
  int errors;          /* error diagnostics seen */
  int unlocated;       /* ... of which without a file:line:col */
  wmma_sbuf first_unlocated;
};

MlirContext fuzz_context(fuzz_session *s) { return s->driver.ctx; }

static int located(MlirLocation loc) {
  if (mlirLocationIsAFileLineColRange(loc))
    return 1;
  if (mlirLocationIsACallSite(loc))
    return located(mlirLocationCallSiteGetCaller(loc));
  if (mlirLocationIsAName(loc))
    return located(mlirLocationNameGetChildLoc(loc));
  if (mlirLocationIsAFused(loc)) {
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation parts[16];
    if (n <= 0 || n > 16)
      return 0;
    mlirLocationFusedGetLocations(loc, parts);
    for (intptr_t i = 0; i < n; ++i)
      if (located(parts[i]))
        return 1;
  }
  return 0;
}

/* Registered after the driver's handler, so it runs first and keeps the
 * diagnostic (the driver's only formats it). */
static MlirLogicalResult on_diagnostic(MlirDiagnostic d, void *ud) {
  fuzz_session *s = ud;
  if (mlirDiagnosticGetSeverity(d) != MlirDiagnosticError)
    return mlirLogicalResultSuccess();
  s->errors++;
  if (!located(mlirDiagnosticGetLocation(d)) && !s->unlocated++)
    mlirDiagnosticPrint(d, sb_callback, &s->first_unlocated);
  if (getenv("WMMA_FUZZ_VERBOSE")) {
    wmma_sbuf msg = {0};
    mlirDiagnosticPrint(d, sb_callback, &msg);
    fprintf(stderr, "fuzz: error: %s\n", msg.data ? msg.data : "");
    wmma_sbuf_free(&msg);
  }
  return mlirLogicalResultSuccess();
}

/* Whether the text has a loc(...) or #loc of its own ("alloc(" is not). */
static int spells_locations(const char *text, size_t size) {
  for (size_t i = 0; i + 3 < size; ++i) {
    if (memcmp(text + i, "loc", 3))
      continue;
    char before = i ? text[i - 1] : ' ';
    if (before == '#' || (text[i + 3] == '(' && !isalnum((unsigned char)before) &&
                          before != '_' && before != '.' && before != '$'))
      return 1;
  }
  return 0;
}

int fuzz_mlir_input(const uint8_t *data, size_t size,
                    void (*run)(fuzz_session *s, MlirModule m, size_t size)) {
  const char *text = (const char *)data;
  fuzz_session s;
  memset(&s, 0, sizeof s);
  session_init(&s.driver);
  mlirContextAttachDiagnosticHandler(s.driver.ctx, on_diagnostic, &s, NULL);
  MlirOperation op = parse_module(&s.driver, text, size, "fuzz.mlir");
  if (!mlirOperationIsNull(op)) {
    MlirModule m = mlirModuleFromOperation(op);
    run(&s, m, size);
    mlirModuleDestroy(m);
  }
  if (s.unlocated && !spells_locations(text, size)) {
    fprintf(stderr, "fuzz: error without a location: %s\n",
            s.first_unlocated.data);
    abort();
  }
  wmma_sbuf_free(&s.first_unlocated);
  session_destroy(&s.driver);
  return 0;
}

int fuzz_run(fuzz_session *s, MlirModule m, MlirPassManager pm) {
  int before = s->errors;
  mlirPassManagerEnableVerifier(pm, false);
  int ok = mlirLogicalResultIsSuccess(
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m)));
  mlirPassManagerDestroy(pm);
  fuzz_require(ok || s->errors > before, "a pass failed without an error");
  return ok;
}

int fuzz_roundtrip(fuzz_session *s, MlirModule m) {
  wmma_sbuf text = {0};
  mlirOperationPrint(mlirModuleGetOperation(m), sb_callback, &text);
  MlirModule again = mlirModuleCreateParse(
      s->driver.ctx, (MlirStringRef){text.data ? text.data : "", text.len});
  int ok = !mlirModuleIsNull(again);
  if (ok)
    mlirModuleDestroy(again);
  else
    fprintf(stderr, "fuzz: printed module does not parse:\n%s\n", text.data);
  wmma_sbuf_free(&text);
  return ok;
}

void fuzz_require(int cond, const char *what) {
  if (cond)
    return;
  fprintf(stderr, "fuzz: oracle failed: %s\n", what);
  abort();
}
