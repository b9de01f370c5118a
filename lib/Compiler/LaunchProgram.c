/* Running a program: every launch in order, on the buffers its launch
 * record names -- the caller's arguments and results as given, the
 * program's intermediates allocated here (zeroed) for the whole run, views
 * sharing their base's data with their own shape. */
#include "wmma-c/Runner.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(wmma_emu_stats) % sizeof(uint64_t) == 0,
               "the counters are summed as 64-bit words");

static void add_stats(wmma_emu_stats *to, const wmma_emu_stats *from) {
  uint64_t *t = (uint64_t *)to;
  const uint64_t *f = (const uint64_t *)from;
  for (size_t i = 0; i < sizeof *to / sizeof(uint64_t); ++i)
    t[i] += f[i];
}

static int fail(char **diagnostics, const char *fmt, const char *a) {
  if (diagnostics) {
    size_t n = strlen(fmt) + (a ? strlen(a) : 0) + 1;
    *diagnostics = malloc(n);
    if (*diagnostics)
      snprintf(*diagnostics, n, fmt, a ? a : "");
  }
  return 1;
}

typedef struct {
  void *data;
  size_t bytes;
  int64_t shape[WMMA_MAX_RANK];
  bool owned;
} slot_t;

/* The slot of buffer number `host`. */
static slot_t *slot_of(const wmma_compile_result *p, slot_t *slots, int host) {
  int nres = p->nargs - p->ncaller;
  if (host >= 0 && host < p->ncaller)
    return &slots[host];
  if (host < 0 && -1 - host < nres)
    return &slots[p->ncaller + (-1 - host)];
  if (host >= p->ncaller && host - p->ncaller < p->nbuffers)
    return &slots[p->nargs + (host - p->ncaller)];
  return NULL;
}

int wmma_launch_each(const wmma_compile_result *p, wmma_backend backend,
                     const wmma_host_arg *args, int nargs,
                     wmma_emu_stats *per_launch, wmma_emu_stats *total,
                     char **diagnostics) {
  if (diagnostics)
    *diagnostics = NULL;
  if (!p || !p->ok)
    return fail(diagnostics, "no compiled kernel%s", "");
  if (!p->nlaunches) {
    int rc = wmma_launch(p, backend, args, nargs, total, diagnostics);
    if (!rc && per_launch && total)
      *per_launch = *total;
    return rc;
  }
  if (nargs != p->nargs)
    return fail(diagnostics, "program '%s' takes a different number of "
                             "arguments and results",
                p->kernel);
  /* The run-time sizes, from the arguments' shapes. */
  int64_t sizes[64];
  for (int s = 0; s < 64; ++s)
    sizes[s] = -1;
  for (int a = 0; a < nargs; ++a) {
    const wmma_kernel_arg *k = &p->args[a];
    for (int d = 0; d < k->rank && k->is_buffer; ++d) {
      int64_t got = args[a].shape ? args[a].shape[d] : k->shape[d];
      int64_t want = k->shape[d];
      if (want >= 0 && got != want)
        return fail(diagnostics, "argument '%s' has a dimension that differs "
                                 "from its static size",
                    k->name);
      if (want < 0 && -1 - want < 64) {
        int64_t *sz = &sizes[-1 - want];
        if (*sz >= 0 && *sz != got)
          return fail(diagnostics, "argument '%s' disagrees with another on "
                                   "a run-time size",
                      k->name);
        *sz = got;
      }
    }
  }
  int nslots = p->nargs + p->nbuffers;
  slot_t *slots = calloc((size_t)(nslots ? nslots : 1), sizeof *slots);
  wmma_host_arg *hargs = calloc(WMMA_MAX_KERNEL_ARGS, sizeof *hargs);
  int rc = 1;
  if (!slots || !hargs) {
    fail(diagnostics, "out of memory%s", "");
    goto done;
  }
  for (int a = 0; a < nargs; ++a) {
    slots[a].data = args[a].data;
    slots[a].bytes = args[a].bytes;
    for (int d = 0; d < p->args[a].rank; ++d)
      slots[a].shape[d] =
          args[a].shape ? args[a].shape[d] : p->args[a].shape[d];
  }
  for (int i = 0; i < p->nbuffers; ++i) {
    const wmma_program_buffer *b = &p->buffers[i];
    slot_t *sl = &slots[p->nargs + i];
    for (int d = 0; d < b->desc.rank; ++d) {
      int64_t v = b->desc.shape[d];
      sl->shape[d] = v >= 0 ? v : (-1 - v < 64 ? sizes[-1 - v] : -1);
      if (sl->shape[d] < 0) {
        fail(diagnostics, "buffer '%s' has a size no argument gives",
             b->desc.name);
        goto done;
      }
    }
    sl->bytes = wmma_arg_bytes(&b->desc, sl->shape);
    if (b->is_view) {
      slot_t *base = slot_of(p, slots, b->view_of);
      if (!base || base->bytes < sl->bytes) {
        fail(diagnostics, "view '%s' is larger than its buffer",
             b->desc.name);
        goto done;
      }
      sl->data = base->data;
      continue;
    }
    sl->data = calloc(1, sl->bytes + 16);
    sl->owned = true;
    if (!sl->data) {
      fail(diagnostics, "out of memory for buffer '%s'", b->desc.name);
      goto done;
    }
  }
  if (total)
    memset(total, 0, sizeof *total);
  for (int i = 0; i < p->nlaunches; ++i) {
    wmma_compile_result k = p->launches[i];
    k.data = p->data; /* one code object holds every kernel */
    k.size = p->size;
    for (int a = 0; a < k.nargs; ++a) {
      slot_t *sl = slot_of(p, slots, k.args[a].host);
      if (!sl) {
        fail(diagnostics, "launch of '%s' names a buffer the program does "
                          "not have",
             k.kernel);
        goto done;
      }
      hargs[a].data = sl->data;
      hargs[a].bytes = sl->bytes;
      hargs[a].shape = k.args[a].is_buffer ? sl->shape : NULL;
    }
    wmma_emu_stats st;
    memset(&st, 0, sizeof st);
    if (wmma_launch(&k, backend, hargs, k.nargs,
                    (per_launch || total) ? &st : NULL, diagnostics))
      goto done;
    if (per_launch)
      per_launch[i] = st;
    if (total)
      add_stats(total, &st);
  }
  rc = 0;
done:
  for (int i = 0; slots && i < nslots; ++i)
    if (slots[i].owned)
      free(slots[i].data);
  free(slots);
  free(hargs);
  return rc;
}
