/* Diagnostics shared by the front-end stages (see Diag.h). */
#include "Common/Diag.h"

#include "wmma/Support/Builder.h"
#include "wmma/Support/CAPIUtil.h"

#include <stdarg.h>
#include <stdio.h>

void fe_remark(MlirLocation loc, const char *fmt, ...) {
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  wmmaFrontEndEmitRemark(loc, buf);
}

int fe_why(char *why, size_t cap, const char *fmt, ...) {
  if (why && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
  }
  return -1;
}

int fe_storage_bytes(MlirType t) { return (wb_type_bits(t) + 7) / 8; }

void fe_type_str(MlirType t, char *buf, size_t cap) {
  wmma_print_type(t, buf, cap);
}
