/* A program's kernels name their buffers in their launch records (`host`:
 * caller argument, result, or the program's own buffer nargs + t), so the
 * driver and the runner can bind every launch without the host IR. */
#include "Host/Program.h"
#include "wmma-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

int fe_program_number_buffers(MlirOperation module, MlirOperation func,
                              char *why, size_t cap, MlirLocation *where) {
  *where = mlirOperationGetLocation(func);
  fe_program *pg = malloc(sizeof *pg);
  if (!pg)
    return fe_why(why, cap, "out of memory");
  int rc = fe_program_read(module, func, pg, why, cap);
  if (rc && !mlirOperationIsNull(pg->failed_at))
    *where = mlirOperationGetLocation(pg->failed_at);
  MlirContext ctx = mlirOperationGetContext(func);
  for (int i = 0; !rc && i < pg->nlaunches; ++i) {
    const fe_plaunch *l = &pg->launches[i];
    MlirAttribute old = wmma_attr(l->kernel, "wmma.launch");
    intptr_t n = wmmaLaunchAttrGetNumArgs(old);
    if (n != l->nargs || n > FE_PROGRAM_MAX_OPERANDS) {
      rc = fe_why(why, cap, "internal error: launch %d passes %d arguments "
                            "to a kernel of %d",
                  i, l->nargs, (int)n);
      break;
    }
    int32_t block[3];
    wmma_arg_role roles[FE_PROGRAM_MAX_OPERANDS];
    int64_t host[FE_PROGRAM_MAX_OPERANDS];
    for (int k = 0; k < 3; ++k)
      block[k] = wmmaLaunchAttrGetBlock(old, k);
    for (intptr_t a = 0; a < n; ++a) {
      roles[a] = wmmaLaunchAttrGetRole(old, a);
      host[a] = pg->bufs[l->buf[a]].host;
    }
    intptr_t nd = wmmaLaunchAttrGetNumDims(old);
    int64_t *dims = malloc(sizeof *dims * (size_t)(nd ? nd : 1));
    if (!dims) {
      rc = fe_why(why, cap, "out of memory");
      break;
    }
    for (intptr_t d = 0; d < nd; ++d)
      dims[d] = wmmaLaunchAttrGetDim(old, d);
    MlirAttribute rec = wmmaLaunchAttrGet(
        ctx, wmmaLaunchAttrGetGrid(old), block, wmmaLaunchAttrGetLds(old), n,
        roles, host, nd, dims);
    free(dims);
    mlirOperationSetAttributeByName(l->kernel, wmma_sref("wmma.launch"), rec);
  }
  if (!rc)
    mlirOperationSetDiscardableAttributeByName(
        func, wmma_sref("wmma.program"),
        mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), pg->nlaunches));
  free(pg);
  return rc;
}
