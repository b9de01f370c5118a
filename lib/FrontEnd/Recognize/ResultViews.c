/* Front end, step 0 (after bufferization): a result returned through a view
 * of a buffer the function allocates -- TOSA's reductions keep their
 * dimension with an expand_shape, torch-mlir squeezes a vecmat's result
 * with a collapse_shape and casts a matmul's result to its static shape --
 * becomes the allocation itself, and the buffer the linalg ops write
 * becomes the inverse view of it:
 *
 *   %a = memref.alloc : memref<5xf32>          %r = memref.alloc : memref<5x1xf32>
 *   linalg ... outs(%a)                  ->    %a = memref.collapse_shape %r [[0, 1]]
 *   %r = memref.expand_shape %a [[0, 1]]       linalg ... outs(%a)
 *   return %r                                  return %r
 *
 * The data and every access stay the same (a reshape of a contiguous buffer
 * or a cast only renames its dimensions); the host side then allocates the
 * result the caller receives, and the kernels write it through a view.
 * Views whose sizes are not known where the buffer is allocated (a dynamic
 * size computed after it) are left as they are (the recogniser then says
 * why). */
#include "FrontEnd.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdbool.h>

/* v is a block argument or defined before op in op's block. */
static bool available_before(MlirValue v, MlirOperation op) {
  MlirBlock blk = mlirOperationGetBlock(op);
  if (mlirValueIsABlockArgument(v))
    return mlirBlockEqual(mlirBlockArgumentGetOwner(v), blk);
  MlirOperation def = mlirOpResultGetOwner(v);
  for (MlirOperation o = mlirBlockGetFirstOperation(blk);
       !mlirOperationIsNull(o) && !mlirOperationEqual(o, op);
       o = mlirOperationGetNextInBlock(o))
    if (mlirOperationEqual(o, def))
      return true;
  return false;
}

static bool identity_layout(MlirType t) {
  MlirAffineMap m = mlirMemRefTypeGetAffineMap(t);
  return mlirAffineMapIsNull(m) || mlirAffineMapIsIdentity(m);
}

/* The dynamic sizes of the new allocation (type rt) for view op `view` of
 * alloc `a`; false when one is not available at a. */
static bool new_sizes(MlirOperation view, MlirOperation a, MlirType rt,
                      MlirValue *dyn, int *nd) {
  MlirType at = mlirValueGetType(mlirOperationGetResult(a, 0));
  *nd = 0;
  int rank = (int)mlirShapedTypeGetRank(rt);
  if (wmma_op_is(view, "memref.cast")) {
    /* Same dimensions: the alloc's size where the result's is dynamic. */
    int k = 0;
    for (int d = 0; d < rank; ++d) {
      bool adyn = mlirShapedTypeIsDynamicDim(at, d);
      if (mlirShapedTypeIsDynamicDim(rt, d)) {
        if (!adyn)
          return false; /* static -> dynamic: no size value to give */
        dyn[(*nd)++] = mlirOperationGetOperand(a, k);
      }
      k += adyn;
    }
    return true;
  }
  if (wmma_op_is(view, "memref.expand_shape")) {
    /* The expand's own output sizes, when they exist before the alloc. */
    intptr_t n = mlirOperationGetNumOperands(view);
    for (intptr_t i = 1; i < n; ++i) {
      MlirValue v = mlirOperationGetOperand(view, i);
      if (!available_before(v, a) || *nd >= FE_MAX_RANK)
        return false;
      dyn[(*nd)++] = v;
    }
    return true;
  }
  /* collapse_shape: a dynamic result dimension only when its group is one
   * dynamic source dimension among 1s (a squeeze). */
  MlirAttribute re =
      mlirOperationGetAttributeByName(view, wmma_sref("reassociation"));
  int src = 0, k = 0;
  for (int d = 0; d < rank; ++d) {
    MlirAttribute g = mlirArrayAttrGetElement(re, d);
    intptr_t len = mlirArrayAttrGetNumElements(g);
    int ndyn = 0, other = 0;
    MlirValue size = {NULL};
    for (intptr_t j = 0; j < len; ++j, ++src) {
      if (mlirShapedTypeIsDynamicDim(at, src)) {
        size = mlirOperationGetOperand(a, k++);
        ++ndyn;
      } else if (mlirShapedTypeGetDimSize(at, src) != 1) {
        ++other;
      }
    }
    if (mlirShapedTypeIsDynamicDim(rt, d)) {
      if (ndyn != 1 || other)
        return false;
      dyn[(*nd)++] = size;
    }
  }
  return true;
}

/* Re-roots result i when it is one view of an alloc of the function. */
static void reroot(MlirOperation ret, intptr_t i) {
  MlirValue r = mlirOperationGetOperand(ret, i);
  if (mlirValueIsABlockArgument(r))
    return;
  MlirOperation view = mlirOpResultGetOwner(r);
  bool cast = wmma_op_is(view, "memref.cast");
  bool expand = wmma_op_is(view, "memref.expand_shape");
  bool collapse = wmma_op_is(view, "memref.collapse_shape");
  if (!cast && !expand && !collapse)
    return;
  MlirValue src = mlirOperationGetOperand(view, 0);
  if (mlirValueIsABlockArgument(src) ||
      !wmma_op_is(mlirOpResultGetOwner(src), "memref.alloc"))
    return;
  MlirOperation a = mlirOpResultGetOwner(src);
  if (!mlirBlockEqual(mlirOperationGetBlock(a), mlirOperationGetBlock(ret)))
    return;
  MlirType at = mlirValueGetType(src), rt = mlirValueGetType(r);
  if (!mlirTypeIsAMemRef(rt) || !identity_layout(at) || !identity_layout(rt))
    return;
  /* The same buffer returned twice would become two allocations. */
  for (intptr_t j = 0; j < mlirOperationGetNumOperands(ret); ++j)
    if (j != i && mlirValueEqual(mlirOperationGetOperand(ret, j), src))
      return;
  MlirValue dyn[FE_MAX_RANK];
  int nd = 0;
  if (!new_sizes(view, a, rt, dyn, &nd))
    return;

  MlirContext ctx = mlirOperationGetContext(ret);
  MlirRewriterBase rw = mlirIRRewriterCreate(ctx);
  wb_t b;
  wb_init_rewriter(&b, rw, a);
  b.loc = mlirOperationGetLocation(a);
  int32_t seg[2] = {nd, 0};
  MlirNamedAttribute sa = wb_segments(ctx, 2, seg);
  MlirValue n = wb_op1(&b, "memref.alloc", nd, dyn, rt, 1, &sa);
  /* The inverse view, in the alloc's type. */
  MlirValue inv;
  if (cast) {
    inv = wb_op1(&b, "memref.cast", 1, &n, at, 0, NULL);
  } else {
    MlirNamedAttribute re = wb_named(
        ctx, "reassociation",
        mlirOperationGetAttributeByName(view, wmma_sref("reassociation")));
    if (expand) {
      inv = wb_op1(&b, "memref.collapse_shape", 1, &n, at, 1, &re);
    } else {
      /* expand_shape back to the alloc's sizes: its own dynamic sizes. */
      int rank = (int)mlirShapedTypeGetRank(at);
      int64_t shape[FE_MAX_RANK];
      MlirValue ops[1 + FE_MAX_RANK];
      int nops = 0;
      ops[nops++] = n;
      for (int d = 0; d < rank && d < FE_MAX_RANK; ++d)
        shape[d] = mlirShapedTypeGetDimSize(at, d);
      for (intptr_t k = 0; k < mlirOperationGetNumOperands(a) &&
                           nops < 1 + FE_MAX_RANK; ++k)
        ops[nops++] = mlirOperationGetOperand(a, k);
      MlirNamedAttribute attrs[2] = {
          re, wb_named(ctx, "static_output_shape",
                       mlirDenseI64ArrayGet(ctx, rank, shape))};
      inv = wb_op1(&b, "memref.expand_shape", nops, ops, at, 2, attrs);
    }
  }
  mlirIRRewriterDestroy(rw);
  if (mlirValueIsNull(n) || mlirValueIsNull(inv) ||
      !mlirTypeEqual(mlirValueGetType(inv), at)) {
    /* Not buildable after all: the function as it was. */
    if (!mlirValueIsNull(inv))
      mlirOperationDestroy(mlirOpResultGetOwner(inv));
    if (!mlirValueIsNull(n))
      mlirOperationDestroy(mlirOpResultGetOwner(n));
    return;
  }
  mlirValueReplaceAllUsesOfWith(r, n);
  mlirOperationDestroy(view);
  mlirValueReplaceAllUsesOfWith(src, inv);
  mlirOperationDestroy(a);
  
}

void fe_reroot_result_views(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(body))
    return;
  MlirOperation ret = mlirBlockGetTerminator(body);
  if (mlirOperationIsNull(ret) || !wmma_op_is(ret, "func.return"))
    return;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(ret); ++i)
    reroot(ret, i);
}
