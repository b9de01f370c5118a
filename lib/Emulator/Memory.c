/* The emulated memory model: global allocations and the host memory
 * budget, address-space casts, buffer resources and the traffic model. */
#include "Alloc.h"
#include "Memory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*===-- global address space --------------------------------------------===*/

/* At most 16 GiB of host memory, and no more than 3/4 of the machine's:
 * a kernel asking for more gets a clear error instead of the OOM killer. */
#define MEMORY_CAP (16ull << 30)

void mem_init(GlobalMem *g) {
  memset(g, 0, sizeof *g);
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  uint64_t phys = pages > 0 && page > 0 ? (uint64_t)pages * (uint64_t)page : 0;
  g->limit = phys && phys / 4 * 3 < MEMORY_CAP ? phys / 4 * 3 : MEMORY_CAP;
}

void mem_free(GlobalMem *g) {
  for (uint32_t i = 0; i < g->nallocs; i++) {
    free(g->allocs[i].data);
    free(g->allocs[i].name);
  }
  free(g->allocs);
  memset(g, 0, sizeof *g);
}

int mem_reserve(GlobalMem *g, uint64_t bytes, const char *what, char *err,
                size_t cap) {
  if (bytes > g->limit || g->bytes > g->limit - bytes) {
    snprintf(err, cap,
             "%s needs %llu bytes of host memory; with the %llu bytes already "
             "held that exceeds the emulator's limit of %llu bytes",
             what, (unsigned long long)bytes, (unsigned long long)g->bytes,
             (unsigned long long)g->limit);
    return -1;
  }
  g->bytes += bytes;
  return 0;
}

void mem_unreserve(GlobalMem *g, uint64_t bytes) {
  g->bytes -= bytes < g->bytes ? bytes : g->bytes;
}

int mem_alloc(GlobalMem *g, uint64_t size, const char *name, int user,
              char *err, size_t cap) {
  if (size >= GLOBAL_MAX_SIZE) {
    snprintf(err, cap, "allocation of %llu bytes is too large (at most %llu)",
             (unsigned long long)size, (unsigned long long)GLOBAL_MAX_SIZE - 1);
    return -1;
  }
  if (g->nallocs >= (1u << (63 - GLOBAL_SHIFT)) - 2) {
    snprintf(err, cap, "too many buffers (%u)", g->nallocs);
    return -1;
  }
  char what[128];
  snprintf(what, sizeof what, "%s '%s'", user ? "buffer" : "global", name ? name : "");
  if (mem_reserve(g, size, what, err, cap))
    return -1;
  if (g->nallocs == g->cap_allocs) {
    uint32_t cap2 = g->cap_allocs ? 2 * g->cap_allocs : 16;
    Alloc *na = emu_realloc(g->allocs, cap2, sizeof *na);
    if (!na) {
      mem_unreserve(g, size);
      snprintf(err, cap, "out of host memory");
      return -1;
    }
    g->allocs = na;
    g->cap_allocs = cap2;
  }
  Alloc *a = &g->allocs[g->nallocs];
  a->data = emu_alloc(size ? size : 1, 1);
  if (!a->data) {
    mem_unreserve(g, size);
    snprintf(err, cap, "out of host memory allocating %llu bytes",
             (unsigned long long)size);
    return -1;
  }
  a->name = emu_strndup(name ? name : "", SIZE_MAX);
  if (!a->name) {
    free(a->data);
    mem_unreserve(g, size);
    snprintf(err, cap, "out of host memory");
    return -1;
  }
  a->size = size;
  a->user = user;
  return (int)g->nallocs++;
}

uint8_t *mem_resolve_global(const GlobalMem *g, uint64_t addr, uint64_t size,
                            int *alloc_idx) {
  uint64_t idx = (addr >> GLOBAL_SHIFT) - 1;
  uint64_t off = addr & ((1ull << GLOBAL_SHIFT) - 1);
  if (addr >> GLOBAL_SHIFT == 0 || idx >= g->nallocs) {
    *alloc_idx = -1;
    return NULL;
  }
  *alloc_idx = (int)idx;
  const Alloc *a = &g->allocs[idx];
  if (off > a->size || size > a->size - off)
    return NULL;
  return a->data + off;
}

void mem_describe_global(const GlobalMem *g, uint64_t addr, char *buf,
                         size_t cap) {
  uint64_t idx = (addr >> GLOBAL_SHIFT) - 1;
  if (addr >> GLOBAL_SHIFT == 0 || idx >= g->nallocs) {
    snprintf(buf, cap, "no buffer at this address");
    return;
  }
  const Alloc *a = &g->allocs[idx];
  snprintf(buf, cap, "%s%s of %llu bytes, offset %lld", a->user ? "" : "global @",
           a->name, (unsigned long long)a->size,
           (long long)(addr & ((1ull << GLOBAL_SHIFT) - 1)));
}

/*===-- address-space casts ---------------------------------------------===*/

static int is_segment(unsigned as) { return as == AS_LDS || as == AS_PRIVATE; }
static int is_flat_like(unsigned as) {
  return as == AS_FLAT || as == AS_GLOBAL || as == AS_CONSTANT;
}

int mem_ascast_supported(unsigned from, unsigned to) {
  int plain = (is_flat_like(from) || is_segment(from)) &&
              (is_flat_like(to) || is_segment(to));
  /* AMDGPUUsage: a buffer resource casts to a fat pointer of offset 0. */
  return plain || (from == AS_BUFFER_RSRC && to == AS_BUFFER_FAT) ||
         (from == to);
}

uint64_t mem_ascast(uint64_t v, unsigned from, unsigned to, int bits) {
  uint64_t lo = v & 0xffffffffull;
  if (from == AS_BUFFER_RSRC && to == AS_BUFFER_FAT)
    return bufptr_make(bufptr_id(v), 0);
  if (is_segment(from) && is_flat_like(to))
    return ((from == AS_LDS ? APERTURE_LDS : APERTURE_PRIV) << APERTURE_SHIFT) | lo;
  if (is_segment(to) && !is_segment(from))
    return lo;
  return v & emu_mask(bits);
}

/*===-- buffer resources ------------------------------------------------===*/

void rsrc_table_reset(RsrcTable *t) {
  t->n = 0;
  if (t->slots)
    memset(t->slots, 0, t->nslots * sizeof *t->slots);
}

void rsrc_table_free(RsrcTable *t) {
  free(t->v);
  free(t->slots);
  memset(t, 0, sizeof *t);
}

static uint32_t rsrc_hash(const BufRsrc *r) {
  uint64_t x = r->base ^ ((uint64_t)r->num_records << 17) ^
               ((uint64_t)r->flags << 29) ^ r->stride;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (uint32_t)x;
}

static int rsrc_eq(const BufRsrc *a, const BufRsrc *b) {
  return a->base == b->base && a->num_records == b->num_records &&
         a->flags == b->flags && a->stride == b->stride;
}

/* Bound on distinct resources per workgroup (ids fit 31 bits anyway). */
#define RSRC_MAX (1u << 22)

uint32_t rsrc_intern(RsrcTable *t, const BufRsrc *r) {
  if (2 * (t->n + 1) > t->nslots) {
    if (t->n >= RSRC_MAX)
      return 0;
    uint32_t ns = t->nslots ? 2 * t->nslots : 64;
    uint32_t *slots = emu_alloc(ns, sizeof *slots);
    BufRsrc *v = emu_realloc(t->v, ns / 2, sizeof *v);
    if (!slots || !v) {
      free(slots);
      if (v)
        t->v = v;
      return 0;
    }
    t->v = v;
    t->cap = ns / 2;
    free(t->slots);
    t->slots = slots;
    t->nslots = ns;
    for (uint32_t id = 1; id <= t->n; id++) {
      uint32_t i = rsrc_hash(&t->v[id - 1]) & (ns - 1);
      while (slots[i])
        i = (i + 1) & (ns - 1);
      slots[i] = id;
    }
  }
  uint32_t i = rsrc_hash(r) & (t->nslots - 1);
  while (t->slots[i]) {
    if (rsrc_eq(&t->v[t->slots[i] - 1], r))
      return t->slots[i];
    i = (i + 1) & (t->nslots - 1);
  }
  t->v[t->n++] = *r;
  t->slots[i] = t->n;
  return t->n;
}

BufRsrc rsrc_from_dwords(const uint32_t dw[4]) {
  BufRsrc r;
  r.base = (uint64_t)dw[0] | ((uint64_t)(dw[1] & 0xffff) << 32);
  r.stride = (uint16_t)(dw[1] >> 16);
  r.num_records = dw[2];
  r.flags = dw[3];
  return r;
}

/* Range checking of raw buffers, from AMD's "RDNA3 Instruction Set
 * Architecture" and "RDNA4 Instruction Set Architecture" reference guides
 * (chapter "Vector Memory Buffer Instructions", section "Range Checking"),
 * which say:
 *  - OOB_SELECT (descriptor word 3, bits 29:28) chooses the check; for a raw
 *    buffer (STRIDE = 0, no swizzle) 3 means "out of range if the offset is
 *    at or beyond NUM_RECORDS" (bytes) and 2 means "no check except
 *    NUM_RECORDS = 0" (the two values MLIR's fat_raw_buffer_cast and LLVM's
 *    buffer fat pointers produce on RDNA: boundsCheck = true -> 3, false ->
 *    2; see AMDGPUToROCDL.cpp's flag-word comment); 0 and 1 are the
 *    structured-buffer checks on index and stride, not emulated here;
 *  - out-of-range loads return 0 and out-of-range stores write nothing;
 *  - "load/store-dword-x{2,3,4} range-check per component" (per dword),
 *    while format instructions and atomics are checked all or nothing.
 * LLVM's AMDGPUUsage ("Relaxed Buffer OOB Mode") states the same for
 * buffer fat pointers: accesses wider than 32 bits are checked "for each
 * 32-bit word independently", with unsigned, saturating arithmetic; a word
 * that straddles NUM_RECORDS is out of range as a whole.  So a piece (a
 * dword, or the sub-dword tail of an access) is in range when
 * offset + size <= NUM_RECORDS, computed without wrap-around.  The offset
 * checked is the whole buffer offset (voffset + soffset); LLVM and MLIR put
 * a fat pointer's offset in voffset. */
const char *rsrc_unsupported(const BufRsrc *r) {
  unsigned oob = (r->flags >> 28) & 3;
  if (r->stride)
    return "strided or swizzled buffer resources (a non-zero stride field) "
           "are not emulated: only raw buffers (stride 0)";
  if (oob < 2)
    return "OOB_SELECT 0/1 (structured-buffer range checks) is not emulated: "
           "raw buffers use OOB_SELECT 3 (check against NUM_RECORDS) or 2 (none)";
  return NULL;
}

int rsrc_in_range(const BufRsrc *r, uint64_t off, uint32_t bytes) {
  if (((r->flags >> 28) & 3) == 2)
    return r->num_records != 0;
  return off + bytes <= (uint64_t)r->num_records;
}

/*===-- traffic model ---------------------------------------------------===*/

/* The LDS bank model is the layout engine's (wmma/Layout/LdsBanks.h),
 * shared with the templates that plan LDS layouts; the memo spares
 * repeating it for the patterns a kernel repeats. */
uint32_t lds_bank_conflicts_memo(BankMemo *memo, const uint32_t *off,
                                 uint32_t exec, uint32_t bytes) {
  if (!exec)
    return 0;
  /* Relative to the lowest lane's 128-byte row: no offset wraps below 0
   * (a wrapped offset near 2^32 would lose its last dwords). */
  uint32_t base = UINT32_MAX, norm[NLANES], h = exec ^ bytes;
  for (uint32_t m = exec; m; m &= m - 1) {
    uint32_t o = off[__builtin_ctz(m)];
    base = o < base ? o : base;
  }
  base &= ~127u;
  for (uint32_t l = 0; l < NLANES; l++) {
    norm[l] = (exec >> l) & 1 ? off[l] - base : 0;
    h = (h ^ norm[l]) * 0x9e3779b1u;
  }
  BankMemoEntry *e = &memo->e[(h >> 16) % BANK_MEMO_SIZE];
  if (e->valid && e->exec == exec && e->bytes == bytes &&
      !memcmp(e->off, norm, sizeof norm))
    return e->conflicts;
  e->valid = 1;
  e->exec = exec;
  e->bytes = bytes;
  memcpy(e->off, norm, sizeof norm);
  e->conflicts = wmma_lds_bank_conflicts(norm, exec, bytes);
  return e->conflicts;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

uint32_t distinct_lines(uint64_t *ids, uint32_t n) {
  if (n <= 1)
    return n;
  /* Lanes usually walk memory upwards: sorted already, or nearly. */
  uint32_t i = 1;
  while (i < n && ids[i - 1] <= ids[i])
    i++;
  if (i < n && n <= 64) {
    for (; i < n; i++) {
      uint64_t x = ids[i];
      uint32_t j = i;
      while (j > 0 && ids[j - 1] > x) {
        ids[j] = ids[j - 1];
        j--;
      }
      ids[j] = x;
    }
  } else if (i < n) {
    qsort(ids, n, sizeof *ids, cmp_u64);
  }
  uint32_t d = 1;
  for (uint32_t i = 1; i < n; i++)
    d += ids[i] != ids[i - 1];
  return d;
}

uint32_t global_lines(const uint64_t *addr, uint32_t exec, uint32_t bytes) {
  /* A lane touches at most 2 lines when bytes <= 128 (3 counted for the
   * rare larger accesses). */
  const uint64_t span = bytes ? bytes - 1 : 0;
  /* RDNA3 operands: lanes 16-31 often repeat lanes 0-15's addresses. */
  if (exec == FULL_EXEC && !memcmp(addr, addr + 16, 16 * sizeof *addr))
    exec = 0xffffu;
  /* Lanes 0..k-1 active, walking upwards, at most 128 bytes each (the
   * common case): lane l adds the lines of its access above lane l-1's
   * last line, branch-free so that the compiler vectorises it. */
  if (bytes <= 128 && exec && !(exec & (exec + 1))) {
    uint32_t k = (uint32_t)__builtin_popcount(exec);
    uint64_t n = ((addr[0] + span) >> LINE_SHIFT) - (addr[0] >> LINE_SHIFT) + 1;
    int down = 0;
    for (uint32_t l = 1; l < k; l++) {
      uint64_t lo = addr[l] >> LINE_SHIFT, hi = (addr[l] + span) >> LINE_SHIFT;
      uint64_t phi = (addr[l - 1] + span) >> LINE_SHIFT;
      uint64_t from = lo > phi ? lo : phi + 1;
      n += hi >= from ? hi - from + 1 : 0;
      down |= addr[l] < addr[l - 1];
    }
    if (!down)
      return (uint32_t)n;
  }
  /* Lanes walking upwards (rows, strides, contiguous runs): one pass. */
  uint64_t prev = 0, last = 0, n = 0;
  int first_lane = 1, upward = 1;
  for (uint32_t m = exec; m && upward; m &= m - 1) {
    uint32_t l = (uint32_t)__builtin_ctz(m);
    if (!first_lane && addr[l] < prev)
      upward = 0;
    prev = addr[l];
    uint64_t lo = addr[l] >> LINE_SHIFT, hi = (addr[l] + span) >> LINE_SHIFT;
    if (hi - lo > 2)
      lo = hi - 2;
    if (first_lane || lo > last)
      n += hi - lo + 1;
    else if (hi > last)
      n += hi - last;
    if (first_lane || hi > last)
      last = hi;
    first_lane = 0;
  }
  if (upward)
    return (uint32_t)n;
  /* Otherwise a small open-addressing set of line numbers. */
  uint64_t set[128], used[2] = {0, 0};
  uint32_t count = 0;
  for (uint32_t m = exec; m; m &= m - 1) {
    uint32_t l = (uint32_t)__builtin_ctz(m);
    uint64_t lo = addr[l] >> LINE_SHIFT, hi = (addr[l] + span) >> LINE_SHIFT;
    if (hi - lo > 2)
      lo = hi - 2;
    for (uint64_t x = lo; x <= hi; x++) {
      uint32_t h = (uint32_t)((x * 0x9e3779b97f4a7c15ull) >> 57);
      while (((used[h >> 6] >> (h & 63)) & 1) && set[h] != x)
        h = (h + 1) & 127;
      if (!((used[h >> 6] >> (h & 63)) & 1)) {
        used[h >> 6] |= 1ull << (h & 63);
        set[h] = x;
        count++;
      }
    }
  }
  return count;
}

/* Pieces sorted by start: insertion sort for the nearly sorted orders
 * lanes usually have. */
static void sort_pieces(uint64_t *lo, uint32_t *len, uint32_t n) {
  for (uint32_t i = 1; i < n; i++) {
    uint64_t x = lo[i];
    uint32_t y = len[i], j = i;
    if (lo[j - 1] <= x)
      continue;
    while (j > 0 && lo[j - 1] > x) {
      lo[j] = lo[j - 1];
      len[j] = len[j - 1];
      j--;
    }
    lo[j] = x;
    len[j] = y;
  }
}

uint64_t distinct_pieces(uint64_t *lo, uint32_t *len, uint32_t n, L2Trace *t,
                         unsigned kind) {
  sort_pieces(lo, len, n);
  uint64_t total = 0, end = 0, last_line = 0;
  int any = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t a = lo[i], b = a + (len[i] ? len[i] : 1);
    if (!any || a >= end)
      total += b - a;
    else if (b > end)
      total += b - end;
    /* Sorted by start: the lines up to last_line are all touched. */
    uint64_t first = a >> LINE_SHIFT, last = (b - 1) >> LINE_SHIFT;
    if (t)
      for (uint64_t x = any && first <= last_line ? last_line + 1 : first; x <= last; x++)
        l2_trace_line(t, x, kind);
    if (!any || b > end)
      end = b;
    if (!any || last > last_line)
      last_line = last;
    any = 1;
  }
  if (t)
    l2_trace_end(t);
  return total;
}

uint64_t distinct_lane_bytes(const uint64_t *addr, uint32_t exec, uint32_t bytes,
                             L2Trace *t, unsigned kind) {
  /* RDNA3 operands: lanes 16-31 often repeat lanes 0-15's addresses. */
  if (exec == FULL_EXEC && !memcmp(addr, addr + 16, 16 * sizeof *addr))
    exec = 0xffffu;
  uint64_t lo[NLANES];
  uint32_t len[NLANES], n = 0;
  for (uint32_t m = exec; m; m &= m - 1) {
    lo[n] = addr[__builtin_ctz(m)];
    len[n++] = bytes;
  }
  return distinct_pieces(lo, len, n, t, kind);
}
