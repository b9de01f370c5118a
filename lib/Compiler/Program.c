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
  if (b->kind == FE_PBUF_SCALAR || b->kind == FE_PBUF_VALUE) {
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
    /* A view with static strides (a subview): its layout addresses the
     * base buffer's data. */
    int64_t strides[WMMA_MAX_RANK], offset = 0;
    if (mlirLogicalResultIsFailure(
            mlirMemRefTypeGetStridesAndOffset(b->type, strides, &offset)) ||
        (mlirShapedTypeIsDynamicStrideOrOffset(offset) &&
         b->offset_value < 0)) {
      session_error(s, "a buffer of the program has a layout without static "
                       "strides%s", "");
      return 0;
    }
    for (int d = 0; d < b->rank; ++d) {
      if (mlirShapedTypeIsDynamicStrideOrOffset(strides[d])) {
        session_error(s, "a buffer of the program has run-time strides%s", "");
        return 0;
      }
      a->strides[d] = strides[d];
    }
    /* A run-time offset moves the data pointer instead (the runner). */
    a->offset = b->offset_value >= 0 ? 0 : offset;
  }
  describe_type(mlirShapedTypeGetElementType(b->type), a->type,
                sizeof a->type, &a->elem_bytes);
  (void)pg;
  return 1;
}

/* The program's role for caller buffer `host`: output when the first
 * launch using it only writes it, inout when a launch writes it after it
 * may have been read, input when none writes it. */
static const char *program_role(const wmma_compile_result *res, int host) {
  const char *first = NULL;
  bool written = false;
  for (int i = 0; i < res->nlaunches; ++i)
    for (int a = 0; a < res->launches[i].nargs; ++a) {
      const wmma_kernel_arg *k = &res->launches[i].args[a];
      if (k->host != host)
        continue;
      if (!first)
        first = k->role;
      written |= strcmp(k->role, "input") != 0;
    }
  if (!written)
    return "input";
  return first && !strcmp(first, "output") ? "output" : "inout";
}

/* Program buffer `host`'s record (a top-level argument or a buffer). */
static wmma_kernel_arg *buffer_of(wmma_compile_result *res, int host) {
  for (int i = 0; i < res->nargs; ++i)
    if (res->args[i].host == host)
      return &res->args[i];
  for (int i = 0; i < res->nbuffers; ++i)
    if (res->buffers[i].desc.host == host)
      return &res->buffers[i].desc;
  return NULL;
}

static int find_root(int *parent, int x) {
  while (parent[x] != x)
    x = parent[x] = parent[parent[x]];
  return x;
}

/* Run-time sizes the kernels know to be equal (one kernel size bound to
 * two program sizes) become one, so that sizes of outputs follow from the
 * inputs'; then they are numbered again in order. */
static int unify_sizes(wmma_compile_result *res, const fe_program *pg) {
  enum { N = 64 };
  int parent[N];
  for (int i = 0; i < N; ++i)
    parent[i] = i;
  for (int l = 0; l < res->nlaunches; ++l) {
    const wmma_compile_result *k = &res->launches[l];
    int bound[N];
    for (int i = 0; i < N; ++i)
      bound[i] = -1;
    for (int a = 0; a < k->nargs; ++a) {
      const wmma_kernel_arg *ka = &k->args[a];
      const wmma_kernel_arg *pa = ka->is_buffer ? buffer_of(res, ka->host) : NULL;
      for (int d = 0; pa && d < ka->rank && d < pa->rank; ++d) {
        int64_t ks = ka->shape[d], ps = pa->shape[d];
        if (ks >= 0 || ps >= 0 || -1 - ks >= N || -1 - ps >= N)
          continue;
        int kss = (int)(-1 - ks), pss = (int)(-1 - ps);
        if (bound[kss] < 0)
          bound[kss] = pss;
        else
          parent[find_root(parent, pss)] = find_root(parent, bound[kss]);
      }
    }
  }
  int number[N], n = 0;
  for (int i = 0; i < N; ++i)
    number[i] = -1;
  wmma_kernel_arg *all[WMMA_MAX_KERNEL_ARGS + 128];
  int nall = 0;
  for (int i = 0; i < res->nargs; ++i)
    all[nall++] = &res->args[i];
  for (int i = 0; i < res->nbuffers && nall < (int)(sizeof all / sizeof *all);
       ++i)
    all[nall++] = &res->buffers[i].desc;
  for (int i = 0; i < nall; ++i)
    for (int d = 0; d < all[i]->rank; ++d) {
      int64_t v = all[i]->shape[d];
      if (v >= 0 || -1 - v >= N)
        continue;
      int r = find_root(parent, (int)(-1 - v));
      if (number[r] < 0)
        number[r] = n++;
      all[i]->shape[d] = -1 - number[r];
    }
  /* The host's index values read sizes by the same numbers. */
  for (int i = 0; i < res->nvalues; ++i) {
    wmma_program_value *v = &res->values[i];
    if (v->op != WMMA_VALUE_SIZE || v->a < 0 || v->a >= N)
      continue;
    int r = find_root(parent, v->a);
    if (number[r] < 0)
      number[r] = n++;
    v->a = number[r];
  }
  res->nsizes = n;
  /* Sizes the host computes, by the new numbers (one of a class the
   * kernels unify: the launches' geometry checks that the rest agree). */
  bool computed = false;
  for (int i = 0; i < pg->nsizes && i < N; ++i)
    computed |= pg->sizes[i].value >= 0;
  if (!computed)
    return 1;
  res->size_values = malloc(sizeof *res->size_values * (size_t)(n ? n : 1));
  if (!res->size_values)
    return 0;
  for (int i = 0; i < n; ++i)
    res->size_values[i] = -1;
  for (int i = 0; i < pg->nsizes && i < N; ++i) {
    int r = find_root(parent, i);
    if (pg->sizes[i].value >= 0 && number[r] >= 0 &&
        res->size_values[number[r]] < 0)
      res->size_values[number[r]] = pg->sizes[i].value;
  }
  return 1;
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
               a->is_buffer ? program_role(res, a->host) : "input");
    } else {
      snprintf(a->name, sizeof a->name, "result%d", b->index);
      snprintf(a->role, sizeof a->role, "output");
    }
  }
  res->nargs = pg->ncaller + pg->nresults;
  /* The program's own buffers, by their numbers. */
  for (int i = 0; i < pg->nbufs; ++i) {
    const fe_pbuf *b = &pg->bufs[i];
    if (b->kind != FE_PBUF_TEMP && b->kind != FE_PBUF_VIEW &&
        b->kind != FE_PBUF_VALUE)
      continue;
    wmma_program_buffer *pb = &res->buffers[res->nbuffers++];
    if (!describe_buffer(s, pg, b, &pb->desc))
      goto done;
    snprintf(pb->desc.name, sizeof pb->desc.name, "%s%d",
             b->kind == FE_PBUF_VIEW    ? "view"
             : b->kind == FE_PBUF_VALUE ? "index"
                                        : "temp",
             b->host - pg->ncaller);
    snprintf(pb->desc.role, sizeof pb->desc.role,
             b->kind == FE_PBUF_VALUE ? "input" : "inout");
    pb->is_view = b->kind == FE_PBUF_VIEW;
    pb->view_of = pb->is_view ? pg->bufs[b->base].host : 0;
    pb->offset_value = b->offset_value;
    pb->value = b->kind == FE_PBUF_VALUE ? b->index_value : -1;
  }
  /* Loops and conditionals: the steps and the values they compute. */
  if (pg->nsteps) {
    res->steps = malloc(sizeof *res->steps * (size_t)pg->nsteps);
    res->values = malloc(sizeof *res->values * (size_t)(pg->nvalues + 1));
    if (!res->steps || !res->values) {
      session_error(s, "out of memory%s", "");
      goto done;
    }
    memcpy(res->steps, pg->steps, sizeof *res->steps * (size_t)pg->nsteps);
    memcpy(res->values, pg->values,
           sizeof *res->values * (size_t)pg->nvalues);
    res->nsteps = pg->nsteps;
    res->nvalues = pg->nvalues;
  } else if (pg->nvalues) {
    /* Straight-line, but views at offsets or scalars the host computes. */
    res->values = malloc(sizeof *res->values * (size_t)pg->nvalues);
    if (!res->values) {
      session_error(s, "out of memory%s", "");
      goto done;
    }
    memcpy(res->values, pg->values,
           sizeof *res->values * (size_t)pg->nvalues);
    res->nvalues = pg->nvalues;
  }
  /* Kernel arguments given the program's own buffers take their names. */
  for (int i = 0; i < res->nlaunches; ++i)
    for (int a = 0; a < res->launches[i].nargs; ++a) {
      int t = res->launches[i].args[a].host - pg->ncaller;
      if (t >= 0 && t < res->nbuffers)
        snprintf(res->launches[i].args[a].name,
                 sizeof res->launches[i].args[a].name, "%s",
                 res->buffers[t].desc.name);
    }
  if (!unify_sizes(res, pg)) {
    session_error(s, "out of memory%s", "");
    goto done;
  }
  ok = 1;
done:
  free(pg);
  return ok;
}
