/* Small MLIR C API conveniences (see wmma/Support/CAPIUtil.h). */
#include "wmma/Support/CAPIUtil.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <string.h>

MlirStringRef wmma_sref(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

bool wmma_op_is(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(name);
  return s.length == n && memcmp(s.data, name, n) == 0;
}

bool wmma_linalg_all_parallel(MlirOperation op) {
  MlirAttribute its = wmma_attr(op, "iterator_types");
  if (mlirAttributeIsNull(its) || !mlirAttributeIsAArray(its))
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(its); ++i) {
    char t[32];
    wmma_print_attr(mlirArrayAttrGetElement(its, i), t, sizeof t);
    if (!strstr(t, "parallel"))
      return false;
  }
  return true;
}

MlirOperation wmma_block_last_op(MlirBlock b) {
  MlirOperation last = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(b);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    last = op;
  return last;
}

MlirAttribute wmma_attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, wmma_sref(name));
}

void wmma_copy_ref(char *dst, size_t cap, MlirStringRef s) {
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  memcpy(dst, s.data, n);
  dst[n] = 0;
}

void wmma_op_name(MlirOperation op, char *buf, size_t len) {
  wmma_copy_ref(buf, len, mlirIdentifierStr(mlirOperationGetName(op)));
}

void wmma_vemit(MlirOperation op, void (*emit)(MlirLocation, const char *),
                const char *fmt, va_list ap) {
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  emit(mlirOperationGetLocation(op), buf);
}

void wmma_error(MlirOperation op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  wmma_vemit(op, mlirEmitError, fmt, ap);
  va_end(ap);
}

/* Printer callback: appends to a fixed buffer, dropping what does not fit. */
typedef struct {
  char *buf;
  size_t len, used;
} str_sink;

static void str_sink_cb(MlirStringRef s, void *ud) {
  str_sink *k = ud;
  for (size_t i = 0; i < s.length && k->used + 1 < k->len; ++i)
    k->buf[k->used++] = s.data[i];
  k->buf[k->used] = 0;
}

static str_sink sink_open(char *buf, size_t len) {
  if (len)
    buf[0] = 0;
  return (str_sink){buf, len, 0};
}

void wmma_print_attr(MlirAttribute a, char *buf, size_t len) {
  str_sink k = sink_open(buf, len);
  if (len && !mlirAttributeIsNull(a))
    mlirAttributePrint(a, str_sink_cb, &k);
}

void wmma_print_type(MlirType t, char *buf, size_t len) {
  str_sink k = sink_open(buf, len);
  if (len && !mlirTypeIsNull(t))
    mlirTypePrint(t, str_sink_cb, &k);
}
