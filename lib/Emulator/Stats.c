/* The counters: accumulation over launches and their text and JSON forms. */
#include "EmuModule.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>


void wmma_emu_get_stats(const wmma_emu_module *m, wmma_emu_stats *out) {
  if (m && out)
    *out = m->stats;
}

void wmma_emu_reset_stats(wmma_emu_module *m) {
  if (m)
    memset(&m->stats, 0, sizeof m->stats);
}

typedef struct {
  char *buf;
  size_t cap, len;
} Out;

static void outf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void outf(Out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = o->len < o->cap ? o->cap - o->len : 0;
  int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0)
    o->len += (size_t)n;
}

/* The plain counters in output order (the wmma ones are listed apart);
 * JSON groups the cross-lane counters in one object. */
typedef struct {
  const char *json, *text;
  size_t off;
} Counter;
#define COUNTER(field, text) {#field, text, offsetof(wmma_emu_stats, field)}
static const Counter kInstrCounters[] = {
    COUNTER(lane_instructions, "lane-instructions"),
    COUNTER(wave_instructions, "wave-instructions")};
static const Counter kCrossLaneCounters[] = {
    COUNTER(ds_bpermute, "ds_bpermute"), COUNTER(permlanex16, "permlanex16"),
    COUNTER(dpp, "dpp"), COUNTER(ds_swizzle, "ds_swizzle")};
static const Counter kMemoryCounters[] = {
    COUNTER(global_bytes_loaded, "global-bytes-loaded"),
    COUNTER(global_bytes_stored, "global-bytes-stored"),
    COUNTER(lds_bytes_read, "lds-bytes-read"),
    COUNTER(lds_bytes_written, "lds-bytes-written"),
    COUNTER(lds_bank_conflicts, "lds-bank-conflicts"),
    COUNTER(global_lines, "global-lines"),
    COUNTER(valu_instructions, "valu-instructions"),
    COUNTER(lds_instructions, "lds-instructions"),
    COUNTER(global_instructions, "global-instructions"),
    COUNTER(barriers, "barriers"),
    COUNTER(workgroups, "workgroups"),
    COUNTER(waves, "waves"),
    COUNTER(global_distinct_bytes_loaded, "global-distinct-bytes-loaded"),
    COUNTER(global_distinct_bytes_stored, "global-distinct-bytes-stored"),
    COUNTER(dram_est_bytes_read, "dram-est-bytes-read"),
    COUNTER(dram_est_bytes_written, "dram-est-bytes-written"),
    COUNTER(dram_est_unmodelled_launches, "dram-est-unmodelled-launches")};
#undef COUNTER
#define NCOUNTERS(a) (sizeof a / sizeof a[0])

static unsigned long long counter_value(const wmma_emu_stats *s,
                                        const Counter *c) {
  return *(const uint64_t *)((const char *)s + c->off);
}

static void stats_json(Out *o, const wmma_emu_stats *s) {
  outf(o, "{\n");
  for (size_t i = 0; i < NCOUNTERS(kInstrCounters); i++)
    outf(o, "  \"%s\": %llu,\n", kInstrCounters[i].json,
         counter_value(s, &kInstrCounters[i]));
  outf(o, "  \"wmma\": {");
  int first = 1;
  for (int i = 0; i < WMMA_INSTR_COUNT; i++) {
    if (!s->wmma[i])
      continue;
    outf(o, "%s\"%s\": %llu", first ? "" : ", ",
         wmma_instr_get((wmma_instr)i)->isa_name, (unsigned long long)s->wmma[i]);
    first = 0;
  }
  outf(o, "},\n  \"swmmac\": {");
  first = 1;
  for (int i = 0; i < WMMA_SPARSE_COUNT; i++) {
    if (!s->swmmac[i])
      continue;
    outf(o, "%s\"%s\": %llu", first ? "" : ", ",
         wmma_sparse_get((wmma_sparse_instr)i)->isa_name,
         (unsigned long long)s->swmmac[i]);
    first = 0;
  }
  outf(o, "},\n  \"wmma_total\": %llu,\n", (unsigned long long)s->wmma_total);
  outf(o, "  \"cross_lane\": {");
  for (size_t i = 0; i < NCOUNTERS(kCrossLaneCounters); i++)
    outf(o, "%s\"%s\": %llu", i ? ", " : "", kCrossLaneCounters[i].json,
         counter_value(s, &kCrossLaneCounters[i]));
  outf(o, "},\n");
  for (size_t i = 0; i < NCOUNTERS(kMemoryCounters); i++)
    outf(o, "  \"%s\": %llu%s\n", kMemoryCounters[i].json,
         counter_value(s, &kMemoryCounters[i]),
         i + 1 < NCOUNTERS(kMemoryCounters) ? "," : "");
  outf(o, "}\n");
}

static void text_counters(Out *o, const wmma_emu_stats *s, const Counter *c,
                          size_t n) {
  for (size_t i = 0; i < n; i++)
    outf(o, "%s: %llu\n", c[i].text, counter_value(s, &c[i]));
}

static void stats_text(Out *o, const wmma_emu_stats *s) {
  text_counters(o, s, kInstrCounters, NCOUNTERS(kInstrCounters));
  outf(o, "wmma: %llu\n", (unsigned long long)s->wmma_total);
  for (int i = 0; i < WMMA_INSTR_COUNT; i++)
    if (s->wmma[i])
      outf(o, "  %s: %llu\n", wmma_instr_get((wmma_instr)i)->isa_name,
           (unsigned long long)s->wmma[i]);
  for (int i = 0; i < WMMA_SPARSE_COUNT; i++)
    if (s->swmmac[i])
      outf(o, "  %s: %llu\n", wmma_sparse_get((wmma_sparse_instr)i)->isa_name,
           (unsigned long long)s->swmmac[i]);
  text_counters(o, s, kCrossLaneCounters, NCOUNTERS(kCrossLaneCounters));
  text_counters(o, s, kMemoryCounters, NCOUNTERS(kMemoryCounters));
}

size_t emu_stats_format(const wmma_emu_stats *s, int json, char *buf, size_t cap) {
  Out o = {buf, cap, 0};
  if (cap)
    buf[0] = 0;
  if (!s)
    return 0;
  (json ? stats_json : stats_text)(&o, s);
  return o.len;
}

size_t wmma_emu_stats_json(const wmma_emu_module *m, char *buf, size_t cap) {
  return emu_stats_format(m ? &m->stats : NULL, 1, buf, cap);
}

size_t wmma_emu_stats_text(const wmma_emu_module *m, char *buf, size_t cap) {
  return emu_stats_format(m ? &m->stats : NULL, 0, buf, cap);
}

size_t wmma_emu_stats_to_json(const wmma_emu_stats *s, char *buf, size_t cap) {
  return emu_stats_format(s, 1, buf, cap);
}
