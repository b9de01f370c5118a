/* The host side: the caller-facing func.func keeps its name and signature
 * and its body becomes the launch of the kernel, in the form upstream's GPU
 * flow continues from (gpu-module-to-binary, gpu-to-llvm):
 *
 *   tensor arguments  -> bufferization.to_buffer (read-only views)
 *   results           -> memref.alloc, sizes from the arguments' dims
 *   grid              -> computed from the run-time sizes (the launch record)
 *   gpu.launch_func @F_module::@F blocks in (gx, gy, gz) threads in (t, 1, 1)
 *   results           -> bufferization.to_tensor (restrict writable)
 *                        (returned as they are by functions on memrefs)
 *   workspaces        -> memref.alloc before the launches (several kernels
 *                        launched in order), memref.dealloc after them
 *
 * Memref arguments are passed as they are (descriptors: the kernel reads
 * their sizes); the caller owns every buffer, results included. */
#include "FrontEnd.h"
#include "Host/HostSparse.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

/* Erases the body's ops from the back (users before their producers);
 * -1 if out of memory (the body is then untouched). */
static int clear_body(MlirBlock body) {
  size_t n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    ++n;
  MlirOperation *ops = malloc((n ? n : 1) * sizeof *ops);
  if (!ops)
    return -1;
  n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    ops[n++] = o;
  while (n > 0) {
    mlirOperationRemoveFromParent(ops[--n]);
    mlirOperationDestroy(ops[n]);
  }
  free(ops);
  return 0;
}

/* A size on the host: static, or the dim of the caller's argument. */
static MlirValue host_size(wb_t *b, const fe_problem *p, MlirBlock body,
                           const int *map, fe_size s) {
  if (fe_size_static(s))
    return wb_const_index(b, s.value);
  const fe_symbol *sym = &p->syms[s.sym];
  const fe_arg *x = &p->args[sym->arg];
  int host = map[x->host] + (x->sparse_part == FE_SPARSE_INDEX);
  return wb_dim(b, mlirBlockGetArgument(body, host), sym->dim);
}

static MlirValue grid_value(wb_t *b, const fe_problem *p, MlirBlock body,
                            const int *map, const fe_grid_dim *g) {
  MlirValue v = wb_const_index(b, 1);
  for (int k = 0; k < g->nterms; ++k) {
    MlirValue t = host_size(b, p, body, map, g->t[k].size);
    t = g->t[k].div == 1 ? t : wb_ceil_div_const(b, t, g->t[k].div);
    v = k ? wb_muli(b, v, t) : t;
  }
  return v;
}

/* One launch of kernel (schedule s) with the kernel operands ops[6..]. */
static MlirOperation launch(wb_t *b, const fe_problem *p, MlirBlock body,
                            const int *map, const fe_schedule *s,
                            MlirOperation gpu_module, MlirOperation kernel,
                            MlirValue *ops) {
  MlirContext ctx = b->ctx;
  for (int i = 0; i < 3; ++i)
    ops[i] = grid_value(b, p, body, map, &s->grid[i]);
  ops[3] = wb_const_index(b, s->threads);
  ops[4] = ops[5] = wb_const_index(b, 1);
  MlirAttribute mod = mlirOperationGetAttributeByName(gpu_module,
                                                      wmma_sref("sym_name"));
  MlirAttribute ker = mlirOperationGetAttributeByName(kernel,
                                                      wmma_sref("sym_name"));
  MlirAttribute leaf = mlirFlatSymbolRefAttrGet(ctx, mlirStringAttrGetValue(ker));
  MlirAttribute ref =
      mlirSymbolRefAttrGet(ctx, mlirStringAttrGetValue(mod), 1, &leaf);
  /* async, grid x3, block x3, cluster x3, dynamic LDS, operands, object */
  int32_t seg[13] = {0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, p->nargs, 0};
  MlirNamedAttribute attrs[2] = {wb_named(ctx, "kernel", ref),
                                 wb_segments(ctx, 13, seg)};
  return wb_op(b, "gpu.launch_func", 6 + p->nargs, ops, 0, NULL, 2, attrs);
}

int fe_build_host(MlirOperation func, const fe_problem *p,
                  const fe_schedule *s, MlirOperation gpu_module,
                  MlirOperation kernel) {
  return fe_build_host_launches(func, p, 1, &s, gpu_module, &kernel);
}

int fe_build_host_launches(MlirOperation func, const fe_problem *p, int n,
                           const fe_schedule *const *s,
                           MlirOperation gpu_module,
                           const MlirOperation *kernels) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  /* Caller argument h is block argument map[h] (2:4 sparse arguments
   * become two). */
  int map[FE_MAX_ARGS];
  if (clear_body(body) || fe_host_sparse_signature(func, p, map))
    return -1;
  MlirRewriterBase rw = mlirIRRewriterCreate(ctx);
  wb_t b;
  wb_init_at_end(&b, rw, body, mlirOperationGetLocation(func));

  /* A 2:4 A with a dynamic K: its sizes checked before anything. */
  if (p->ngemms > 0 && p->gemms[0].a_sparse &&
      !fe_size_static(p->gemms[0].K) &&
      fe_host_sparse_checks(&b, p, body, map,
                            host_size(&b, p, body, map, p->gemms[0].K))) {
    mlirIRRewriterDestroy(rw);
    return -1;
  }
  /* The kernels' operands (after grid and block). */
  MlirValue ops[7 + FE_MAX_ARGS];
  MlirValue results[FE_MAX_ARGS];
  MlirValue workspace[FE_MAX_ARGS];
  int nws = 0;
  for (int a = 0; a < p->nargs; ++a) {
    const fe_arg *x = &p->args[a];
    MlirValue v;
    if (x->host >= 0) {
      v = mlirBlockGetArgument(
          body, map[x->host] + (x->sparse_part == FE_SPARSE_INDEX));
      if (x->is_buffer && !mlirTypeIsAMemRef(mlirValueGetType(v))) {
        MlirNamedAttribute ro =
            wb_named(ctx, "read_only", mlirUnitAttrGet(ctx));
        v = wb_op1(&b, "bufferization.to_buffer", 1, &v, x->type, 1, &ro);
      }
    } else {
      /* A result or a workspace: allocated here, sizes from the
       * arguments (a workspace's from their buffers: the dims a program's
       * host may take). */
      MlirValue dyn[FE_MAX_RANK];
      int nd = 0;
      for (int d = 0; d < x->rank; ++d) {
        if (!mlirShapedTypeIsDynamicSize(mlirShapedTypeGetDimSize(x->type, d)))
          continue;
        if (x->host == FE_HOST_WORKSPACE) {
          const fe_symbol *sym = &p->syms[x->shape[d].sym];
          dyn[nd++] = wb_dim(&b, ops[6 + sym->arg], sym->dim);
        } else {
          dyn[nd++] = host_size(&b, p, body, map, x->shape[d]);
        }
      }
      int32_t seg[2] = {nd, 0};
      MlirNamedAttribute sa = wb_segments(ctx, 2, seg);
      v = wb_op1(&b, "memref.alloc", nd, dyn, x->type, 1, &sa);
      if (x->host == FE_HOST_WORKSPACE)
        workspace[nws++] = v;
      else
        results[-1 - x->host] = v;
    }
    ops[6 + a] = v;
  }
  MlirOperation last = {NULL};
  for (int k = 0; k < n; ++k) {
    last = launch(&b, p, body, map, s[k], gpu_module, kernels[k], ops);
    if (mlirOperationIsNull(last))
      break;
  }
  for (int w = 0; w < nws; ++w)
    wb_op(&b, "memref.dealloc", 1, &workspace[w], 0, NULL, 0, NULL);

  /* Results back as tensors. */
  MlirType ft = mlirTypeAttrGetValue(wmma_attr(func, "function_type"));
  MlirValue ret[FE_MAX_ARGS];
  for (int r = 0; r < p->nresults; ++r) {
    /* A function on memrefs returning the buffer it allocates: as is. */
    MlirType want = mlirFunctionTypeGetResult(ft, r);
    if (mlirTypeEqual(mlirValueGetType(results[r]), want)) {
      ret[r] = results[r];
      continue;
    }
    MlirNamedAttribute ta[2] = {
        wb_named(ctx, "restrict", mlirUnitAttrGet(ctx)),
        wb_named(ctx, "writable", mlirUnitAttrGet(ctx))};
    ret[r] = wb_op1(&b, "bufferization.to_tensor", 1, &results[r], want, 2,
                    ta);
  }
  wb_op(&b, "func.return", p->nresults, ret, 0, NULL, 0, NULL);
  mlirIRRewriterDestroy(rw);
  return mlirOperationIsNull(last) ? -1 : 0;
}
