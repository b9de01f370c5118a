/* The host side of a program (a function cut into several kernels): the
 * caller-facing func.func keeps its name and signature; its body becomes
 * the normalized body itself -- allocations, views and size computations
 * stay where bufferization put them -- with each segment's compute ops
 * replaced by the launch of its kernel:
 *
 *   tensor arguments  -> bufferization.to_buffer (read-only views)
 *   each segment      -> gpu.launch_func @F_module::@F_kN, grid from the
 *                        run-time sizes of the buffers it is given
 *   intermediates     -> memref.alloc where bufferization allocated them,
 *                        memref.dealloc after their last use
 *   results           -> bufferization.to_tensor (restrict writable)
 *
 * Compute ops no kernel took (partial conversion) stay, on memrefs. */
#include "Host/Program.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static void erase(MlirOperation op) {
  mlirOperationRemoveFromParent(op);
  mlirOperationDestroy(op);
}

/* Erases op after every op using its results (views of an allocation,
 * their views, deallocations), users first. */
static void erase_with_users(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r) {
    MlirValue v = mlirOperationGetResult(op, r);
    MlirOpOperand u;
    while (!mlirOpOperandIsNull(u = mlirValueGetFirstUse(v)))
      erase_with_users(mlirOpOperandGetOwner(u));
  }
  erase(op);
}

static bool has_uses(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(
            mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

/* Calls fn on every block of the loops and conditionals in body. */
static void each_nested_block(MlirBlock body, void (*fn)(MlirBlock, void *),
                              void *ud) {
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!fe_is_control_op(op))
      continue;
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
      for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
           !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
        fn(b, ud);
  }
}

/* Ops left without users that only computed sizes or views, and
 * allocations only freed: gone (until nothing changes), in the loops'
 * bodies first. */
static void drop_dead_in(MlirBlock body, void *ud);

static void drop_dead(MlirBlock body) {
  each_nested_block(body, drop_dead_in, NULL);
  bool changed = true;
  while (changed) {
    changed = false;
    for (MlirOperation op = mlirBlockGetFirstOperation(body), next;
         !mlirOperationIsNull(op); op = next) {
      next = mlirOperationGetNextInBlock(op);
      bool pure = fe_is_pure_host_op(op) &&
                  !wmma_op_is(op, "memref.dealloc") &&
                  !wmma_op_is(op, "memref.alloc") &&
                  !wmma_op_is(op, "bufferization.to_tensor");
      if (pure && !has_uses(op)) {
        erase(op);
        changed = true;
        continue;
      }
      if (wmma_op_is(op, "memref.alloc")) {
        MlirValue v = mlirOperationGetResult(op, 0);
        bool only_freed = true;
        for (MlirOpOperand u = mlirValueGetFirstUse(v);
             !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
          if (!wmma_op_is(mlirOpOperandGetOwner(u), "memref.dealloc"))
            only_freed = false;
        if (!only_freed)
          continue;
        MlirOpOperand u;
        while (!mlirOpOperandIsNull(u = mlirValueGetFirstUse(v)))
          erase(mlirOpOperandGetOwner(u));
        next = mlirOperationGetNextInBlock(op); /* a dealloc may have been it */
        erase(op);
        changed = true;
      }
    }
  }
}

static void drop_dead_in(MlirBlock body, void *ud) {
  (void)ud;
  drop_dead(body);
}

/* The last op of the body using v (through views of it); whether v
 * reaches the function's return or is freed already. */
static void last_use(MlirBlock body, MlirValue v, MlirOperation *last,
                     bool *escapes) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    /* A use nested in an op of the body counts at that op. */
    while (!mlirBlockEqual(mlirOperationGetBlock(user), body)) {
      user = mlirOperationGetParentOperation(user);
      if (mlirOperationIsNull(user))
        return;
    }
    if (wmma_op_is(user, "func.return") ||
        wmma_op_is(user, "bufferization.to_tensor") ||
        wmma_op_is(user, "memref.dealloc")) {
      *escapes = true;
      continue;
    }
    if (mlirOperationIsNull(*last) ||
        mlirOperationIsBeforeInBlock(*last, user))
      *last = user;
    if (fe_is_view_op(user))
      last_use(body, mlirOperationGetResult(user, 0), last, escapes);
    /* A loop carrying the buffer (an iter_arg updated in place), or a
     * conditional yielding it: their results are the buffer too. */
    if (fe_is_control_op(user))
      for (intptr_t r = 0; r < mlirOperationGetNumResults(user); ++r)
        last_use(body, mlirOperationGetResult(user, r), last, escapes);
  }
}

/* memref.dealloc after the last use of every allocation the function
 * does not return; an allocation in a loop's body is freed in the same
 * iteration, after its last use there. */
static void free_intermediates_in(MlirBlock body, void *ud);

static void free_intermediates(wb_t *b, MlirBlock body) {
  each_nested_block(body, free_intermediates_in, b);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!wmma_op_is(op, "memref.alloc"))
      continue;
    MlirValue v = mlirOperationGetResult(op, 0);
    MlirOperation last = {NULL};
    bool escapes = false;
    last_use(body, v, &last, &escapes);
    if (escapes || mlirOperationIsNull(last))
      continue;
    MlirOperation next = mlirOperationGetNextInBlock(last);
    mlirRewriterBaseSetInsertionPointBefore(b->rw, next);
    wb_op(b, "memref.dealloc", 1, &v, 0, NULL, 0, NULL);
  }
}

static void free_intermediates_in(MlirBlock body, void *ud) {
  free_intermediates(ud, body);
}

/* A size of segment seg's kernel on the host: static, or the dim of the
 * buffer the kernel argument is given. */
static MlirValue host_size(wb_t *b, const fe_segment *seg,
                           const MlirValue *outer, fe_size s) {
  if (fe_size_static(s))
    return wb_const_index(b, s.value);
  const fe_symbol *sym = &seg->p->syms[s.sym];
  return wb_dim(b, outer[seg->p->args[sym->arg].host], sym->dim);
}

static MlirOperation launch(wb_t *b, const fe_segment *seg,
                            const MlirValue *outer, MlirOperation gpu_module,
                            MlirOperation kernel) {
  const fe_problem *p = seg->p;
  MlirValue ops[6 + FE_MAX_ARGS];
  for (int i = 0; i < 3; ++i) {
    const fe_grid_dim *g = &seg->s.grid[i];
    MlirValue v = wb_const_index(b, 1);
    for (int k = 0; k < g->nterms; ++k) {
      MlirValue t = host_size(b, seg, outer, g->t[k].size);
      t = g->t[k].div == 1 ? t : wb_ceil_div_const(b, t, g->t[k].div);
      v = k ? wb_muli(b, v, t) : t;
    }
    ops[i] = v;
  }
  ops[3] = wb_const_index(b, seg->s.threads);
  ops[4] = ops[5] = wb_const_index(b, 1);
  for (int a = 0; a < p->nargs; ++a)
    ops[6 + a] = outer[p->args[a].host];
  MlirAttribute mod = wmma_attr(gpu_module, "sym_name");
  MlirAttribute ker = wmma_attr(kernel, "sym_name");
  MlirAttribute leaf =
      mlirFlatSymbolRefAttrGet(b->ctx, mlirStringAttrGetValue(ker));
  MlirAttribute ref =
      mlirSymbolRefAttrGet(b->ctx, mlirStringAttrGetValue(mod), 1, &leaf);
  int32_t seg13[13] = {0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, p->nargs, 0};
  MlirNamedAttribute attrs[2] = {wb_named(b->ctx, "kernel", ref),
                                 wb_segments(b->ctx, 13, seg13)};
  return wb_op(b, "gpu.launch_func", 6 + p->nargs, ops, 0, NULL, 2, attrs);
}

int fe_build_program_host(MlirOperation func, MlirOperation norm,
                          const fe_partition *pt, MlirOperation gpu_module,
                          const MlirOperation *kernels) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirBlock nbody = mlirRegionGetFirstBlock(mlirOperationGetRegion(norm, 0));
  /* The caller's body goes; its arguments stay. */
  for (MlirOperation op; !mlirOperationIsNull(
           op = wmma_block_last_op(body));)
    erase(op);
  MlirRewriterBase rw = mlirIRRewriterCreate(ctx);
  wb_t b;
  wb_init_at_end(&b, rw, body, mlirOperationGetLocation(func));
  /* Arguments as the normalized body has them (tensors as buffers). */
  intptr_t nargs = mlirBlockGetNumArguments(nbody);
  MlirValue *hv = malloc(sizeof *hv * (size_t)(nargs ? nargs : 1));
  if (!hv) {
    mlirIRRewriterDestroy(rw);
    return -1;
  }
  for (intptr_t i = 0; i < nargs; ++i) {
    MlirValue na = mlirBlockGetArgument(nbody, i);
    MlirValue a = mlirBlockGetArgument(body, i);
    MlirValue v = a;
    if (!mlirTypeEqual(mlirValueGetType(a), mlirValueGetType(na))) {
      MlirNamedAttribute ro = wb_named(ctx, "read_only", mlirUnitAttrGet(ctx));
      v = wb_op1(&b, "bufferization.to_buffer", 1, &a, mlirValueGetType(na),
                 1, &ro);
    }
    mlirValueReplaceAllUsesOfWith(na, v);
    hv[i] = v;
  }
  /* The normalized ops, moved. */
  for (MlirOperation op; !mlirOperationIsNull(
           op = mlirBlockGetFirstOperation(nbody));) {
    mlirOperationRemoveFromParent(op);
    mlirBlockAppendOwnedOperation(body, op);
  }
  /* Each segment: its launch before its last op, then its ops gone. */
  int rc = 0;
  for (int i = 0; i < pt->nsegs; ++i) {
    const fe_segment *seg = &pt->segs[i];
    mlirRewriterBaseSetInsertionPointBefore(rw, pt->ops[seg->last]);
    /* The segment's values, the normalized arguments now the host's. */
    MlirValue outer[FE_MAX_ARGS];
    for (int a = 0; a < seg->x.nargs; ++a) {
      MlirValue v = seg->x.outer[a];
      outer[a] = mlirValueIsABlockArgument(v) &&
                         mlirBlockEqual(mlirBlockArgumentGetOwner(v), nbody)
                     ? hv[mlirBlockArgumentGetArgNumber(v)]
                     : v;
    }
    if (mlirOperationIsNull(launch(&b, seg, outer, gpu_module, kernels[i])))
      rc = -1;
    for (int k = seg->last; k >= seg->first; --k)
      erase(pt->ops[k]);
    for (int k = 0; k < seg->x.ninternal; ++k) {
      MlirOperation al = seg->x.internal[k];
      erase_with_users(al); /* its deallocations and views */
    }
  }
  /* Fills cloned into every kernel reading their buffer: gone when
   * nothing else (an op left on the host) reads it. */
  for (int i = 0; i < pt->remat.n; ++i) {
    MlirValue buf = pt->remat.buffer[i];
    bool used = false;
    for (MlirOpOperand u = mlirValueGetFirstUse(buf); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u)) {
      MlirOperation user = mlirOpOperandGetOwner(u);
      used |= !mlirOperationEqual(user, pt->remat.fill[i]) &&
              !wmma_op_is(user, "memref.dealloc");
    }
    if (!used)
      erase(pt->remat.fill[i]);
  }
  /* Results back as the caller's types. */
  MlirOperation ret = wmma_block_last_op(body);
  MlirType ft = mlirTypeAttrGetValue(wmma_attr(func, "function_type"));
  if (!mlirOperationIsNull(ret) && wmma_op_is(ret, "func.return")) {
    mlirRewriterBaseSetInsertionPointBefore(rw, ret);
    for (intptr_t r = 0; r < mlirOperationGetNumOperands(ret); ++r) {
      MlirValue v = mlirOperationGetOperand(ret, r);
      MlirType want = mlirFunctionTypeGetResult(ft, r);
      if (mlirTypeEqual(mlirValueGetType(v), want))
        continue;
      MlirNamedAttribute ta[2] = {
          wb_named(ctx, "restrict", mlirUnitAttrGet(ctx)),
          wb_named(ctx, "writable", mlirUnitAttrGet(ctx))};
      mlirOperationSetOperand(
          ret, r, wb_op1(&b, "bufferization.to_tensor", 1, &v, want, 2, ta));
    }
  } else {
    rc = -1;
  }
  free(hv);
  drop_dead(body);
  free_intermediates(&b, body);
  mlirIRRewriterDestroy(rw);
  return rc;
}
