/* Session: context, registration, diagnostics (see Session.h). */
#include "Session.h"
#include "ParseModule.h"

#include "wmma-c/Dialect.h"
#include "wmma-c/Passes.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <string.h>

void sb_callback(MlirStringRef s, void *ud) {
  wmma_sbuf_append((wmma_sbuf *)ud, s.data, s.length);
}

static void format_location(const session *s, MlirLocation loc, wmma_sbuf *out) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef file =
        mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    int line = mlirLocationFileLineColRangeGetStartLine(loc);
    int col = mlirLocationFileLineColRangeGetStartColumn(loc);
    if (file.length == 1 && file.data[0] == '-' && s->source_name[0])
      wmma_sbuf_printf(out, "%s", s->source_name);
    else
      wmma_sbuf_append(out, file.data, file.length);
    wmma_sbuf_printf(out, ":%d:%d", line, col);
    return;
  }
  if (mlirLocationIsACallSite(loc)) {
    format_location(s, mlirLocationCallSiteGetCaller(loc), out);
    return;
  }
  /* Argument names are NameLocs around the source position. */
  if (mlirLocationIsAName(loc)) {
    format_location(s, mlirLocationNameGetChildLoc(loc), out);
    return;
  }
  if (mlirLocationIsAFused(loc) && mlirLocationFusedGetNumLocations(loc) > 0) {
    MlirLocation first[1];
    if (mlirLocationFusedGetNumLocations(loc) == 1) {
      mlirLocationFusedGetLocations(loc, first);
      format_location(s, first[0], out);
      return;
    }
  }
  mlirLocationPrint(loc, sb_callback, out);
}

static void format_diagnostic(const session *s, MlirDiagnostic d, wmma_sbuf *out) {
  static const char *const kSeverity[] = {"error", "warning", "note", "remark"};
  MlirDiagnosticSeverity sev = mlirDiagnosticGetSeverity(d);
  format_location(s, mlirDiagnosticGetLocation(d), out);
  wmma_sbuf_printf(out, ": %s: ", (unsigned)sev < 4 ? kSeverity[sev] : "error");
  mlirDiagnosticPrint(d, sb_callback, out);
  wmma_sbuf_append(out, "\n", 1);
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(d); ++i)
    format_diagnostic(s, mlirDiagnosticGetNote(d, i), out);
}

static MlirLogicalResult on_diagnostic(MlirDiagnostic d, void *ud) {
  session *s = ud;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError)
    s->errors++;
  format_diagnostic(s, d, &s->diags);
  return mlirLogicalResultSuccess();
}

void session_error(session *s, const char *fmt, const char *arg) {
  wmma_sbuf_printf(&s->diags, "error: ");
  wmma_sbuf_printf(&s->diags, fmt, arg ? arg : "");
  wmma_sbuf_append(&s->diags, "\n", 1);
  s->errors++;
}

void session_init(session *s) {
  static int passes_registered;
  if (!passes_registered) {
    mlirRegisterAllPasses();
    wmmaRegisterPasses();
    passes_registered = 1;
  }
  memset(s, 0, sizeof *s);
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  wmmaRegisterDialects(registry);
  s->ctx = mlirContextCreateWithRegistry(registry, /*threadingEnabled=*/false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(s->ctx);
  mlirContextAttachDiagnosticHandler(s->ctx, on_diagnostic, s, NULL);
}

void session_destroy(session *s) {
  if (!mlirContextIsNull(s->ctx))
    mlirContextDestroy(s->ctx);
  wmma_sbuf_free(&s->diags);
}

/* Runs a textual pipeline (elements of builtin.module) on the module. */
int run_pass_manager(session *s, MlirOperation module, MlirPassManager pm,
                     const char *what) {
  int ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, module));
  if (!ok && s->errors == 0)
    session_error(s, "pipeline failed: %s", what);
  mlirPassManagerDestroy(pm);
  return ok;
}

int run_pipeline(session *s, MlirOperation module, const char *text) {
  MlirPassManager pm = mlirPassManagerCreate(s->ctx);
  wmma_sbuf err = {0};
  MlirLogicalResult r = mlirOpPassManagerAddPipeline(
      mlirPassManagerGetAsOpPassManager(pm), wmma_sref(text), sb_callback, &err);
  if (mlirLogicalResultIsFailure(r)) {
    session_error(s, "cannot build pipeline: %s", err.data ? err.data : text);
    wmma_sbuf_free(&err);
    mlirPassManagerDestroy(pm);
    return 0;
  }
  wmma_sbuf_free(&err);
  return run_pass_manager(s, module, pm, text);
}


MlirOperation parse_module(session *s, const char *source, size_t size,
                           const char *source_name) {
  /* mlirModuleCreateParse handles an implicit module and aliases exactly as
   * mlir-opt does, but names the buffer "-"; the diagnostic printer shows
   * source_name for it instead. */
  snprintf(s->source_name, sizeof s->source_name, "%s",
           source_name ? source_name : "<source>");
  MlirModule m = parse_module_guarded(s, source, size);
  return mlirModuleIsNull(m) ? (MlirOperation){NULL} : mlirModuleGetOperation(m);
}
