#include "StringBuffer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reserve(wmma_sbuf *sb, size_t extra) {
  if (sb->len + extra + 1 <= sb->cap)
    return;
  size_t cap = sb->cap ? sb->cap : 256;
  while (cap < sb->len + extra + 1)
    cap *= 2;
  char *p = realloc(sb->data, cap);
  if (!p)
    abort(); /* out of memory: nothing sensible to report to */
  sb->data = p;
  sb->cap = cap;
}

void wmma_sbuf_append(wmma_sbuf *sb, const char *s, size_t n) {
  reserve(sb, n);
  memcpy(sb->data + sb->len, s, n);
  sb->len += n;
  sb->data[sb->len] = 0;
}

void wmma_sbuf_printf(wmma_sbuf *sb, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n > 0) {
    reserve(sb, (size_t)n);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap2);
    sb->len += (size_t)n;
  }
  va_end(ap2);
}

void wmma_sbuf_json_string(wmma_sbuf *sb, const char *s) {
  wmma_sbuf_append(sb, "\"", 1);
  for (; s && *s; ++s) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      char esc[2] = {'\\', (char)c};
      wmma_sbuf_append(sb, esc, 2);
    } else if (c < 0x20) {
      wmma_sbuf_printf(sb, "\\u%04x", c);
    } else {
      wmma_sbuf_append(sb, (const char *)&c, 1);
    }
  }
  wmma_sbuf_append(sb, "\"", 1);
}

char *wmma_sbuf_take(wmma_sbuf *sb) {
  if (!sb->data)
    wmma_sbuf_append(sb, "", 0);
  char *p = sb->data;
  sb->data = NULL;
  sb->len = sb->cap = 0;
  return p;
}

void wmma_sbuf_free(wmma_sbuf *sb) {
  free(sb->data);
  sb->data = NULL;
  sb->len = sb->cap = 0;
}
