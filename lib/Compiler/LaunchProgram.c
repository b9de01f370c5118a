/* Running a program: every launch in order (or as its loops and
 * conditionals say: ProgramSteps.c), on the buffers its launch record
 * names -- the caller's arguments and results as given, the program's
 * intermediates allocated here (zeroed) for the whole run (one allocation
 * serves every iteration of a loop allocating it), views sharing their
 * base's data with their own shape, at an offset the host computes for a
 * slice at a loop's induction variable. */
#include "ProgramRun.h"

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
  if (diagnostics && !*diagnostics) {
    size_t n = strlen(fmt) + (a ? strlen(a) : 0) + 1;
    *diagnostics = malloc(n);
    if (*diagnostics)
      snprintf(*diagnostics, n, fmt, a ? a : "");
  }
  return 1;
}

int prog_fail(prog_run *r, const char *fmt, const char *a) {
  fail(r->diagnostics, fmt, a);
  return -1;
}

/* The index of buffer number `host` among the slots (-1: none). */
static int slot_index(const wmma_compile_result *p, int host) {
  int nres = p->nargs - p->ncaller;
  if (host >= 0 && host < p->ncaller)
    return host;
  if (host < 0 && -1 - host < nres)
    return p->ncaller + (-1 - host);
  if (host >= p->ncaller && host - p->ncaller < p->nbuffers)
    return p->nargs + (host - p->ncaller);
  return -1;
}

/* Buffer `host`'s data now (a view at a run-time offset moves with the
 * host's values) and the bytes from there to the end of what it views. */
static int data_of(prog_run *r, int host, void **data, size_t *avail,
                   int depth) {
  const wmma_compile_result *p = r->p;
  int i = slot_index(p, host);
  if (i < 0 || depth > 32)
    return prog_fail(r, "a launch of '%s' names a buffer the program does "
                        "not have",
                     p->kernel);
  prog_slot *sl = &r->slots[i];
  const wmma_program_buffer *b =
      i >= p->nargs ? &p->buffers[i - p->nargs] : NULL;
  if (!b || !b->is_view || b->offset_value < 0) {
    *data = sl->data;
    *avail = sl->bytes;
    if (b && b->is_view) /* a reshape: its base's bytes */
      return data_of(r, b->view_of, data, avail, depth + 1);
    return 0;
  }
  void *base;
  size_t base_bytes;
  int64_t off;
  if (data_of(r, b->view_of, &base, &base_bytes, depth + 1) ||
      prog_eval(r, b->offset_value, &off))
    return -1;
  size_t skip = (size_t)off * (size_t)b->desc.elem_bytes;
  if (off < 0 || skip > base_bytes || base_bytes - skip < sl->bytes)
    return prog_fail(r, "view '%s' reaches outside its buffer at this "
                        "iteration",
                     b->desc.name);
  *data = (char *)base + skip;
  *avail = base_bytes - skip;
  return 0;
}

int prog_launch(prog_run *r, int i) {
  const wmma_compile_result *p = r->p;
  if (i < 0 || i >= p->nlaunches)
    return prog_fail(r, "program '%s' launches a kernel it does not have",
                     p->kernel);
  wmma_compile_result k = p->launches[i];
  k.data = p->data; /* one code object holds every kernel */
  k.size = p->size;
  for (int a = 0; a < k.nargs; ++a) {
    int si = slot_index(p, k.args[a].host);
    if (si < 0)
      return prog_fail(r, "launch of '%s' names a buffer the program does "
                          "not have",
                       k.kernel);
    prog_slot *sl = &r->slots[si];
    const wmma_program_buffer *b =
        si >= p->nargs ? &p->buffers[si - p->nargs] : NULL;
    if (b && b->value >= 0) {
      /* An index scalar the host computes, as the kernel's i64. */
      if (prog_eval(r, b->value, &sl->scalar))
        return -1;
      r->hargs[a].data = &sl->scalar;
      r->hargs[a].bytes = sizeof sl->scalar;
      r->hargs[a].shape = NULL;
      continue;
    }
    size_t avail;
    if (data_of(r, k.args[a].host, &r->hargs[a].data, &avail, 0))
      return -1;
    r->hargs[a].bytes = sl->bytes;
    r->hargs[a].shape = k.args[a].is_buffer ? sl->shape : NULL;
  }
  wmma_emu_stats st;
  memset(&st, 0, sizeof st);
  bool want = r->per_launch || r->total;
  if (wmma_launch(&k, r->backend, r->hargs, k.nargs, want ? &st : NULL,
                  r->diagnostics))
    return -1;
  if (r->per_launch)
    add_stats(&r->per_launch[i], &st);
  if (r->counts)
    r->counts[i]++;
  if (r->total)
    add_stats(r->total, &st);
  return 0;
}

int wmma_launch_each(const wmma_compile_result *p, wmma_backend backend,
                     const wmma_host_arg *args, int nargs,
                     wmma_emu_stats *per_launch, wmma_emu_stats *total,
                     char **diagnostics) {
  return wmma_launch_program(p, backend, args, nargs, per_launch, NULL, total,
                             diagnostics);
}

/* r->sizes from the arguments' shapes (a dimension given as -1 is not
 * known yet: an output whose size the host computes), then the sizes the
 * host computes from them and from the scalar arguments.  0, or 1 with
 * *diagnostics. */
static int program_sizes(prog_run *r, int nargs) {
  const wmma_compile_result *p = r->p;
  const wmma_host_arg *args = r->args;
  if (nargs != p->nargs)
    return fail(r->diagnostics, "program '%s' takes a different number of "
                                "arguments and results",
                p->kernel);
  for (int s = 0; s < 64; ++s)
    r->sizes[s] = -1;
  for (int a = 0; a < nargs; ++a) {
    const wmma_kernel_arg *k = &p->args[a];
    for (int d = 0; d < k->rank && k->is_buffer; ++d) {
      int64_t got = args[a].shape ? args[a].shape[d] : k->shape[d];
      int64_t want = k->shape[d];
      if (want >= 0 && got != want)
        return fail(r->diagnostics, "argument '%s' has a dimension that "
                                    "differs from its static size",
                    k->name);
      if (want < 0 && -1 - want < 64 && got >= 0) {
        int64_t *sz = &r->sizes[-1 - want];
        if (*sz >= 0 && *sz != got)
          return fail(r->diagnostics, "argument '%s' disagrees with another "
                                      "on a run-time size",
                      k->name);
        *sz = got;
      }
    }
  }
  for (int s = 0; p->size_values && s < p->nsizes && s < 64; ++s) {
    if (p->size_values[s] < 0)
      continue;
    int64_t v;
    if (prog_eval(r, p->size_values[s], &v))
      return 1;
    if (v < 0)
      return fail(r->diagnostics, "program '%s' computes a negative buffer "
                                  "size from these arguments",
                  p->kernel);
    if (r->sizes[s] >= 0 && r->sizes[s] != v)
      return fail(r->diagnostics, "program '%s' computes a buffer size that "
                                  "differs from the argument dimension its "
                                  "kernels take to be equal",
                  p->kernel);
    r->sizes[s] = v;
  }
  return 0;
}

int wmma_program_sizes(const wmma_compile_result *p,
                       const wmma_host_arg *args, int nargs, int64_t *sizes,
                       char **diagnostics) {
  if (diagnostics)
    *diagnostics = NULL;
  if (!p || !p->ok || !sizes)
    return fail(diagnostics, "no compiled kernel%s", "");
  prog_run r = {.p = p, .args = args, .diagnostics = diagnostics};
  if (program_sizes(&r, nargs))
    return 1;
  memcpy(sizes, r.sizes, sizeof r.sizes);
  return 0;
}

int wmma_launch_program(const wmma_compile_result *p, wmma_backend backend,
                        const wmma_host_arg *args, int nargs,
                        wmma_emu_stats *per_launch, uint64_t *counts,
                        wmma_emu_stats *total, char **diagnostics) {
  if (diagnostics)
    *diagnostics = NULL;
  if (!p || !p->ok)
    return fail(diagnostics, "no compiled kernel%s", "");
  if (!p->nlaunches) {
    int rc = wmma_launch(p, backend, args, nargs, total, diagnostics);
    if (!rc && per_launch && total)
      *per_launch = *total;
    if (!rc && counts)
      counts[0] = 1;
    return rc;
  }
  prog_run r = {p, backend, args, NULL, NULL, {0}, NULL, per_launch, counts,
                total, 0, diagnostics};
  if (program_sizes(&r, nargs))
    return 1;
  int64_t *sizes = r.sizes;
  int nslots = p->nargs + p->nbuffers;
  prog_slot *slots = calloc((size_t)(nslots ? nslots : 1), sizeof *slots);
  wmma_host_arg *hargs = calloc(WMMA_MAX_KERNEL_ARGS, sizeof *hargs);
  int64_t *ivs = calloc((size_t)(p->nsteps ? p->nsteps : 1), sizeof *ivs);
  int rc = 1;
  if (!slots || !hargs || !ivs) {
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
    prog_slot *sl = &slots[p->nargs + i];
    if (b->value >= 0)
      continue; /* an index scalar: computed at each launch */
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
      int bi = slot_index(p, b->view_of);
      prog_slot *base = bi < 0 ? NULL : &slots[bi];
      if (b->offset_value >= 0 && base) {
        sl->data = NULL; /* placed at each launch (data_of) */
        continue;
      }
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
  if (per_launch)
    memset(per_launch, 0, sizeof *per_launch * (size_t)p->nlaunches);
  if (counts)
    memset(counts, 0, sizeof *counts * (size_t)p->nlaunches);
  r.slots = slots;
  r.hargs = hargs;
  r.ivs = ivs;
  if (p->nsteps) {
    if (prog_run_steps(&r, 0, p->nsteps))
      goto done;
  } else {
    for (int i = 0; i < p->nlaunches; ++i)
      if (prog_launch(&r, i))
        goto done;
  }
  rc = 0;
done:
  for (int i = 0; slots && i < nslots; ++i)
    if (slots[i].owned)
      free(slots[i].data);
  free(slots);
  free(hargs);
  free(ivs);
  return rc;
}
