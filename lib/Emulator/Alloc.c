/* The emulator's one allocation path (Alloc.h). */
#include "Alloc.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Scratch blocks carry a header linking them into their scope's list. */
struct EmuScratch {
  EmuScratch *prev, *next;
  EmuOom *owner;
  _Alignas(16) unsigned char data[];
};

static _Thread_local EmuOom *tl_scope;
static _Atomic uint64_t g_fail_after; /* 0: no injected failure */

uint64_t emu_alloc_fail_after(uint64_t n) { return atomic_exchange(&g_fail_after, n); }

/* Whether this allocation is the injected failure. */
static int injected(void) {
  uint64_t n = atomic_load(&g_fail_after);
  while (n) {
    if (atomic_compare_exchange_weak(&g_fail_after, &n, n - 1))
      return n == 1;
  }
  return 0;
}

static int bytes_of(size_t count, size_t size, size_t *out) {
  return !__builtin_mul_overflow(count, size, out);
}

void *emu_alloc(size_t count, size_t size) {
  size_t n;
  if (!bytes_of(count, size, &n) || injected())
    return NULL;
  return calloc(n ? n : 1, 1);
}

void *emu_realloc(void *p, size_t count, size_t size) {
  size_t n;
  if (!bytes_of(count, size, &n) || injected())
    return NULL;
  return realloc(p, n ? n : 1);
}

char *emu_strndup(const char *s, size_t n) {
  size_t len = strnlen(s, n);
  char *d = emu_alloc(len + 1, 1);
  if (d)
    memcpy(d, s, len);
  return d;
}

void emu_oom_enter(EmuOom *s) {
  s->prev = tl_scope;
  s->scratch = NULL;
  s->bytes = 0;
  tl_scope = s;
}

void emu_oom_leave(EmuOom *s) {
  while (s->scratch) {
    EmuScratch *b = s->scratch;
    s->scratch = b->prev;
    free(b);
  }
  tl_scope = s->prev;
}

static _Noreturn void raise_oom(size_t count, size_t size) {
  EmuOom *s = tl_scope;
  size_t n;
  if (!bytes_of(count, size, &n))
    n = SIZE_MAX;
  if (!s) {
    fprintf(stderr, "wmma-emu: out of host memory (%zu bytes)\n", n);
    abort();
  }
  s->bytes = n;
  longjmp(s->jb, 1);
}

void emu_raise_oom(size_t bytes) { raise_oom(bytes, 1); }

void *emu_xalloc(size_t count, size_t size) {
  void *p = emu_alloc(count, size);
  if (!p)
    raise_oom(count, size);
  return p;
}

void *emu_xrealloc(void *p, size_t count, size_t size) {
  void *q = emu_realloc(p, count, size);
  if (!q)
    raise_oom(count, size);
  return q;
}

char *emu_xstrndup(const char *s, size_t n) {
  char *d = emu_strndup(s, n);
  if (!d)
    raise_oom(strnlen(s, n) + 1, 1);
  return d;
}

void *emu_scratch(size_t count, size_t size) {
  EmuOom *s = tl_scope;
  if (!s) {
    fputs("wmma-emu: internal error: scratch memory outside a recovery scope\n",
          stderr);
    abort();
  }
  size_t n;
  if (!bytes_of(count, size, &n) || n > SIZE_MAX - sizeof(EmuScratch))
    raise_oom(count, size);
  EmuScratch *b = emu_xalloc(1, sizeof *b + n);
  b->owner = s;
  b->next = NULL;
  b->prev = s->scratch;
  if (s->scratch)
    s->scratch->next = b;
  s->scratch = b;
  return b->data;
}

void emu_scratch_free(void *p) {
  if (!p)
    return;
  EmuScratch *b = (EmuScratch *)((unsigned char *)p - offsetof(EmuScratch, data));
  if (b->next)
    b->next->prev = b->prev;
  else
    b->owner->scratch = b->prev;
  if (b->prev)
    b->prev->next = b->next;
  free(b);
}
