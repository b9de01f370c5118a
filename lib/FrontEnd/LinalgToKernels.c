/* wmma-linalg-to-kernels: every recognised func.func @F of the module is
 * replaced by `gpu.module @F_module [#rocdl.target<chip>] { gpu.func @F }`
 * (same arguments, same order) and the module gets gpu.container_module.
 * Functions that do not match are left untouched with a remark; recognised
 * functions that cannot be compiled (shapes, resources) are errors. */
#include "FrontEnd.h"
#include "wmma-c/Dialect.h"
#include "wmma-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/ROCDL.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char chip[32]; /* empty: missing */
  int waves;
  int tiled; /* allow the LDS-staged tiled kernel for single GEMMs */
} l2k_options;

/* Is the symbol `name` referenced by a func.call in the module? */
typedef struct {
  const char *name;
  int found;
} call_scan;

static MlirWalkResult call_cb(MlirOperation op, void *ud) {
  call_scan *s = ud;
  if (!wmma_op_is(op, "func.call"))
    return MlirWalkResultAdvance;
  MlirAttribute callee = wmma_attr(op, "callee");
  if (!mlirAttributeIsNull(callee) && mlirAttributeIsAFlatSymbolRef(callee)) {
    MlirStringRef v = mlirFlatSymbolRefAttrGetValue(callee);
    if (v.length == strlen(s->name) && !memcmp(v.data, s->name, v.length)) {
      s->found = 1;
      return MlirWalkResultInterrupt;
    }
  }
  return MlirWalkResultAdvance;
}

static bool symbol_exists(MlirBlock body, const char *name) {
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute sym = wmma_attr(op, "sym_name");
    if (!mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym)) {
      MlirStringRef v = mlirStringAttrGetValue(sym);
      if (v.length == strlen(name) && !memcmp(v.data, name, v.length))
        return true;
    }
  }
  return false;
}

/* Converts one func; 1 converted, 0 left alone, -1 error. */
static int convert_func(MlirOperation module, MlirBlock body,
                        MlirOperation func, const l2k_options *o,
                        wmma_arch arch) {
  static fe_desc d; /* large */
  int rc = fe_analyze(func, &d);
  if (rc <= 0)
    return rc;
  call_scan cs = {d.name, 0};
  mlirOperationWalk(module, call_cb, &cs, MlirWalkPreOrder);
  if (cs.found) {
    fe_remark(func, "not converted to a wmma kernel: @%s is called from the "
                    "module",
              d.name);
    return 0;
  }
  char modname[160];
  snprintf(modname, sizeof modname, "%s_module", d.name);
  if (symbol_exists(body, modname)) {
    fe_remark(func, "not converted to a wmma kernel: the symbol @%s already "
                    "exists",
              modname);
    return 0;
  }
  if (fe_plan(func, &d, arch, o->waves, o->tiled))
    return -1;
  char *text = fe_emit_kernel(&d, o->chip, arch);
  if (!text) {
    wmma_error(func, "wmma-linalg-to-kernels: internal error while writing the "
                     "kernel for @%s",
               d.name);
    return -1;
  }
  MlirContext ctx = mlirOperationGetContext(func);
  char srcname[200];
  snprintf(srcname, sizeof srcname, "wmma-linalg-to-kernels(@%s)", d.name);
  MlirOperation kernel =
      mlirOperationCreateParse(ctx, wmma_sref(text), wmma_sref(srcname));
  if (mlirOperationIsNull(kernel)) {
    wmma_error(func, "wmma-linalg-to-kernels: internal error: the generated "
                     "kernel for @%s does not parse or verify (see above)",
               d.name);
    if (getenv("WMMA_FE_DUMP"))
      fprintf(stderr, "%s\n", text);
    free(text);
    return -1;
  }
  free(text);
  mlirBlockInsertOwnedOperationBefore(body, func, kernel);
  mlirOperationRemoveFromParent(func);
  mlirOperationDestroy(func);
  return 1;
}

static void run(MlirOperation module, MlirExternalPass pass, void *ud) {
  const l2k_options *o = ud;
  if (!wmma_op_is(module, "builtin.module")) {
    mlirEmitError(mlirOperationGetLocation(module),
                  "wmma-linalg-to-kernels runs on builtin.module");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  if (mlirBlockIsNull(body))
    return;
  /* Report option problems at the first function (or the module). */
  MlirOperation first = module;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (wmma_op_is(op, "func.func")) {
      first = op;
      break;
    }
  wmma_arch arch = o->chip[0] ? wmma_chip_arch(o->chip) : WMMA_ARCH_INVALID;
  if (arch == WMMA_ARCH_INVALID) {
    char msg[512];
    if (o->chip[0])
      snprintf(msg, sizeof msg,
               "wmma-linalg-to-kernels: unknown chip '%s'; supported chips: "
               "%s",
               o->chip, wmma_supported_chips());
    else
      snprintf(msg, sizeof msg,
               "wmma-linalg-to-kernels: the chip option is required "
               "(chip=gfxNNNN); supported chips: %s",
               wmma_supported_chips());
    mlirEmitError(mlirOperationGetLocation(first), msg);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  if (o->waves < 1 || o->waves > 32) {
    char msg[160];
    snprintf(msg, sizeof msg,
             "wmma-linalg-to-kernels: waves-per-workgroup must be in 1..32, "
             "got %d",
             o->waves);
    mlirEmitError(mlirOperationGetLocation(first), msg);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  /* Collect first: conversion edits the block. */
  int cap = 16, n = 0;
  MlirOperation *funcs = malloc(sizeof *funcs * (size_t)cap);
  if (!funcs) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!wmma_op_is(op, "func.func"))
      continue;
    if (n == cap) {
      MlirOperation *nf = realloc(funcs, sizeof *funcs * (size_t)(cap *= 2));
      if (!nf) {
        free(funcs);
        mlirExternalPassSignalFailure(pass);
        return;
      }
      funcs = nf;
    }
    funcs[n++] = op;
  }
  int converted = 0, failed = 0;
  for (int i = 0; i < n; ++i) {
    int rc = convert_func(module, body, funcs[i], o, arch);
    if (rc < 0)
      failed = 1;
    else
      converted += rc;
  }
  free(funcs);
  if (converted)
    mlirOperationSetDiscardableAttributeByName(
        module, wmma_sref("gpu.container_module"),
        mlirUnitAttrGet(mlirOperationGetContext(module)));
  if (failed)
    mlirExternalPassSignalFailure(pass);
}

/*--- pass plumbing --------------------------------------------------------*/
static void construct_nop(void *ud) { (void)ud; }
static void destruct_opts(void *ud) { free(ud); }
static MlirLogicalResult init_nop(MlirContext ctx, void *ud) {
  (void)ctx;
  (void)ud;
  return mlirLogicalResultSuccess();
}
static void *clone_opts(void *ud) {
  l2k_options *c = malloc(sizeof *c);
  if (c)
    memcpy(c, ud, sizeof *c);
  return c;
}

MlirPass wmmaCreateLinalgToKernelsPass(const char *chip, int waves) {
  return wmmaCreateLinalgToKernelsPassWithTiling(chip, waves, true);
}

MlirPass wmmaCreateLinalgToKernelsPassWithTiling(const char *chip, int waves,
                                                 bool tiled) {
  static MlirTypeID type_id = {NULL};
  static char type_id_storage[8] __attribute__((aligned(8)));
  if (!type_id.ptr)
    type_id = mlirTypeIDCreate(type_id_storage);
  l2k_options *o = calloc(1, sizeof *o);
  if (!o)
    return (MlirPass){NULL};
  if (chip && strlen(chip) < sizeof o->chip)
    snprintf(o->chip, sizeof o->chip, "%s", chip);
  else if (chip && *chip)
    snprintf(o->chip, sizeof o->chip, "%s", "<too long>");
  o->waves = waves == 0 ? FE_DEFAULT_WAVES : waves;
  o->tiled = tiled;
  MlirDialectHandle deps[] = {
      mlirGetDialectHandle__wmma__(),   mlirGetDialectHandle__gpu__(),
      mlirGetDialectHandle__rocdl__(),  mlirGetDialectHandle__scf__(),
      mlirGetDialectHandle__arith__(),  mlirGetDialectHandle__vector__(),
      mlirGetDialectHandle__memref__(), mlirGetDialectHandle__llvm__()};
  MlirExternalPassCallbacks cb = {construct_nop, destruct_opts, init_nop,
                                  clone_opts, run};
  return mlirCreateExternalPass(
      type_id, wmma_sref("WmmaLinalgToKernels"),
      wmma_sref("wmma-linalg-to-kernels"),
      wmma_sref("Compile linalg GEMM chains on memrefs into wmma kernels"),
      wmma_sref("builtin.module"), (intptr_t)(sizeof deps / sizeof deps[0]),
      deps, cb, o);
}
