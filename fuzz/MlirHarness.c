/* Shared MLIR harness support (see MlirHarness.h). */
#include "MlirHarness.h"

#include "wmma-c/Dialect.h"
#include "wmma-c/Passes.h"
#include "wmma/Support/ParseGuard.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/RegisterEverything.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The driver's limits (lib/Compiler/ParseModule.h). */
#define FUZZ_MAX_NESTING 256u

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

typedef struct {
  char *buf;
  size_t cap, len;
} sink;

static void to_sink(MlirStringRef s, void *ud) {
  sink *k = ud;
  for (size_t i = 0; i < s.length && k->len + 1 < k->cap; ++i)
    k->buf[k->len++] = s.data[i];
  k->buf[k->len] = 0;
}

static MlirLogicalResult on_diagnostic(MlirDiagnostic d, void *ud) {
  fuzz_session *s = ud;
  if (mlirDiagnosticGetSeverity(d) != MlirDiagnosticError)
    return mlirLogicalResultSuccess();
  s->errors++;
  if (!located(mlirDiagnosticGetLocation(d))) {
    if (!s->unlocated++) {
      sink k = {s->first_unlocated, sizeof s->first_unlocated, 0};
      mlirDiagnosticPrint(d, to_sink, &k);
    }
  }
  if (getenv("WMMA_FUZZ_VERBOSE")) {
    char msg[1024];
    sink k = {msg, sizeof msg, 0};
    mlirDiagnosticPrint(d, to_sink, &k);
    fprintf(stderr, "fuzz: error: %s\n", msg);
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

void fuzz_session_init(fuzz_session *s, const char *text, size_t size) {
  static int registered;
  if (!registered) {
    mlirRegisterAllPasses();
    wmmaRegisterPasses();
    registered = 1;
  }
  memset(s, 0, sizeof *s);
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  wmmaRegisterDialects(registry);
  s->ctx = mlirContextCreateWithRegistry(registry, /*threadingEnabled=*/false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(s->ctx);
  mlirContextAttachDiagnosticHandler(s->ctx, on_diagnostic, s, NULL);
  /* Input that writes its own locations may make them unknown. */
  s->check_locations = !spells_locations(text, size);
}

void fuzz_session_destroy(fuzz_session *s) { mlirContextDestroy(s->ctx); }

MlirModule fuzz_parse(fuzz_session *s, const char *text, size_t size) {
  size_t offset;
  char msg[256];
  if (wmma_nesting_exceeds(text, size, FUZZ_MAX_NESTING, &offset) ||
      wmma_parse_hazard(text, size, &offset, msg, sizeof msg))
    return (MlirModule){NULL};
  return mlirModuleCreateParse(s->ctx, (MlirStringRef){text, size});
}

int fuzz_run(fuzz_session *s, MlirModule m, MlirPassManager pm) {
  int before = s->errors;
  mlirPassManagerEnableVerifier(pm, false);
  int ok = mlirLogicalResultIsSuccess(
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m)));
  mlirPassManagerDestroy(pm);
  /* A failing pass must say why. */
  fuzz_require(ok || s->errors > before, "a pass failed without an error");
  return ok;
}

int fuzz_roundtrip(fuzz_session *s, MlirModule m) {
  size_t cap = 1 << 20;
  sink k = {malloc(cap), cap, 0};
  k.buf[0] = 0;
  mlirOperationPrint(mlirModuleGetOperation(m), to_sink, &k);
  int ok = k.len + 1 < cap ? 0 : 1; /* too large to check: pass */
  if (!ok) {
    MlirModule again =
        mlirModuleCreateParse(s->ctx, (MlirStringRef){k.buf, k.len});
    ok = !mlirModuleIsNull(again);
    if (ok)
      mlirModuleDestroy(again);
    else
      fprintf(stderr, "fuzz: printed module does not parse:\n%s\n", k.buf);
  }
  free(k.buf);
  return ok;
}

void fuzz_require(int cond, const char *what) {
  if (cond)
    return;
  fprintf(stderr, "fuzz: oracle failed: %s\n", what);
  abort();
}

void fuzz_check_locations(const fuzz_session *s) {
  if (!s->check_locations || !s->unlocated)
    return;
  fprintf(stderr, "fuzz: error without a location: %s\n", s->first_unlocated);
  abort();
}
