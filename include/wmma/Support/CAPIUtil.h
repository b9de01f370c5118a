/* Small MLIR C API conveniences shared by the C layers (Conversion,
 * FrontEnd, Compiler).  Internal: not part of the installed wmma-c API. */
#ifndef WMMA_SUPPORT_CAPIUTIL_H
#define WMMA_SUPPORT_CAPIUTIL_H

#include "mlir-c/IR.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* On a function with C linkage defined in C++: internal to the library
 * that links it, as the C code is (compiled -fvisibility=hidden); C++ keeps
 * default visibility, so such functions say so themselves. */
#define WMMA_INTERNAL __attribute__((visibility("hidden")))

#ifdef __cplusplus
extern "C" {
#endif

MlirStringRef wmma_sref(const char *s);
/* Is op's name exactly `name` (e.g. "func.func")? */
bool wmma_op_is(MlirOperation op, const char *name);
/* Is every iterator of linalg op `op` parallel (false without
 * iterator_types)? */
bool wmma_linalg_all_parallel(MlirOperation op);
/* The last operation of block b (null if it is empty). */
MlirOperation wmma_block_last_op(MlirBlock b);
/* The attribute `name` of op (null if absent). */
MlirAttribute wmma_attr(MlirOperation op, const char *name);
/* Copies s into dst[cap] (cap > 0), truncating, NUL-terminated. */
void wmma_copy_ref(char *dst, size_t cap, MlirStringRef s);
/* op's name into buf[len] (len > 0), truncated. */
void wmma_op_name(MlirOperation op, char *buf, size_t len);
/* mlirEmitError at op's location, printf-formatted. */
void wmma_error(MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Formats the message and passes it to emit with op's location. */
void wmma_vemit(MlirOperation op, void (*emit)(MlirLocation, const char *),
                const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
/* The printed form into buf[len], truncated; "" for a null attr/type. */
void wmma_print_attr(MlirAttribute a, char *buf, size_t len);
void wmma_print_type(MlirType t, char *buf, size_t len);
/* The first operation (in pre-order) nested more than `limit` regions
 * below root, or null.  Iterative, linear in the IR: safe on any depth. */
MlirOperation wmma_nested_deeper_than(MlirOperation root, unsigned limit);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_SUPPORT_CAPIUTIL_H */
