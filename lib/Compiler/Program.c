/* The record of a program (a function the front end compiled into several
 * kernels): the function's arguments and results as the runner binds them,
 * the buffers the program allocates between its kernels, and each launch in
 * order with its kernel's own record (read from the host function by the
 * same table the front end numbered the buffers with). */
#include "ArgNames.h"
#include "Describe.h"
#include "wmma/Support/Program.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Name, type and shape of program buffer b as a kernel argument record. */
static int describe_buffer(session *s, const fe_program *pg, const fe_pbuf *b,
                           wmma_kernel_arg *a) {
  memset(a, 0, sizeof *a);
  a->host = b->host;
  if (b->kind == FE_PBUF_SCALAR) {
    describe_type(b->type, a->type, sizeof a->type, &a->elem_bytes);
    return 1;
  }
  a->is_buffer = 1;
  a->rank = b->rank;
  if (a->rank > WMMA_MAX_RANK) {
    session_error(s, "a buffer of the program has more than %s dimensions",
                  "8");
    return 0;
  }
  for (int d = 0; d < b->rank; ++d)
    a->shape[d] = b->dims[d];
  MlirAffineMap layout = mlirTypeIsAMemRef(b->type)
                             ? mlirMemRefTypeGetAffineMap(b->type)
                             : (MlirAffineMap){NULL};
  if (!mlirAffineMapIsNull(layout) && !mlirAffineMapIsIdentity(layout)) {
    session_error(s, "a buffer of the program has a non-identity layout%s",
                  "");
    return 0;
  }
  describe_type(mlirShapedTypeGetElementType(b->type), a->type,
                sizeof a->type, &a->elem_bytes);
  (void)pg;
  return 1;
}

/* Does any launch write program buffer `host`? */
static bool written(const wmma_compile_result *res, int host) {
  for (int i = 0; i < res->nlaunches; ++i)
    for (int a = 0; a < res->launches[i].nargs; ++a)
      if (res->launches[i].args[a].host == host &&
          strcmp(res->launches[i].args[a].role, "input"))
        return true;
  return false;
}

int describe_program(session *s, MlirOperation module, MlirOperation func,
                     wmma_compile_result *res, MlirOperation *kernel) {
  fe_program *pg = malloc(sizeof *pg);
  if (!pg) {
    session_error(s, "out of memory%s", "");
    return 0;
  }
  char why[512];
  int ok = 0;
  if (fe_program_read(module, func, pg, why, sizeof why)) {
    mlirEmitError(mlirOperationGetLocation(func), why);
    s->errors++;
    goto done;
  }
  if (pg->nlaunches == 0) {
    session_error(s, "the program launches no kernel%s", "");
    goto done;
  }
  wmma_copy_ref(res->kernel, sizeof res->kernel,
                mlirStringAttrGetValue(wmma_attr(func, "sym_name")));
  res->ncaller = pg->ncaller;
  res->nsizes = pg->nsizes;
  res->nresults = pg->nresults;
  if (pg->ncaller + pg->nresults > WMMA_MAX_KERNEL_ARGS) {
    session_error(s, "the program has more than %s arguments and results",
                  "32");
    goto done;
  }
  res->launches = calloc((size_t)pg->nlaunches, sizeof *res->launches);
  res->buffers = calloc((size_t)pg->nbufs, sizeof *res->buffers);
  if (!res->launches || !res->buffers) {
    session_error(s, "out of memory%s", "");
    goto done;
  }
  res->nlaunches = pg->nlaunches;
  for (int i = 0; i < pg->nlaunches; ++i) {
    wmma_compile_result *l = &res->launches[i];
    snprintf(l->chip, sizeof l->chip, "%s", res->chip);
    l->accumulate = res->accumulate;
    if (!describe_kernel(s, pg->launches[i].kernel, l))
      goto done;
    l->ok = 1;
  }
  *kernel = pg->launches[0].kernel;
  /* The function's arguments, then its results, as the runner and the
   * reference take them. */
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (int i = 0; i < pg->nbufs; ++i) {
    const fe_pbuf *b = &pg->bufs[i];
    bool caller = (b->kind == FE_PBUF_ARG || b->kind == FE_PBUF_SCALAR) &&
                  mlirValueIsABlockArgument(b->value);
    if (!caller && b->kind != FE_PBUF_RESULT)
      continue;
    int slot = caller ? b->index : pg->ncaller + b->index;
    wmma_kernel_arg *a = &res->args[slot];
    if (!describe_buffer(s, pg, b, a))
      goto done;
    if (caller) {
      if (!wmma_location_name(
              mlirValueGetLocation(mlirBlockGetArgument(body, b->index)),
              a->name, sizeof a->name))
        snprintf(a->name, sizeof a->name, "arg%d", b->index);
      snprintf(a->role, sizeof a->role, "%s",
               a->is_buffer && written(res, a->host) ? "inout" : "input");
    } else {
      snprintf(a->name, sizeof a->name, "result%d", b->index);
      snprintf(a->role, sizeof a->role, "output");
    }
  }
  res->nargs = pg->ncaller + pg->nresults;
  /* The program's own buffers, by their numbers. */
  for (int i = 0; i < pg->nbufs; ++i) {
    const fe_pbuf *b = &pg->bufs[i];
    if (b->kind != FE_PBUF_TEMP && b->kind != FE_PBUF_VIEW)
      continue;
    wmma_program_buffer *pb = &res->buffers[res->nbuffers++];
    if (!describe_buffer(s, pg, b, &pb->desc))
      goto done;
    snprintf(pb->desc.name, sizeof pb->desc.name, "%s%d",
             b->kind == FE_PBUF_VIEW ? "view" : "temp",
             b->host - pg->ncaller);
    snprintf(pb->desc.role, sizeof pb->desc.role, "inout");
    pb->is_view = b->kind == FE_PBUF_VIEW;
    pb->view_of = pb->is_view ? pg->bufs[b->base].host : 0;
  }
  ok = 1;
done:
  free(pg);
  return ok;
}
