/* Helpers shared by the layout engine's files (not part of the API). */
#ifndef WMMA_LAYOUT_INTERNAL_H
#define WMMA_LAYOUT_INTERNAL_H

#include <stddef.h>

/* Formats an explanation into msg (which may be NULL or empty). */
void wmma_set_msg(char *msg, size_t msg_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif /* WMMA_LAYOUT_INTERNAL_H */
