/* Diagnostics every front-end stage uses: refusal reasons (`why`
 * buffers of FE_WHY bytes), remarks at a location, type names. */
#ifndef WMMA_FRONTEND_COMMON_DIAG_H
#define WMMA_FRONTEND_COMMON_DIAG_H

#include "mlir-c/IR.h"

#include <stddef.h>

#define FE_WHY 512 /* bytes of a refusal reason */

#ifdef __cplusplus
extern "C" {
#endif
void wmmaFrontEndEmitRemark(MlirLocation loc, const char *msg);
#ifdef __cplusplus
}
#endif
void fe_remark(MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* snprintf into why (appending when append is set). */
int fe_why(char *why, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void fe_type_str(MlirType t, char *buf, size_t cap);
/* Bytes an element of t takes in memory: sub-byte types (i4) one each, as
 * MLIR addresses them. */
int fe_storage_bytes(MlirType t);

#endif /* WMMA_FRONTEND_COMMON_DIAG_H */
