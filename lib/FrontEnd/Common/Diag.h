/* Diagnostics every front-end stage uses: refusal reasons (`why`
 * buffers of FE_WHY bytes), the obstacle list of a function (fe_diag),
 * remarks at a location, type names. */
#ifndef WMMA_FRONTEND_COMMON_DIAG_H
#define WMMA_FRONTEND_COMMON_DIAG_H

#include "mlir-c/IR.h"

#include <stddef.h>

#define FE_WHY 512          /* bytes of a refusal reason */
#define FE_MAX_OBSTACLES 16 /* obstacles a function's remark lists */
/* Normalisation (a callee missing from the scratch module) and
 * recognition (a call left in the body) refuse calls alike. */
#define FE_CALL_REFUSAL                                                      \
  "func.call: calls are not supported (a kernel is built from this "        \
  "function alone; inline the callee)"

#ifdef __cplusplus
extern "C" {
#endif
void wmmaFrontEndEmitRemark(MlirLocation loc, const char *msg);
/* One remark at loc with a note per obstacle (notes[i] at locs[i]). */
void wmmaFrontEndEmitRemarkWithNotes(MlirLocation loc, const char *msg,
                                     int n, const MlirLocation *locs,
                                     const char *const *notes);
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

/*===--- the obstacles of one function ----------------------------------===*/
/* Every reason a function cannot be converted, each at the location of the
 * op it concerns (the function's when none does).  A stage that can go on
 * past an obstacle records it and continues, so that one remark lists
 * them all; fe_diag_emit reports them. */
typedef struct {
  MlirLocation loc;
  char msg[FE_WHY + 80]; /* a reason and the name of its op */
} fe_obstacle;

typedef struct {
  MlirOperation func;    /* the caller's function: names the ops */
  MlirLocation func_loc; /* where obstacles without an op are reported */
  fe_obstacle items[FE_MAX_OBSTACLES];
  int n;     /* kept */
  int total; /* recorded (past FE_MAX_OBSTACLES only counted) */
} fe_diag;

void fe_diag_init(fe_diag *d, MlirOperation func);
/* Records an obstacle at op `at` (null: the function); returns -1.  The
 * reason is prefixed with the name of the op the user wrote there
 * ("linalg.matmul: ...") unless it names it already. */
int fe_diag_refuse(fe_diag *d, MlirOperation at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same at a location (null: the function's). */
int fe_diag_refuse_at(fe_diag *d, MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* One remark "<head>: <reason>" at the obstacle when there is one; for
 * several, "<head>: N obstacles" at the function with a note per obstacle
 * at its location. */
void fe_diag_emit(const fe_diag *d, const char *head);

/* The op at location loc: func itself, or one in its body or in the
 * bodies of the ops there; null if none or several (ops nested in a match
 * do not count).  Normalisation keeps locations, so this names
 * the op the user wrote for an op the upstream passes made from it (the
 * linalg.generic of a linalg.conv_2d_nhwc_hwcf, the memref.subview of a
 * tensor.pad). */
MlirOperation fe_source_op(MlirOperation func, MlirLocation loc);
/* Its name into buf ("" if there is no such op). */
void fe_source_op_name(MlirOperation func, MlirLocation loc, char *buf,
                       size_t cap);

#endif /* WMMA_FRONTEND_COMMON_DIAG_H */
