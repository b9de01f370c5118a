/* The host side of 2:4 sparse arguments (docs/sparse-frontend.md): the
 * caller-facing function takes, in place of an argument 2:4 sparse along
 * K, the two buffers the kernel reads -- its compressed values (M x K/2)
 * and its index words (M x ceil(K/32) i32; a K x N argument 2:4 along its
 * columns: those of its transpose, N x K/2 and N x ceil(K/32)) -- the way
 * `--sparse-assembler` exposes a sparse argument as its buffers (values,
 * then the coordinates, here bit-packed), so that no sparsifier runs on
 * the host path.  The host converts from upstream's storage
 * (python/wmma/sparse24.py, tools/wmma-run/Sparse24.c).  The launch record
 * keeps naming the source function's argument (`host`), with the roles
 * sparse_values and sparse_index. */
#include "FrontEnd.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

/* The type the caller passes for kernel argument x: its kernel type, as a
 * tensor when the caller's argument was one. */
static MlirType caller_type(const fe_arg *x, MlirType original) {
  if (!mlirTypeIsARankedTensor(original))
    return x->type;
  intptr_t rank = mlirShapedTypeGetRank(x->type);
  int64_t shape[FE_MAX_RANK];
  for (intptr_t d = 0; d < rank && d < FE_MAX_RANK; ++d)
    shape[d] = mlirShapedTypeGetDimSize(x->type, d);
  return mlirRankedTensorTypeGet(rank, shape, x->elem,
                                 mlirAttributeGetNull());
}

int fe_host_sparse_signature(MlirOperation func, const fe_problem *p,
                             int *map) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirType ft = mlirTypeAttrGetValue(wmma_attr(func, "function_type"));
  intptr_t n = mlirFunctionTypeGetNumInputs(ft);
  intptr_t nr = mlirFunctionTypeGetNumResults(ft);
  if (n > FE_MAX_ARGS || nr > FE_MAX_ARGS)
    return -1;
  /* Caller argument h -> its first block argument after the rewrite. */
  int shift = 0;
  for (intptr_t h = 0; h < n; ++h) {
    map[h] = (int)h + shift;
    for (int a = 0; a < p->nargs; ++a)
      if (p->args[a].host == h && p->args[a].sparse_part == FE_SPARSE_INDEX)
        ++shift;
  }
  if (!shift)
    return 0;
  if (n + shift > FE_MAX_ARGS)
    return -1;
  MlirType ins[FE_MAX_ARGS], outs[FE_MAX_ARGS];
  MlirAttribute old_attrs = wmma_attr(func, "arg_attrs");
  MlirAttribute attrs[FE_MAX_ARGS];
  MlirContext ctx = mlirOperationGetContext(func);
  MlirAttribute empty = mlirDictionaryAttrGet(ctx, 0, NULL);
  /* From the last argument back: earlier positions stay valid. */
  for (intptr_t h = n - 1; h >= 0; --h) {
    MlirType t = mlirFunctionTypeGetInput(ft, h);
    MlirAttribute at = empty;
    if (!mlirAttributeIsNull(old_attrs) && mlirAttributeIsAArray(old_attrs) &&
        h < mlirArrayAttrGetNumElements(old_attrs))
      at = mlirArrayAttrGetElement(old_attrs, h);
    ins[map[h]] = t;
    attrs[map[h]] = at;
    for (int a = 0; a < p->nargs; ++a) {
      const fe_arg *x = &p->args[a];
      if (x->host != h || x->sparse_part == FE_SPARSE_NONE)
        continue;
      MlirType ct = caller_type(x, t);
      MlirValue arg = mlirBlockGetArgument(body, h);
      if (x->sparse_part == FE_SPARSE_VALUES) {
        mlirValueSetType(arg, ct);
        ins[map[h]] = ct;
      } else {
        mlirBlockInsertArgument(body, (intptr_t)h + 1, ct,
                                mlirValueGetLocation(arg));
        ins[map[h] + 1] = ct;
        attrs[map[h] + 1] = empty;
      }
    }
  }
  for (intptr_t r = 0; r < nr; ++r)
    outs[r] = mlirFunctionTypeGetResult(ft, r);
  intptr_t total = n + shift;
  mlirOperationSetAttributeByName(
      func, wmma_sref("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, total, ins, nr, outs)));
  if (!mlirAttributeIsNull(old_attrs))
    mlirOperationSetAttributeByName(func, wmma_sref("arg_attrs"),
                                    mlirArrayAttrGet(ctx, total, attrs));
  return 0;
}

/* cf.assert(cond, msg) at b's insertion point. */
static int host_assert(wb_t *b, MlirValue cond, const char *msg) {
  if (mlirValueIsNull(cond))
    return -1;
  MlirNamedAttribute m = wb_named(
      b->ctx, "msg", mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(msg)));
  return mlirOperationIsNull(wb_op(b, "cf.assert", 1, &cond, 0, NULL, 1, &m))
             ? -1
             : 0;
}

int fe_host_sparse_checks(wb_t *b, const fe_problem *p, MlirBlock body,
                          const int *map, MlirValue K) {
  if (p->ngemms < 1 || !p->gemms[0].a_sparse || fe_size_static(p->gemms[0].K))
    return 0;
  const fe_gemm *g = &p->gemms[0];
  const fe_arg *vx = &p->args[g->lhs.arg];
  if (mlirValueIsNull(K) || vx->host < 0)
    return -1;
  MlirValue values = mlirBlockGetArgument(body, map[vx->host]);
  MlirValue words = mlirBlockGetArgument(body, map[vx->host] + 1);
  MlirValue rem = wb_arith(b, "arith.remui", K, wb_const_index(b, 4));
  if (host_assert(b, wb_cmpi(b, WB_CMP_EQ, rem, wb_const_index(b, 0)),
                  "2:4 sparse operand: K (the dense operand's K dimension) "
                  "is not a multiple of 4"))
    return -1;
  /* The buffers must hold K / 2 values and ceil(K / 32) words per row. */
  MlirValue half = wb_arith(b, "arith.divui", K, wb_const_index(b, 2));
  MlirValue nw = wb_arith(b, "arith.ceildivui", K, wb_const_index(b, 32));
  if (host_assert(b, wb_cmpi(b, WB_CMP_EQ, wb_dim(b, values, 1), half),
                  "2:4 sparse operand: the values' width is not K / 2") ||
      host_assert(b, wb_cmpi(b, WB_CMP_EQ, wb_dim(b, words, 1), nw),
                  "2:4 sparse operand: the index words' width is not "
                  "ceil(K / 32)"))
    return -1;
  return 0;
}
