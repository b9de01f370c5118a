/* MLIR element types <-> layout-engine elements, in C on the MLIR C API:
 * one mapping for the dialect's verifier hooks and the passes (the public
 * wmmaElemFromType / wmmaElemToType of wmma-c/Dialect.h wrap these). */
#ifndef WMMA_DIALECT_ELEMENTTYPES_H
#define WMMA_DIALECT_ELEMENTTYPES_H

#include "mlir-c/IR.h"
#include "wmma/Layout/Layout.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* f16, bf16, f32, i32, i8 (iu8), i4 (iu4), f8E4M3FN (fp8), f8E5M2 (bf8);
 * false / a null type for anything else. */
bool wmma_elem_of_type(MlirType type, wmma_elem *elem);
MlirType wmma_type_of_elem(MlirContext ctx, wmma_elem elem);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_DIALECT_ELEMENTTYPES_H */
