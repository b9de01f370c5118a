/* A growable NUL-terminated string, for diagnostics, JSON and printed IR. */
#ifndef WMMA_COMPILER_STRINGBUFFER_H
#define WMMA_COMPILER_STRINGBUFFER_H

#include <stdarg.h>
#include <stddef.h>

typedef struct {
  char *data;
  size_t len, cap;
} wmma_sbuf;

void wmma_sbuf_append(wmma_sbuf *sb, const char *s, size_t n);
void wmma_sbuf_printf(wmma_sbuf *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends s as a JSON string literal (with quotes and escapes). */
void wmma_sbuf_json_string(wmma_sbuf *sb, const char *s);
/* Hands the buffer to the caller (never NULL) and resets sb. */
char *wmma_sbuf_take(wmma_sbuf *sb);
void wmma_sbuf_free(wmma_sbuf *sb);

#endif /* WMMA_COMPILER_STRINGBUFFER_H */
