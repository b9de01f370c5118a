/* A function that is not one kernel becomes a program: the partition's
 * kernels, all in one gpu.module @F_module (one code object), launched in
 * order by the function's host body (Host/HostProgram.c).  In whole-
 * function mode (the driver's) any op left on the host leaves the function
 * untouched; otherwise each gets a remark saying why no kernel took it. */
#include "Host/Program.h"
#include "Pass/Pass.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void name_of(MlirOperation op, char *nm, size_t cap) {
  wmma_op_name(op, nm, cap);
}

/* Which of the function's obstacles are at op or an op in its body. */
typedef struct {
  const fe_diag *old;
  bool hit[FE_MAX_OBSTACLES];
  bool any;
} in_op_t;

static MlirWalkResult mark_items_in(MlirOperation op, void *ud) {
  in_op_t *w = ud;
  MlirLocation loc = mlirOperationGetLocation(op);
  for (int k = 0; k < w->old->n; ++k)
    if (mlirLocationEqual(w->old->items[k].loc, loc))
      w->hit[k] = true;
  return MlirWalkResultAdvance;
}

/* Whole-function mode: the obstacles are what no kernel takes -- each
 * foreign op with the reason recognition gave at it, each compute op left
 * with the reason it was refused alone. */
static void refuse_leftovers(const fe_partition *pt, MlirOperation func,
                             fe_diag *d) {
  fe_diag *old = malloc(sizeof *old);
  if (!old)
    return; /* out of memory: the function's obstacles stand */
  *old = *d;
  fe_diag_init(d, func);
  for (int i = 0; i < pt->nforeign; ++i) {
    MlirLocation loc = mlirOperationGetLocation(pt->foreign[i]);
    const char *why = NULL;
    for (int k = 0; k < old->n && !why; ++k)
      if (mlirLocationEqual(old->items[k].loc, loc))
        why = old->items[k].msg;
    char nm[64];
    name_of(pt->foreign[i], nm, sizeof nm);
    if (why)
      fe_diag_refuse_at(d, loc, "%s", why);
    else
      fe_diag_refuse(d, pt->foreign[i],
                     "'%s' is neither a kernel's work nor a launch, an "
                     "allocation or a view",
                     nm);
  }
  /* An op left: what recognition of the whole function said at it or at
   * the ops in its body (it names the construct the user wrote), else why
   * it was refused alone. */
  for (int i = 0; i < pt->nleft; ++i) {
    if (pt->left[i].control) { /* a loop kept whole: its own reason */
      fe_diag_refuse_at(d, pt->left[i].loc, "%s", pt->left[i].why);
      continue;
    }
    in_op_t w = {old, {0}, false};
    mlirOperationWalk(pt->left[i].op, mark_items_in, &w, MlirWalkPreOrder);
    for (int k = 0; k < old->n; ++k)
      if (w.hit[k] || mlirLocationEqual(old->items[k].loc, pt->left[i].loc))
        fe_diag_refuse_at(d, old->items[k].loc, "%s", old->items[k].msg),
            w.any = true;
    if (!w.any)
      fe_diag_refuse_at(d, pt->left[i].loc, "%s", pt->left[i].why);
  }
  free(old);
}

static void remark_leftovers(const fe_partition *pt) {
  for (int i = 0; i < pt->nleft; ++i)
    fe_remark(pt->left[i].loc, "left on the host (no kernel takes it): %s",
              pt->left[i].why);
  for (int i = 0; i < pt->nforeign; ++i) {
    char nm[64];
    name_of(pt->foreign[i], nm, sizeof nm);
    fe_remark(mlirOperationGetLocation(pt->foreign[i]),
              "'%s' stays on the host between the kernels", nm);
  }
}

/* Every segment's kernel, moved into one gpu.module named @F_module. */
static MlirOperation build_kernels(MlirOperation func, const char *name,
                                   fe_partition *pt,
                                   const wmma_chip_info *chip,
                                   MlirOperation *kernels) {
  MlirOperation program = {NULL};
  for (int i = 0; i < pt->nsegs; ++i) {
    fe_segment *seg = &pt->segs[i];
    MlirOperation gm;
    kernels[i] = fe_build_kernel(func, seg->p, seg->t, &seg->s, &seg->o,
                                 chip, &gm);
    if (mlirOperationIsNull(kernels[i])) {
      wmma_error(func, "wmma-linalg-to-kernels: internal error while "
                       "building the %s kernel @%s",
                 seg->t->name, seg->p->name);
      return (MlirOperation){NULL};
    }
    if (mlirOperationIsNull(program)) {
      char modname[160];
      snprintf(modname, sizeof modname, "%s_module", name);
      MlirContext ctx = mlirOperationGetContext(func);
      mlirOperationSetAttributeByName(
          gm, wmma_sref("sym_name"),
          mlirStringAttrGet(ctx, wmma_sref(modname)));
      program = gm;
      continue;
    }
    mlirOperationRemoveFromParent(kernels[i]);
    mlirBlockAppendOwnedOperation(
        mlirRegionGetFirstBlock(mlirOperationGetRegion(program, 0)),
        kernels[i]);
    mlirOperationRemoveFromParent(gm);
    mlirOperationDestroy(gm);
  }
  return program;
}

int fe_convert_program(MlirOperation func, MlirOperation norm,
                       const fe_options *o, const wmma_chip_info *chip,
                       fe_diag *d) {
  char name[128];
  wmma_copy_ref(name, sizeof name,
                mlirStringAttrGetValue(wmma_attr(func, "sym_name")));
  fe_partition *pt = malloc(sizeof *pt);
  MlirOperation *kernels = malloc(sizeof *kernels * FE_MAX_SEGMENTS);
  int rc = 0;
  int prc = pt && kernels ? fe_partition_build(norm, func, name, chip, o, pt)
                           : -1;
  if (prc == -2) {
    /* Too big to cut: the function's obstacles stand (a remark). */
    fe_remark(mlirOperationGetLocation(func),
              "@%s has more than %d linalg ops (or other ops): too many to "
              "cut into kernels",
              name, FE_MAX_COMPUTE);
    goto done;
  }
  if (prc) {
    wmma_error(func, "wmma-linalg-to-kernels: out of memory while cutting "
                     "@%s into kernels",
               name);
    rc = -1;
    goto done;
  }
  bool control_left = false;
  for (int i = 0; i < pt->nleft; ++i)
    control_left |= pt->left[i].control;
  if (pt->nsegs == 0) {
    /* Nothing converted: the obstacles stand, but a loop kept whole says
     * why itself (recognition only knows it is not a linalg op). */
    if (control_left && d)
      refuse_leftovers(pt, func, d);
    goto done;
  }
  if (o->whole && (pt->nleft || pt->nforeign)) {
    if (d)
      refuse_leftovers(pt, func, d);
    goto done;
  }
  for (int i = 0; i < pt->nsegs; ++i)
    if (fe_check_limits(pt->segs[i].p) ||
        fe_check_grid(pt->segs[i].p, &pt->segs[i].s)) {
      rc = -1;
      goto done;
    }
  MlirOperation program = build_kernels(func, name, pt, chip, kernels);
  if (mlirOperationIsNull(program) ||
      fe_build_program_host(func, norm, pt, program, kernels)) {
    if (!mlirOperationIsNull(program))
      wmma_error(func, "wmma-linalg-to-kernels: internal error while "
                       "building the host of @%s",
                 name);
    rc = -1;
    goto done;
  }
  if (!fe_tidy(program, "gpu.module") || !fe_tidy(func, "func.func")) {
    wmma_error(func, "wmma-linalg-to-kernels: CSE failed on @%s", name);
    rc = -1;
    goto done;
  }
  char why[FE_WHY];
  MlirLocation where;
  if (fe_program_number_buffers(mlirOperationGetParentOperation(func), func,
                                why, sizeof why, &where)) {
    if (o->whole) {
      /* At the op the record cannot express (the user's line). */
      char msg[FE_WHY + 256];
      snprintf(msg, sizeof msg, "wmma-linalg-to-kernels: @%s is not a "
                                "static sequence of launches: %s",
               name, why);
      mlirEmitError(where, msg);
      rc = -1;
      goto done;
    }
  }
  remark_leftovers(pt);
  rc = 1;
done:
  if (pt)
    fe_partition_free(pt);
  free(pt);
  free(kernels);
  return rc;
}
