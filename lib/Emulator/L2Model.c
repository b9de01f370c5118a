/* The L2 model behind the DRAM estimate (L2Model.h): workgroup traces, a
 * set-associative LRU write-back cache of 128-byte lines, and the replay
 * of a launch's traces in dispatch order with the resident workgroups
 * interleaved. */
#include "L2Model.h"

#include "Alloc.h"

#include <stdlib.h>
#include <string.h>

/*===-- traces ----------------------------------------------------------===*/

void l2_trace_reset(L2Trace *t) {
  t->n = t->instr_start = 0;
  t->recent_pos = 0;
  t->failed = 0;
  memset(t->recent, 0xff, sizeof t->recent);
}

void l2_trace_free(L2Trace *t) {
  if (t)
    free(t->e);
}

void l2_trace_line(L2Trace *t, uint64_t line, unsigned kind) {
  uint64_t key = line << 2 | kind;
  for (unsigned i = 0; i < L2_RECENT; i++)
    if (t->recent[i] == key)
      return;
  t->recent[t->recent_pos] = key;
  t->recent_pos = (t->recent_pos + 1) % L2_RECENT;
  if (t->n == t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 1024;
    uint64_t *e = emu_realloc(t->e, cap, sizeof *e);
    if (!e) {
      t->failed = 1;
      return;
    }
    t->e = e;
    t->cap = cap;
  }
  t->e[t->n++] = line << 3 | kind;
}

void l2_trace_end(L2Trace *t) {
  if (t->n > t->instr_start)
    t->e[t->n - 1] |= 4;
  t->instr_start = t->n;
}

/*===-- the cache -------------------------------------------------------===*/

int l2_cache_init(L2Cache *c, uint64_t bytes, uint32_t ways) {
  memset(c, 0, sizeof *c);
  uint64_t lines = bytes >> 7;
  c->ways = ways ? ways : 1;
  c->nsets = lines / c->ways ? (uint32_t)(lines / c->ways) : 1;
  size_t n = (size_t)c->nsets * c->ways;
  c->tag = emu_alloc(n, sizeof *c->tag);
  c->stamp = emu_alloc(n, sizeof *c->stamp);
  c->dirty = emu_alloc(n, 1);
  if (!c->tag || !c->stamp || !c->dirty) {
    l2_cache_free(c);
    return -1;
  }
  return 0;
}

/* Lines are spread over the sets by a mixing hash.  GPUs XOR many address
 * bits into the channel and set index for the same purpose: streams whose
 * addresses differ by a power of two (KV heads 2 MiB apart, split-K slices
 * 512 KiB apart) must not all fall into the same sets.  A shift-and-XOR of
 * a few bits did not suffice: 64 streams 4096 lines apart aliased into one
 * set sequence of an 8 MiB L2 and read every line 4 times. */
static uint32_t set_of(const L2Cache *c, uint64_t line) {
  uint64_t h = line * 0x9E3779B97F4A7C15ull;
  h ^= h >> 32;
  return (uint32_t)(h % c->nsets);
}

void l2_cache_access(L2Cache *c, uint64_t line, unsigned kind) {
  uint64_t *tag = c->tag + (size_t)set_of(c, line) * c->ways;
  uint64_t *stamp = c->stamp + (tag - c->tag);
  uint8_t *dirty = c->dirty + (tag - c->tag);
  uint32_t victim = 0;
  c->accesses++;
  c->clock++;
  for (uint32_t w = 0; w < c->ways; w++) {
    if (tag[w] == line + 1) {
      c->hits++;
      stamp[w] = c->clock;
      dirty[w] |= (kind & L2_WRITE) != 0;
      return;
    }
    if (!tag[victim])
      continue;
    if (!tag[w] || stamp[w] < stamp[victim])
      victim = w;
  }
  if (tag[victim] && dirty[victim])
    c->written_lines++;
  tag[victim] = line + 1;
  stamp[victim] = c->clock;
  dirty[victim] = (kind & L2_WRITE) != 0;
  /* A write alone does not read the line (byte masks); an atomic does. */
  if (kind & L2_READ)
    c->read_lines++;
}

void l2_cache_flush(L2Cache *c) {
  size_t n = (size_t)c->nsets * c->ways;
  for (size_t i = 0; i < n; i++)
    if (c->tag[i] && c->dirty[i]) {
      c->written_lines++;
      c->dirty[i] = 0;
    }
}

void l2_cache_free(L2Cache *c) {
  free(c->tag);
  free(c->stamp);
  free(c->dirty);
  c->tag = c->stamp = NULL;
  c->dirty = NULL;
}

/*===-- the replay ------------------------------------------------------===*/

int l2_replay_init(L2Replay *r, uint64_t l2_bytes, uint32_t slots, uint64_t nwg) {
  memset(r, 0, sizeof *r);
  r->nwg = nwg;
  /* More slots than workgroups would only be visited empty. */
  if (nwg && slots > nwg)
    slots = (uint32_t)nwg;
  r->nslots = slots ? slots : 1;
  r->max_buffered = L2_MAX_BUFFERED_ENTRIES;
  r->slot = emu_alloc(r->nslots, sizeof *r->slot);
  if (!r->slot || l2_cache_init(&r->cache, l2_bytes, L2_WAYS)) {
    free(r->slot);
    r->slot = NULL;
    return -1;
  }
  pthread_mutex_init(&r->lock, NULL);
  return 0;
}

/* Under the lock: keeps t for reuse. */
static void recycle(L2Replay *r, L2Trace *t) {
  r->buffered -= t->n;
  if (r->nspare == r->spare_cap) {
    size_t cap = r->spare_cap ? 2 * r->spare_cap : 16;
    L2Trace **s = emu_realloc(r->spare, cap, sizeof *s);
    if (!s) {
      l2_trace_free(t);
      free(t);
      return;
    }
    r->spare = s;
    r->spare_cap = cap;
  }
  r->spare[r->nspare++] = t;
}

L2Trace *l2_replay_trace(L2Replay *r) {
  pthread_mutex_lock(&r->lock);
  L2Trace *t = NULL;
  if (!r->dropped) {
    t = r->nspare ? r->spare[--r->nspare] : emu_alloc(1, sizeof *t);
    if (t)
      l2_trace_reset(t);
    else
      r->dropped = 1; /* workgroup g would have no trace */
  }
  pthread_mutex_unlock(&r->lock);
  return t;
}

/* Under the lock: workgroup g's trace, taken out of the pending ones. */
static L2Trace *take_pending(L2Replay *r, uint64_t g) {
  for (size_t i = 0; i < r->npend; i++)
    if (r->pend[i].g == g) {
      L2Trace *t = r->pend[i].t;
      r->pend[i] = r->pend[--r->npend];
      return t;
    }
  return NULL;
}

/* Replays until the traces run out.  Called by the one thread that set
 * `replaying`; returns with `replaying` cleared.  In the final pass,
 * missing traces (faulted workgroups) count as empty. */
static void replay(L2Replay *r, int final) {
  for (;;) {
    L2Slot *s = &r->slot[r->rr];
    while (!s->t && r->next_g < r->nwg) {
      pthread_mutex_lock(&r->lock);
      L2Trace *t = r->dropped ? NULL : take_pending(r, r->next_g);
      if (!t && (!final || r->dropped)) {
        r->replaying = 0;
        pthread_mutex_unlock(&r->lock);
        return;
      }
      pthread_mutex_unlock(&r->lock);
      r->next_g++;
      if (t) {
        s->t = t;
        s->pos = 0;
        r->active++;
      }
    }
    if (s->t) {
      L2Trace *t = s->t;
      while (s->pos < t->n) {
        uint64_t e = t->e[s->pos++];
        l2_cache_access(&r->cache, e >> 3, (unsigned)(e & 3));
        if (e & 4)
          break;
      }
      if (s->pos == t->n) {
        pthread_mutex_lock(&r->lock);
        recycle(r, t);
        pthread_mutex_unlock(&r->lock);
        s->t = NULL;
        r->active--;
      }
    } else if (!r->active) { /* every workgroup replayed */
      pthread_mutex_lock(&r->lock);
      r->replaying = 0;
      pthread_mutex_unlock(&r->lock);
      return;
    }
    r->rr = (r->rr + 1) % r->nslots;
  }
}

void l2_replay_submit(L2Replay *r, uint64_t g, L2Trace *t) {
  pthread_mutex_lock(&r->lock);
  if (t->failed || r->buffered + t->n > r->max_buffered)
    r->dropped = 1;
  if (r->dropped) {
    r->buffered += t->n; /* recycle subtracts it */
    recycle(r, t);
    pthread_mutex_unlock(&r->lock);
    return;
  }
  if (r->npend == r->pend_cap) {
    size_t cap = r->pend_cap ? 2 * r->pend_cap : 64;
    L2Pending *p = emu_realloc(r->pend, cap, sizeof *p);
    if (!p) {
      r->dropped = 1;
      r->buffered += t->n; /* recycle subtracts it */
      recycle(r, t);
      pthread_mutex_unlock(&r->lock);
      return;
    }
    r->pend = p;
    r->pend_cap = cap;
  }
  r->pend[r->npend++] = (L2Pending){g, t};
  r->buffered += t->n;
  int run = !r->replaying;
  if (run)
    r->replaying = 1;
  pthread_mutex_unlock(&r->lock);
  if (run)
    replay(r, 0);
}

int l2_replay_finish(L2Replay *r, uint64_t *dram_read_bytes,
                     uint64_t *dram_written_bytes) {
  *dram_read_bytes = *dram_written_bytes = 0;
  r->replaying = 1;
  replay(r, 1);
  if (r->dropped)
    return -1;
  l2_cache_flush(&r->cache);
  *dram_read_bytes = r->cache.read_lines << 7;
  *dram_written_bytes = r->cache.written_lines << 7;
  return 0;
}

void l2_replay_free(L2Replay *r) {
  if (!r->slot)
    return;
  for (uint32_t i = 0; i < r->nslots; i++)
    if (r->slot[i].t) {
      l2_trace_free(r->slot[i].t);
      free(r->slot[i].t);
    }
  for (size_t i = 0; i < r->npend; i++) {
    l2_trace_free(r->pend[i].t);
    free(r->pend[i].t);
  }
  for (size_t i = 0; i < r->nspare; i++) {
    l2_trace_free(r->spare[i]);
    free(r->spare[i]);
  }
  free(r->slot);
  free(r->pend);
  free(r->spare);
  l2_cache_free(&r->cache);
  pthread_mutex_destroy(&r->lock);
  r->slot = NULL;
}
