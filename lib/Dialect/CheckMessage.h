/* The refusal helper of the dialect's C validity rules (LaunchCheck.c,
 * ScheduleCheck.c): the reason into msg (when given), -1. */
#ifndef WMMA_DIALECT_CHECKMESSAGE_H
#define WMMA_DIALECT_CHECKMESSAGE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

static inline int wmma_check_fail(char *msg, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline int wmma_check_fail(char *msg, size_t cap, const char *fmt,
                                  ...) {
  if (msg && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
  }
  return -1;
}

#endif /* WMMA_DIALECT_CHECKMESSAGE_H */
