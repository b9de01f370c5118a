/* wmma_set_msg: the one formatter behind every layout-engine diagnostic. */
#include "Internal.h"

#include <stdarg.h>
#include <stdio.h>

void wmma_set_msg(char *msg, size_t msg_len, const char *fmt, ...) {
  if (!msg || msg_len == 0)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, msg_len, fmt, ap);
  va_end(ap);
}
