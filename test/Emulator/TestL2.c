/* The DRAM estimate's pieces (lib/Emulator/Memory.c distinct_*,
 * lib/Emulator/L2Model.c) on hand-made access patterns with known answers,
 * and distinct bytes and lines against a byte-map reference on random
 * patterns. */
#include "TestUtil.h"

#include "Memory.h"

#include <stdlib.h>
#include <string.h>

/* Distinct bytes and lines of the active lanes by marking a byte map of the
 * window [base, base + 8192) every address falls in. */
static void reference(const uint64_t *addr, uint32_t exec, uint32_t bytes,
                      uint64_t base, uint64_t *nbytes, uint32_t *nlines) {
  static uint8_t map[8192];
  memset(map, 0, sizeof map);
  for (int l = 0; l < 32; l++)
    if ((exec >> l) & 1)
      memset(map + (addr[l] - base), 1, bytes);
  *nbytes = 0;
  *nlines = 0;
  for (int i = 0; i < 8192; i++) {
    *nbytes += map[i];
    if (i % 128 == 0) {
      int any = 0;
      for (int j = 0; j < 128; j++)
        any |= map[i + j];
      *nlines += (uint32_t)any;
    }
  }
}

/* Adds lines to a trace as separate instructions, bypassing the trace's
 * filter of recent lines (the replay tests want every access). */
static void push(L2Trace *t, uint64_t line, unsigned kind) {
  memset(t->recent, 0xff, sizeof t->recent);
  l2_trace_line(t, line, kind);
  l2_trace_end(t);
}

static L2Trace *trace_of(const uint64_t *lines, int n, unsigned kind) {
  L2Trace *t = calloc(1, sizeof *t);
  l2_trace_reset(t);
  for (int i = 0; i < n; i++)
    push(t, lines[i], kind);
  return t;
}

/* DRAM lines read and written when workgroups (traces of n[i] lines each)
 * run on an L2 of `l2_lines` lines in one set (fully associative LRU),
 * `slots` resident at a time; traces are submitted in the order `order`. */
static void replay(const uint64_t *const *wg, const int *n, int nwg,
                   const int *order, uint32_t l2_lines, uint32_t ways,
                   uint32_t slots, unsigned kind, uint64_t *rd, uint64_t *wr) {
  L2Replay r;
  CHECK(l2_replay_init(&r, (uint64_t)l2_lines * 128, slots, (uint64_t)nwg) == 0,
        "l2_replay_init");
  /* One set of `ways` ways when l2_lines == ways. */
  l2_cache_free(&r.cache);
  CHECK(l2_cache_init(&r.cache, (uint64_t)l2_lines * 128, ways) == 0, "init");
  for (int i = 0; i < nwg; i++) {
    int g = order ? order[i] : i;
    l2_replay_submit(&r, (uint64_t)g, trace_of(wg[g], n[g], kind));
  }
  CHECK(l2_replay_finish(&r, rd, wr) == 0, "l2_replay_finish");
  *rd >>= 7;
  *wr >>= 7;
  l2_replay_free(&r);
}

static void known_answers(void) {
  uint64_t addr[32], lo[4];
  uint32_t len[4];
  L2Trace t;
  memset(&t, 0, sizeof t);
  l2_trace_reset(&t);
  /* 32 lanes b32 contiguous: 128 bytes, one line. */
  for (int l = 0; l < 32; l++)
    addr[l] = 4096 + 4 * (uint64_t)l;
  CHECK(distinct_lane_bytes(addr, 0xffffffffu, 4, &t, L2_READ) == 128, "b32 row");
  CHECK(t.n == 1 && t.e[0] == (32ull << 3 | 4 | L2_READ), "b32 row: one line, ended");
  /* RDNA3 replicated halves: lanes 16-31 repeat lanes 0-15: half the
   * bytes the lanes load. */
  for (int l = 0; l < 32; l++)
    addr[l] = 8192 + 16 * (uint64_t)(l % 16);
  CHECK(distinct_lane_bytes(addr, 0xffffffffu, 16, NULL, 0) == 256,
        "replicated halves: 256 of 512 bytes");
  /* Every lane at one address. */
  for (int l = 0; l < 32; l++)
    addr[l] = 100;
  CHECK(distinct_lane_bytes(addr, 0xffffffffu, 8, NULL, 0) == 8, "one address");
  /* Lanes in reverse order, overlapping by half: 31 x 2 + 4 bytes. */
  for (int l = 0; l < 32; l++)
    addr[l] = 1000 + 2 * (uint64_t)(31 - l);
  CHECK(distinct_lane_bytes(addr, 0xffffffffu, 4, NULL, 0) == 66, "overlap");
  /* Pieces of different sizes, overlapping: [0,4) [2,6) [6,7) [100,104). */
  lo[0] = 100, len[0] = 4, lo[1] = 2, len[1] = 4, lo[2] = 0, len[2] = 4;
  lo[3] = 6, len[3] = 1;
  CHECK(distinct_pieces(lo, len, 4, NULL, 0) == 11, "pieces");
  /* The trace leaves out a line the workgroup touched just before. */
  l2_trace_reset(&t);
  for (int i = 0; i < 3; i++) {
    l2_trace_line(&t, 7, L2_READ);
    l2_trace_end(&t);
  }
  l2_trace_line(&t, 7, L2_WRITE);
  l2_trace_end(&t);
  CHECK(t.n == 2, "recent lines: %zu entries, expected 2 (read, write)", t.n);
  l2_trace_free(&t);

  /* The cache: the same line twice is read once. */
  L2Cache c;
  CHECK(l2_cache_init(&c, 4 * 128, 4) == 0, "cache");
  l2_cache_access(&c, 5, L2_READ);
  l2_cache_access(&c, 5, L2_READ);
  CHECK(c.read_lines == 1 && c.hits == 1, "same line twice: %llu reads",
        (unsigned long long)c.read_lines);
  /* Writes: a line written three times is written back once, not read. */
  for (int i = 0; i < 3; i++)
    l2_cache_access(&c, 9, L2_WRITE);
  l2_cache_flush(&c);
  CHECK(c.read_lines == 1 && c.written_lines == 1, "writes: %llu read, %llu written",
        (unsigned long long)c.read_lines, (unsigned long long)c.written_lines);
  /* An atomic reads its line and writes it back. */
  l2_cache_access(&c, 11, L2_READ | L2_WRITE);
  l2_cache_flush(&c);
  CHECK(c.read_lines == 2 && c.written_lines == 2, "atomic");
  l2_cache_free(&c);

  /* A working set larger than the L2: 8 lines read twice on 4 lines of LRU
   * re-read all 8 (16 reads); 4 lines twice fit (4 reads). */
  uint64_t lines16[16];
  for (int i = 0; i < 16; i++)
    lines16[i] = (uint64_t)(i % 8);
  const uint64_t *wg[2] = {lines16, NULL};
  int n[2] = {16, 0};
  uint64_t rd, wr;
  replay(wg, n, 1, NULL, 4, 4, 1, L2_READ, &rd, &wr);
  CHECK(rd == 16 && wr == 0, "8 lines twice on 4: %llu reads", (unsigned long long)rd);
  uint64_t lines8[8] = {0, 1, 2, 3, 0, 1, 2, 3};
  wg[0] = lines8;
  n[0] = 8;
  replay(wg, n, 1, NULL, 4, 4, 1, L2_READ, &rd, &wr);
  CHECK(rd == 4, "4 lines twice on 4: %llu reads", (unsigned long long)rd);
  /* Stores evicted and written back count once per line written. */
  replay(wg, n, 1, NULL, 2, 2, 1, L2_WRITE, &rd, &wr);
  CHECK(rd == 0 && wr == 8, "4 lines written twice on 2: %llu writes",
        (unsigned long long)wr);

  /* Two workgroups A B A B and C D C D on 2 lines of LRU: one at a time
   * they hit their second pass (4 reads); resident together, interleaved
   * A C B D A C B D, every access misses (8). */
  uint64_t w0[4] = {10, 11, 10, 11}, w1[4] = {20, 21, 20, 21};
  const uint64_t *two[2] = {w0, w1};
  int n2[2] = {4, 4};
  replay(two, n2, 2, NULL, 2, 2, 1, L2_READ, &rd, &wr);
  CHECK(rd == 4, "sequential: %llu reads", (unsigned long long)rd);
  replay(two, n2, 2, NULL, 2, 2, 2, L2_READ, &rd, &wr);
  CHECK(rd == 8, "interleaved: %llu reads", (unsigned long long)rd);
  /* The same with the traces arriving out of order: the same answer. */
  int order[2] = {1, 0};
  replay(two, n2, 2, order, 2, 2, 2, L2_READ, &rd, &wr);
  CHECK(rd == 8, "out of order: %llu reads", (unsigned long long)rd);
  /* A filter every workgroup reads stays in the L2: 8 workgroups reading
   * the same 3 lines plus one line of their own read 3 + 8 lines. */
  uint64_t own[8][4];
  const uint64_t *eight[8];
  int n8[8];
  for (int g = 0; g < 8; g++) {
    own[g][0] = 1, own[g][1] = 2, own[g][2] = 3, own[g][3] = 100 + (uint64_t)g;
    eight[g] = own[g];
    n8[g] = 4;
  }
  int rev[8] = {7, 6, 5, 4, 3, 2, 1, 0};
  replay(eight, n8, 8, rev, 16, 16, 3, L2_READ, &rd, &wr);
  CHECK(rd == 11, "shared filter: %llu reads", (unsigned long long)rd);
}

int test_l2(int argc, char **argv) {
  (void)argc, (void)argv;
  known_answers();
  test_seed(91);
  int reported = 0;
  for (int i = 0; i < 100000; i++) {
    uint64_t addr[32], base = 1ull << 32;
    uint32_t exec = test_rand() % 4 ? 0xffffffffu : test_rand() | 1u;
    uint32_t bytes = 1u << (test_rand() % 5); /* 1..16 */
    uint32_t shape = test_rand() % 4, stride = test_rand() % 64;
    for (int l = 0; l < 32; l++) {
      uint64_t o = shape == 0   ? (uint64_t)l * stride
                   : shape == 1 ? (uint64_t)(l % 16) * bytes /* halves */
                   : shape == 2 ? (uint64_t)(31 - l) * stride
                                : test_rand() % 4096;
      addr[l] = base + 512 + o;
    }
    uint64_t want_bytes;
    uint32_t want_lines;
    reference(addr, exec, bytes, base, &want_bytes, &want_lines);
    L2Trace t;
    memset(&t, 0, sizeof t);
    l2_trace_reset(&t);
    uint64_t got = distinct_lane_bytes(addr, exec, bytes, &t, L2_READ);
    /* Distinct lines, each once, the last one ending the instruction. */
    int lines_ok = t.n == want_lines && (t.e[t.n - 1] & 4);
    for (size_t k = 0; k + 1 < t.n && lines_ok; k++)
      lines_ok = (t.e[k] >> 3) < (t.e[k + 1] >> 3) && !(t.e[k] & 4);
    CHECK((got == want_bytes && lines_ok) || reported++ > 5,
          "distinct: %llu bytes, %zu lines; reference %llu bytes, %u lines "
          "(shape %u, bytes %u, exec %08x)",
          (unsigned long long)got, t.n, (unsigned long long)want_bytes,
          want_lines, shape, bytes, exec);
    l2_trace_free(&t);
  }
  return 0;
}
