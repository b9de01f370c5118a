/* The emulator's one allocation path (as Lua's luaM_): every host
 * allocation of lib/Emulator goes through these functions, so that a
 * failure is handled once per phase instead of once per site:
 *   - emu_alloc / emu_realloc / emu_strndup return NULL (realloc keeps the
 *     old block): for the launch and the API, whose callers return their
 *     usual error ("out of host memory ...");
 *   - emu_xalloc / emu_xrealloc / emu_xstrndup never return NULL: they jump
 *     to the calling thread's innermost recovery scope (EmuOom), which the
 *     decoder turns into its error (dec_error) and module loading into a
 *     failed load; with no scope they end the process with a message;
 *   - emu_scratch memory belongs to the innermost scope until
 *     emu_scratch_free: the decoder's temporaries, freed also when a
 *     failure leaves the scope.
 * The interpreter's own allocations (register frames) use emu_alloc and its
 * fault path (longjmp to the workgroup's landing point, Exec.c).
 * emu_alloc_fail_after is a test hook: the n-th allocation from now fails. */
#ifndef WMMA_EMULATOR_ALLOC_H
#define WMMA_EMULATOR_ALLOC_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

/* count * size bytes, zeroed; NULL on failure or overflow. */
void *emu_alloc(size_t count, size_t size);
/* p resized to count * size bytes (new bytes not zeroed); NULL on failure
 * or overflow, p then still valid. */
void *emu_realloc(void *p, size_t count, size_t size);
/* The first n bytes of s (or all of a shorter s), NUL-terminated. */
char *emu_strndup(const char *s, size_t n);

typedef struct EmuScratch EmuScratch;
typedef struct EmuOom {
  jmp_buf jb;
  struct EmuOom *prev;
  EmuScratch *scratch;
  size_t bytes; /* the request that failed */
} EmuOom;

/* A recovery scope, used as
 *   EmuOom oom;
 *   if (setjmp(oom.jb)) { emu_oom_leave(&oom); ...report oom.bytes...; }
 *   emu_oom_enter(&oom);
 *   ...
 *   emu_oom_leave(&oom);
 * Leaving frees the scratch memory still held. */
void emu_oom_enter(EmuOom *s);
void emu_oom_leave(EmuOom *s);

/* Jumps to the innermost scope as a failed request of `bytes` would. */
_Noreturn void emu_raise_oom(size_t bytes);
void *emu_xalloc(size_t count, size_t size);
void *emu_xrealloc(void *p, size_t count, size_t size);
char *emu_xstrndup(const char *s, size_t n);
void *emu_scratch(size_t count, size_t size);
void emu_scratch_free(void *p);

/* Returns the previous countdown (0: the injected failure happened, or
 * none was set). */
uint64_t emu_alloc_fail_after(uint64_t n);

#endif /* WMMA_EMULATOR_ALLOC_H */
