/* Front end, step 0: bring a function into the one form recognition reads,
 * with MLIR's own passes through the C API, on a scratch copy (the caller's
 * function is only touched once a kernel has been built for it):
 *  - TOSA's scalar ops left inside linalg bodies by its lowering
 *    (tosa.apply_scale of tosa.rescale) become arith (upstream's
 *    tosa-to-arith with include-apply-rescale);
 *  - arith and math ops applied to whole tensors become linalg.generic
 *    (upstream's convert-elementwise-to-linalg);
 *  - reshapes between two linalg ops are folded into them by upstream's
 *    reshape folding by expansion (PropagateReshapes.cpp), so that a
 *    softmax between two batch matmuls of collapsed heads meets them;
 *  - functions on tensors are bufferized (one-shot-bufferize across the
 *    function boundary, identity layouts; arguments marked read-only so
 *    that results get fresh buffers instead of overwriting inputs; ops
 *    without a bufferization rule are left on tensors, for recognition to
 *    report every one of them at its line rather than the first at the
 *    function);
 *  - named linalg ops (matmul, batch_matmul with indexing maps, transpose,
 *    fill, copy, elementwise) become linalg.generic;
 *  - a result returned through a view of a buffer the function allocates
 *    becomes the allocation (ResultViews.c);
 *  - outputs written at constant index 0 of size-1 dimensions (keep-dim
 *    reductions) are written through views without them (UnitOutputs.c);
 *  - a value and its position reduced together (argmax, max.dim) become
 *    single-output reductions (ArgReductions.c).
 * Values with a sparse_tensor encoding are refused before any of this
 * (SparseOperands.c): bufferization would drop the encoding; the 2:4 A
 * arguments it accepts lose theirs on the copy.
 * Errors of these passes are captured as obstacles, each at its location
 * and naming the op the user wrote there. */
#include "FrontEnd.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Conversion.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Bufferization.h"
#include "mlir-c/Dialect/Linalg.h"

#include <stdio.h>
#include <string.h>

/* PropagateReshapes.cpp: registers wmma-propagate-reshapes, which the
 * pipeline below names. */
void wmmaRegisterPropagateReshapesPass(void);

typedef struct {
  char buf[FE_WHY];
} text_t;

static void append_msg(MlirStringRef s, void *ud) {
  text_t *t = ud;
  size_t have = strlen(t->buf);
  if (have + 1 >= sizeof t->buf)
    return;
  size_t n = s.length < sizeof t->buf - have - 1 ? s.length
                                                 : sizeof t->buf - have - 1;
  memcpy(t->buf + have, s.data, n);
  t->buf[have + n] = 0;
}

typedef struct {
  fe_diag *d;
  MlirOperation func; /* the caller's: names the op at an error's location */
  bool tensors;
} capture_t;

/* Every error of the upstream passes, at its location, naming the op the
 * user wrote there (the passes report "op was not bufferized" without
 * saying which op). */
static MlirLogicalResult capture(MlirDiagnostic diag, void *ud) {
  capture_t *c = ud;
  if (mlirDiagnosticGetSeverity(diag) != MlirDiagnosticError)
    return mlirLogicalResultSuccess(); /* handled: not shown to the user */
  text_t t = {""};
  mlirDiagnosticPrint(diag, append_msg, &t);
  MlirLocation loc = mlirDiagnosticGetLocation(diag);
  char nm[64];
  fe_source_op_name(c->func, loc, nm, sizeof nm);
  const char *stage = c->tensors ? "bufferization of the tensor function"
                                 : "generalization of its named linalg ops";
  if (nm[0] && !strcmp(nm, "func.func"))
    nm[0] = 0; /* the function itself: nothing more to name */
  bool linalg = !strncmp(nm, "linalg.", 7);
  /* The scratch module holds this function alone: any callee is missing. */
  if (!strcmp(nm, "func.call")) {
    fe_diag_refuse_at(c->d, loc, FE_CALL_REFUSAL);
    return mlirLogicalResultSuccess();
  }
  if (nm[0] && c->tensors && strstr(t.buf, "not bufferized"))
    fe_diag_refuse_at(c->d, loc,
                      "%s on tensors cannot be bufferized (%s: %s)%s", nm,
                      stage, t.buf,
                      linalg ? ""
                             : "; express it as an elementwise linalg op "
                               "(linalg.generic or linalg.map) instead");
  else if (nm[0] && strstr(t.buf, "not equivalent to the corresponding "
                                   "iter bbArg"))
    /* A loop whose body yields a new tensor instead of updating its
     * iter_arg: upstream bufferizes only the in-place form. */
    fe_diag_refuse_at(c->d, loc, "%s failed on %s: %s; write each "
                                 "iteration's result into the iter_arg "
                                 "(outs of the last linalg op: destination-"
                                 "passing style)",
                      stage, nm, t.buf);
  else if (nm[0])
    fe_diag_refuse_at(c->d, loc, "%s failed on %s: %s", stage, nm, t.buf);
  else
    fe_diag_refuse_at(c->d, loc, "%s failed on it: %s", stage,
                      t.buf[0] ? t.buf : "(no message)");
  return mlirLogicalResultSuccess();
}

static bool is_tensor(MlirType t) {
  return mlirTypeIsARankedTensor(t) || mlirTypeIsAUnrankedTensor(t);
}

static bool has_tensor_types(MlirType ft) {
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(ft); ++i)
    if (is_tensor(mlirFunctionTypeGetInput(ft, i)))
      return true;
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumResults(ft); ++i)
    if (is_tensor(mlirFunctionTypeGetResult(ft, i)))
      return true;
  return false;
}

static bool has_tensors(MlirOperation func) {
  return has_tensor_types(
      mlirTypeAttrGetValue(wmma_attr(func, "function_type")));
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

/* Declarations of the functions func calls on buffers (and scalars), so
 * that the scratch module verifies and a call can stay on the host of a
 * program between its kernels.  Callees on tensors are left out: their
 * bufferized signature would not be the caller module's (the call is then
 * refused as before). */
typedef struct {
  MlirOperation module; /* the caller's module */
  MlirBlock scratch;
} callees_t;

static MlirOperation find_symbol(MlirBlock b, MlirStringRef name) {
  for (MlirOperation op = mlirBlockGetFirstOperation(b);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute s = wmma_attr(op, "sym_name");
    if (!mlirAttributeIsNull(s) && mlirAttributeIsAString(s) &&
        mlirStringRefEqual(mlirStringAttrGetValue(s), name))
      return op;
  }
  return (MlirOperation){NULL};
}

static MlirWalkResult declare_callee(MlirOperation op, void *ud) {
  callees_t *c = ud;
  if (!wmma_op_is(op, "func.call"))
    return MlirWalkResultAdvance;
  MlirAttribute callee = wmma_attr(op, "callee");
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return MlirWalkResultAdvance;
  MlirStringRef name = mlirFlatSymbolRefAttrGetValue(callee);
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(c->module, 0));
  MlirOperation f = find_symbol(top, name);
  if (mlirOperationIsNull(f) || !wmma_op_is(f, "func.func") ||
      !mlirOperationIsNull(find_symbol(c->scratch, name)))
    return MlirWalkResultAdvance;
  MlirType ft = mlirTypeAttrGetValue(wmma_attr(f, "function_type"));
  if (has_tensor_types(ft))
    return MlirWalkResultAdvance;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirNamedAttribute attrs[3] = {
      wb_named(ctx, "sym_name", mlirStringAttrGet(ctx, name)),
      wb_named(ctx, "function_type", mlirTypeAttrGet(ft)),
      wb_named(ctx, "sym_visibility",
               mlirStringAttrGet(ctx, wmma_sref("private")))};
  MlirOperationState st =
      mlirOperationStateGet(wmma_sref("func.func"), mlirOperationGetLocation(f));
  mlirOperationStateAddAttributes(&st, 3, attrs);
  MlirRegion r = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  mlirBlockAppendOwnedOperation(c->scratch, mlirOperationCreate(&st));
  return MlirWalkResultAdvance;
}

MlirOperation fe_normalize(MlirOperation func, MlirOperation *scratch,
                           fe_diag *d) {
  /* Sparse encodings would not survive bufferization: refused first. */
  *scratch = (MlirOperation){NULL};
  if (fe_refuse_sparse_values(func, d))
    return (MlirOperation){NULL};
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(func);
  MlirModule m = mlirModuleCreateEmpty(loc);
  *scratch = mlirModuleGetOperation(m);
  MlirOperation copy = mlirOperationClone(func);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), copy);
  MlirOperation parent = mlirOperationGetParentOperation(func);
  if (!mlirOperationIsNull(parent)) {
    callees_t c = {parent, mlirModuleGetBody(m)};
    mlirOperationWalk(copy, declare_callee, &c, MlirWalkPreOrder);
  }
  /* Accepted 2:4 arguments are read as dense matrices from here on. */
  fe_strip_sparse_args(copy);
  bool tensors = has_tensors(copy);
  if (tensors)
    mark_read_only(copy);

  const char *pipeline =
      tensors ? "func.func(tosa-to-arith{include-apply-rescale=true}),"
                "func.func(convert-elementwise-to-linalg),"
                "func.func(wmma-propagate-reshapes),"
                "one-shot-bufferize{allow-unknown-ops "
                "bufferize-function-boundaries "
                "function-boundary-type-conversion=identity-layout-map},"
                "func.func(linalg-generalize-named-ops)"
              : "func.func(tosa-to-arith{include-apply-rescale=true}),"
                "func.func(linalg-generalize-named-ops)";
  /* The pipeline is parsed by pass name: make sure both are registered
   * (idempotent; a C API user may not have registered every pass). */
  mlirRegisterBufferizationOneShotBufferizePass();
  mlirRegisterLinalgLinalgGeneralizeNamedOpsPass();
  mlirRegisterLinalgConvertElementwiseToLinalgPass();
  mlirRegisterConversionTosaToArithPass();
  wmmaRegisterPropagateReshapesPass();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  /* linalg.softmax into its reductions first (on tensors). */
  mlirOpPassManagerAddOwnedPass(opm, wmmaCreateDecomposeAggregatesPass());
  if (mlirLogicalResultIsFailure(mlirOpPassManagerAddPipeline(
          opm, wmma_sref(pipeline), ignore_pipeline_error, NULL))) {
    mlirPassManagerDestroy(pm);
    fe_diag_refuse(d, func, "internal error: the normalization pipeline "
                            "does not parse");
    return (MlirOperation){NULL};
  }
  capture_t c = {d, func, tensors};
  int before = d->total;
  MlirDiagnosticHandlerID h =
      mlirContextAttachDiagnosticHandler(ctx, capture, &c, NULL);
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, *scratch);
  mlirContextDetachDiagnosticHandler(ctx, h);
  mlirPassManagerDestroy(pm);
  if (mlirLogicalResultIsFailure(r)) {
    if (d->total == before)
      fe_diag_refuse(d, func, "%s failed on it (no message)",
                     tensors ? "bufferization of the tensor function"
                             : "generalization of its named linalg ops");
    return (MlirOperation){NULL};
  }
  MlirOperation norm = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  fe_reroot_result_views(norm);
  fe_drop_unit_output_dims(norm);
  fe_split_arg_reductions(norm);
  return norm; /* the copy */
}
