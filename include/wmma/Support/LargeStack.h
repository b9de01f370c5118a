/* Running a parser on a thread with a large stack.  MLIR's parsers recurse
 * once per nesting level and use up to ~1.2 KiB of stack per input byte
 * (measured: 100,000 nested '[' need ~125 MiB), so hostile input overflows
 * the main thread's 8 MiB long before it is large.  Internal: not part of
 * the installed wmma-c API. */
#ifndef WMMA_SUPPORT_LARGESTACK_H
#define WMMA_SUPPORT_LARGESTACK_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest stack wmma_parse_stack_bytes asks for (address space only: pages
 * are committed when touched). */
#define WMMA_PARSE_STACK_MAX ((size_t)16 << 30)

/* The stack for parsing `input_bytes` of text: 64 MiB plus 2 KiB per input
 * byte (8 KiB under AddressSanitizer, whose frames are larger), at most
 * WMMA_PARSE_STACK_MAX. */
size_t wmma_parse_stack_bytes(size_t input_bytes);

/* Runs fn(arg) on a new thread with a stack of stack_bytes and waits for
 * it; returns what fn returned.  If the system refuses that stack, halves it
 * down to 64 MiB; if no thread can be made, runs fn on the calling thread.
 * A stack overflow still crashes (no signal handler hides it). */
int wmma_run_with_stack(size_t stack_bytes, int (*fn)(void *), void *arg);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_SUPPORT_LARGESTACK_H */
