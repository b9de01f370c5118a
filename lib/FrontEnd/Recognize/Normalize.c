/* Front end, step 0: bring a function into the one form recognition reads,
 * with MLIR's own passes through the C API, on a scratch copy (the caller's
 * function is only touched once a kernel has been built for it):
 *  - functions on tensors are bufferized (one-shot-bufferize across the
 *    function boundary, identity layouts; arguments marked read-only so
 *    that results get fresh buffers instead of overwriting inputs);
 *  - named linalg ops (matmul, batch_matmul with indexing maps, transpose,
 *    fill, copy, elementwise) become linalg.generic.
 * Diagnostics of these passes are captured into the refusal reason. */
#include "FrontEnd.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Bufferization.h"
#include "mlir-c/Dialect/Linalg.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  char *why;
  size_t cap;
  int seen;
} capture_t;

static void append_msg(MlirStringRef s, void *ud) {
  capture_t *c = ud;
  size_t have = strlen(c->why);
  if (have + 1 >= c->cap)
    return;
  size_t n = s.length < c->cap - have - 1 ? s.length : c->cap - have - 1;
  memcpy(c->why + have, s.data, n);
  c->why[have + n] = 0;
}

static MlirLogicalResult capture(MlirDiagnostic d, void *ud) {
  capture_t *c = ud;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError && !c->seen++) {
    if (c->why && c->cap) {
      c->why[0] = 0;
      mlirDiagnosticPrint(d, append_msg, c);
    }
  }
  return mlirLogicalResultSuccess(); /* handled: not shown to the user */
}

static bool is_tensor(MlirType t) {
  return mlirTypeIsARankedTensor(t) || mlirTypeIsAUnrankedTensor(t);
}

static bool has_tensors(MlirOperation func) {
  MlirType ft = mlirTypeAttrGetValue(wmma_attr(func, "function_type"));
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(ft); ++i)
    if (is_tensor(mlirFunctionTypeGetInput(ft, i)))
      return true;
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(ft); ++i)
    if (is_tensor(mlirFunctionTypeGetResult(ft, i)))
      return true;
  return false;
}

/* Every tensor argument gets bufferization.writable = false (kept with any
 * attributes it already has). */
static void mark_read_only(MlirOperation func) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirType ft = mlirTypeAttrGetValue(wmma_attr(func, "function_type"));
  intptr_t n = mlirFunctionTypeGetNumInputs(ft);
  if (n > FE_MAX_ARGS)
    return;
  MlirAttribute old = wmma_attr(func, "arg_attrs");
  MlirAttribute dicts[FE_MAX_ARGS];
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute d = {NULL};
    if (!mlirAttributeIsNull(old) && mlirAttributeIsAArray(old) &&
        i < mlirArrayAttrGetNumElements(old))
      d = mlirArrayAttrGetElement(old, i);
    MlirNamedAttribute el[16];
    intptr_t ne = 0;
    if (!mlirAttributeIsNull(d) && mlirAttributeIsADictionary(d))
      for (intptr_t j = 0; j < mlirDictionaryAttrGetNumElements(d) && ne < 15;
           ++j) {
        MlirNamedAttribute e = mlirDictionaryAttrGetElement(d, j);
        MlirStringRef nm = mlirIdentifierStr(e.name);
        static const char kWritable[] = "bufferization.writable";
        if (nm.length == sizeof kWritable - 1 &&
            !memcmp(nm.data, kWritable, nm.length))
          continue;
        el[ne++] = e;
      }
    if (is_tensor(mlirFunctionTypeGetInput(ft, i)))
      el[ne++] = wb_named(ctx, "bufferization.writable",
                          mlirBoolAttrGet(ctx, 0));
    dicts[i] = mlirDictionaryAttrGet(ctx, ne, el);
  }
  mlirOperationSetAttributeByName(func, wmma_sref("arg_attrs"),
                                  mlirArrayAttrGet(ctx, n, dicts));
}

static void ignore_pipeline_error(MlirStringRef s, void *ud) {
  (void)s;
  (void)ud;
}

MlirOperation fe_normalize(MlirOperation func, MlirOperation *scratch,
                           char *why, size_t cap) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirModule m = mlirModuleCreateEmpty(loc);
  *scratch = mlirModuleGetOperation(m);
  MlirOperation copy = mlirOperationClone(func);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), copy);
  bool tensors = has_tensors(copy);
  if (tensors)
    mark_read_only(copy);

  const char *pipeline =
      tensors ? "one-shot-bufferize{bufferize-function-boundaries "
                "function-boundary-type-conversion=identity-layout-map},"
                "func.func(linalg-generalize-named-ops)"
              : "func.func(linalg-generalize-named-ops)";
  /* The pipeline is parsed by pass name: make sure both are registered
   * (idempotent; a C API user may not have registered every pass). */
  mlirRegisterBufferizationOneShotBufferizePass();
  mlirRegisterLinalgLinalgGeneralizeNamedOpsPass();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  /* linalg.softmax into its reductions first (on tensors). */
  mlirOpPassManagerAddOwnedPass(opm, wmmaCreateDecomposeAggregatesPass());
  if (mlirLogicalResultIsFailure(mlirOpPassManagerAddPipeline(
          opm, wmma_sref(pipeline), ignore_pipeline_error, NULL))) {
    mlirPassManagerDestroy(pm);
    fe_why(why, cap, "internal error: the normalization pipeline does not "
                     "parse");
    return (MlirOperation){NULL};
  }
  capture_t c = {why, cap, 0};
  if (why && cap)
    why[0] = 0;
  MlirDiagnosticHandlerID h =
      mlirContextAttachDiagnosticHandler(ctx, capture, &c, NULL);
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, *scratch);
  mlirContextDetachDiagnosticHandler(ctx, h);
  mlirPassManagerDestroy(pm);
  if (mlirLogicalResultIsFailure(r)) {
    char inner[FE_WHY];
    snprintf(inner, sizeof inner, "%s", why && why[0] ? why : "(no message)");
    fe_why(why, cap, "%s failed on it: %s",
           tensors ? "bufferization of the tensor function"
                   : "generalization of its named linalg ops",
           inner);
    return (MlirOperation){NULL};
  }
  return mlirBlockGetFirstOperation(mlirModuleGetBody(m));
}
