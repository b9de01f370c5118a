/* wmma-linalg-to-kernels: for every func.func of the module, recognise its
 * linalg (memrefs or tensors), build the problem, let the templates plan a
 * schedule, and build `gpu.module @F_module [#rocdl.target<chip>] { gpu.func
 * @F kernel }` next to it; the func keeps its name and signature and its
 * body becomes the kernel's launch.  The module gets gpu.container_module.
 * A function nothing applies to gets one remark with every obstacle (one:
 * at its op; several: at the function, with a note at each op) and is
 * left untouched;
 * sizes no kernel can index are errors. */
#include "Pass/Pass.h"
#include "wmma-c/Passes.h"
#include "wmma/Support/CAPIUtil.h"
#include "wmma/Support/ParseGuard.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/AMDGPU.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Bufferization.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/ROCDL.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Transforms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char chip[32]; /* empty: missing */
  fe_options fe;
} l2k_options;

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

/* Buffers whose byte offsets do not fit 31 bits cannot be addressed by the
 * 32-bit buffer offsets of the kernels: an error, not a remark. */
int fe_check_limits(const fe_problem *p) {
  for (int a = 0; a < p->nargs; ++a) {
    const fe_arg *x = &p->args[a];
    if (!x->is_buffer)
      continue;
    double bytes = fe_storage_bytes(x->elem);
    for (int d = 0; d < x->rank; ++d)
      bytes *= fe_size_static(x->shape[d]) ? (double)x->shape[d].value : 1;
    if (bytes >= 2147483648.0) {
      char ts[128];
      fe_type_str(x->type, ts, sizeof ts);
      char msg[256];
      snprintf(msg, sizeof msg,
               "wmma-linalg-to-kernels: %s %d (%s) holds %.0f bytes; kernels "
               "address buffers with 32-bit offsets (limit 2 GiB)",
               x->host >= 0 ? "argument" : "result",
               x->host >= 0 ? x->host : -1 - x->host, ts, bytes);
      mlirEmitError(mlirLocationIsNull(x->loc) ? p->loc : x->loc, msg);
      return -1;
    }
  }
  return 0;
}

/* The builders create a constant where each value is needed; CSE (run
 * through the C API on just the new ops) leaves one of each, so the kernel
 * reads like hand-written IR before any later canonicalization. */
bool fe_tidy(MlirOperation op, const char *anchor) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, wmma_sref(anchor));
  mlirPassManagerAddOwnedPass(pm, mlirCreateTransformsCSE());
  /* The module is verified after this pass; until then the launch's
   * container attribute is not set yet. */
  mlirPassManagerEnableVerifier(pm, false);
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, op);
  mlirPassManagerDestroy(pm);
  return mlirLogicalResultIsSuccess(r);
}

/* A dispatch packet counts work-items per dimension in 32 bits: a static
 * grid whose workgroups times block size overflows it is an error. */
int fe_check_grid(const fe_problem *p, const fe_schedule *s) {
  for (int d = 0; d < 3; ++d) {
    const fe_grid_dim *g = &s->grid[d];
    double n = 1;
    bool known = true;
    for (int t = 0; t < g->nterms; ++t) {
      if (!fe_size_static(g->t[t].size)) {
        known = false;
        break;
      }
      n *= (double)((g->t[t].size.value + g->t[t].div - 1) / g->t[t].div);
    }
    double items = n * (d == 0 ? s->threads : 1);
    if (known && items >= 4294967296.0) {
      char msg[256];
      snprintf(msg, sizeof msg,
               "wmma-linalg-to-kernels: the grid needs %.0f work-items in "
               "dimension %c; a dispatch allows fewer than 2^32",
               items, "xyz"[d]);
      mlirEmitError(p->loc, msg);
      return -1;
    }
  }
  return 0;
}

/* 1 converted, 0 left alone (remark), -1 error. */
/* Does func take an argument 2:4 sparse (along its rows or columns)? */
static bool has_sparse_args(MlirOperation func) {
  MlirType ft = mlirTypeAttrGetValue(wmma_attr(func, "function_type"));
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(ft); ++i)
    if (fe_is_two_of_four(mlirFunctionTypeGetInput(ft, i)))
      return true;
  return false;
}

static int convert_func(MlirBlock body, MlirOperation func,
                        const l2k_options *o, const wmma_chip_info *chip) {
  fe_problem *p = calloc(1, sizeof *p);
  if (!p)
    return -1;
  fe_graph_init(&p->g);
  int rc = 0;
  char why[FE_WHY] = "";
  MlirLocation where = mlirOperationGetLocation(func);
  MlirOperation scratch = {NULL};
  MlirAttribute sym = wmma_attr(func, "sym_name");
  wmma_copy_ref(p->name, sizeof p->name, mlirStringAttrGetValue(sym));
  p->func = func;
  p->loc = where;
  char modname[160];
  snprintf(modname, sizeof modname, "%s_module", p->name);
  if (symbol_exists(body, modname)) {
    fe_remark(where, "not converted to a wmma kernel: the symbol @%s "
                     "already exists",
              modname);
    goto done;
  }
  /* Normalisation and recognition report every obstacle they find;
   * the later stages stop at their first. */
  fe_diag *d = malloc(sizeof *d);
  if (!d) {
    rc = -1;
    goto done;
  }
  fe_diag_init(d, func);
  MlirOperation norm = {NULL};
  /* A declaration: nothing to normalise (bufferization would reject the
   * attributes it adds to tensor arguments). */
  if (mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0))))
    fe_diag_refuse(d, func, "a declaration has no body to compile");
  else
    norm = fe_normalize(func, &scratch, d);
  if (!mlirOperationIsNull(norm) && !fe_recognize(norm, func, p, d) &&
      (fe_problem_build(p, why, sizeof why, &where) ||
       fe_sparse_operands(p, why, sizeof why, &where)))
    fe_diag_refuse_at(d, where, "%s", why);
  /* The scratch copy of a function with 2:4 arguments has lost their
   * encoding: it is one sparse GEMM or nothing, never a program. */
  bool sparse = has_sparse_args(func);
  if (d->total) {
    /* Not one kernel: perhaps several (a program). */
    int prc = mlirOperationIsNull(norm) || sparse
                  ? 0
                  : fe_convert_program(func, norm, &o->fe, chip, d);
    if (prc) {
      rc = prc < 0 ? -1 : 1;
      free(d);
      goto done;
    }
    fe_diag_emit(d, "not converted to a wmma kernel");
    free(d);
    goto done;
  }
  free(d);
  if (fe_check_limits(p)) {
    rc = -1;
    goto done;
  }
  /* A schedule given on the function pins the kernel (verified to be a
   * #wmma.schedule by the dialect). */
  fe_options fo = o->fe;
  MlirAttribute pin = wmma_attr(func, "wmma.schedule");
  fo.pinned = !mlirAttributeIsNull(pin) && wmmaScheduleAttrGetDesc(pin, &fo.pin);
  fe_set_native_accumulation(p, &fo);
  const fe_template *t;
  fe_schedule s;
  if (fe_select(p, chip, &fo, &t, &s, why, sizeof why) &&
      fe_vector_fallback(func, norm, &p, &fo, chip, &t, &s, why,
                         sizeof why)) {
    /* One problem no template builds (a chain too wide to fuse): perhaps
     * several kernels -- unless a pin asks for this one. */
    int prc = fo.pinned || sparse
                  ? 0
                  : fe_convert_program(func, norm, &o->fe, chip, NULL);
    if (prc) {
      rc = prc < 0 ? -1 : 1;
      goto done;
    }
    fe_remark(p->loc, "not converted to a wmma kernel: %s", why);
    goto done;
  }
  if (fe_depthwise_choice(func, norm, &p, &fo, chip, &t, &s)) {
    rc = -1;
    goto done;
  }
  if (fe_check_grid(p, &s)) {
    rc = -1;
    goto done;
  }
  if (fe_is_split(t, &s)) {
    if (fe_convert_split(func, p, t, &s, &fo, chip)) {
      rc = -1;
      goto done;
    }
    if (t == &fe_template_decode) {
      char note[FE_WHY * 2];
      fe_decode_remark(p, chip, &s, note, sizeof note);
      fe_remark(p->g.prods[p->gemms[0].prod].loc, "%s", note);
    }
    if (fo.pinned)
      mlirOperationRemoveAttributeByName(func, wmma_sref("wmma.schedule"));
    rc = 1;
    goto done;
  }
  MlirOperation gm;
  MlirOperation kernel = fe_build_kernel(func, p, t, &s, &fo, chip, &gm);
  if (mlirOperationIsNull(kernel) || fe_build_host(func, p, &s, gm, kernel)) {
    wmma_error(func, "wmma-linalg-to-kernels: internal error while building "
                     "the %s kernel for @%s",
               t->name, p->name);
    rc = -1;
    goto done;
  }
  if (!fe_tidy(gm, "gpu.module") || !fe_tidy(func, "func.func")) {
    wmma_error(func, "wmma-linalg-to-kernels: CSE failed on the kernel for @%s",
               p->name);
    rc = -1;
    goto done;
  }
  /* A VALU kernel is correct but far slower than WMMA: say why it was
   * taken (the WMMA obstacle names the fix, e.g. converting f32 operands). */
  if (p->shape == FE_SHAPE_VALU) {
    char note[FE_WHY];
    fe_valu_remark(p, chip, &s, note, sizeof note);
    fe_remark(p->g.prods[p->gemms[0].prod].loc,
              "converted to a VALU kernel (template valu): %s%s",
              p->valu.why, note);
  }
  if (t == &fe_template_decode) {
    char note[FE_WHY * 2];
    fe_decode_remark(p, chip, &s, note, sizeof note);
    fe_remark(p->g.prods[p->gemms[0].prod].loc, "%s", note);
  }
  /* The pin now lives on the kernel it describes. */
  if (fo.pinned)
    mlirOperationRemoveAttributeByName(func, wmma_sref("wmma.schedule"));
  rc = 1;
done:
  if (!mlirOperationIsNull(scratch))
    mlirOperationDestroy(scratch);
  fe_problem_free(p);
  free(p);
  return rc;
}

static void run(MlirOperation module, MlirExternalPass pass, void *ud) {
  const l2k_options *o = wb_pass_payload(ud);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  if (mlirBlockIsNull(body))
    return;
  /* Option problems are reported at the first function (or the module). */
  MlirOperation first = module;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (wmma_op_is(op, "func.func")) {
      first = op;
      break;
    }
  /* Before any recursive walk: deep nesting would take minutes. */
  MlirOperation deep = wmma_nested_deeper_than(module, WMMA_MAX_NESTING);
  if (!mlirOperationIsNull(deep)) {
    char msg[128];
    wmma_nesting_message("regions", msg, sizeof msg);
    wmma_error(deep, "wmma-linalg-to-kernels: %s", msg);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  const wmma_chip_info *chip = wmma_chip_get(o->chip);
  if (!chip) {
    if (o->chip[0])
      wmma_error(first, "wmma-linalg-to-kernels: unknown chip '%s'; "
                        "supported chips: %s",
                 o->chip, wmma_supported_chips());
    else
      wmma_error(first, "wmma-linalg-to-kernels: the chip option is required "
                        "(chip=gfxNNNN); supported chips: %s",
                 wmma_supported_chips());
    mlirExternalPassSignalFailure(pass);
    return;
  }
  if (o->fe.tile_m < 0 || o->fe.tile_n < 0 ||
      (o->fe.tile_m == 0) != (o->fe.tile_n == 0)) {
    wmma_error(first, "wmma-linalg-to-kernels: tile-m and tile-n must both be "
                      "positive (or both 0: the cost rule's), got %dx%d",
               o->fe.tile_m, o->fe.tile_n);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  if (o->fe.waves < 1 || o->fe.waves > 32) {
    wmma_error(first, "wmma-linalg-to-kernels: waves-per-workgroup must be "
                      "in 1..32, got %d",
               o->fe.waves);
    mlirExternalPassSignalFailure(pass);
    return;
  }
  /* Collect first: conversion adds gpu.modules to the block. */
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
    int rc = convert_func(body, funcs[i], o, chip);
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

MlirPass wmmaCreateLinalgToKernelsPass(const char *chip, int waves) {
  wmmaFrontEndOptions o = {.chip = chip, .waves = waves};
  return wmmaCreateLinalgToKernelsPassWithOptions(&o);
}

MlirPass wmmaCreateLinalgToKernelsPassWithTiling(const char *chip, int waves,
                                                 bool tiled) {
  wmmaFrontEndOptions o = {
      .chip = chip,
      .waves = waves,
      .staging = tiled ? WMMA_STAGING_AUTO : WMMA_STAGING_REGISTERS};
  return wmmaCreateLinalgToKernelsPassWithOptions(&o);
}

int wmmaAccumulateParse(const char *name) {
  if (name && !strcmp(name, "wide"))
    return WMMA_ACCUMULATE_WIDE;
  if (name && !strcmp(name, "native"))
    return WMMA_ACCUMULATE_NATIVE;
  return -1;
}

int wmmaStagingParse(const char *name) {
  static const char *const names[] = {"auto", "registers", "lds"};
  for (int i = 0; name && i < 3; ++i)
    if (!strcmp(name, names[i]))
      return i;
  return -1;
}

static _Alignas(8) char linalg_to_kernels_id;

MlirPass wmmaCreateLinalgToKernelsPassWithOptions(
    const wmmaFrontEndOptions *opts) {
  l2k_options o;
  memset(&o, 0, sizeof o);
  const char *chip = opts ? opts->chip : NULL;
  if (chip && strlen(chip) < sizeof o.chip)
    snprintf(o.chip, sizeof o.chip, "%s", chip);
  else if (chip && *chip)
    snprintf(o.chip, sizeof o.chip, "%s", "<too long>");
  int waves = opts ? opts->waves : 0;
  o.fe.waves = waves == 0 ? FE_DEFAULT_WAVES : waves;
  wmma_staging st = opts ? opts->staging : WMMA_STAGING_AUTO;
  o.fe.staging = st >= WMMA_STAGING_AUTO && st <= WMMA_STAGING_LDS
                     ? st
                     : WMMA_STAGING_AUTO;
  o.fe.tile_m = opts ? opts->tile_m : 0;
  o.fe.tile_n = opts ? opts->tile_n : 0;
  o.fe.accumulate = opts && opts->accumulate == WMMA_ACCUMULATE_NATIVE
                        ? WMMA_ACCUMULATE_NATIVE
                        : WMMA_ACCUMULATE_WIDE;
  o.fe.no_packing = opts && opts->no_packing;
  o.fe.whole = opts && opts->whole;
  o.fe.explain_cost = opts && opts->explain_cost;
  MlirDialectHandle deps[] = {
      mlirGetDialectHandle__wmma__(),   mlirGetDialectHandle__gpu__(),
      mlirGetDialectHandle__rocdl__(),  mlirGetDialectHandle__scf__(),
      mlirGetDialectHandle__arith__(),  mlirGetDialectHandle__vector__(),
      mlirGetDialectHandle__memref__(), mlirGetDialectHandle__llvm__(),
      mlirGetDialectHandle__amdgpu__(), mlirGetDialectHandle__bufferization__()};
  wb_pass_def def = {
      .type_id = mlirTypeIDCreate(&linalg_to_kernels_id),
      .name = "WmmaLinalgToKernels",
      .argument = "wmma-linalg-to-kernels",
      .description = "Compile linalg functions (memrefs or tensors) into wmma "
                     "kernels launched from the function",
      .op_name = "builtin.module",
      .run = run,
      .user_size = sizeof o,
      .n_deps = sizeof deps / sizeof deps[0],
      .deps = deps};
  return wb_create_pass(&def, &o);
}
