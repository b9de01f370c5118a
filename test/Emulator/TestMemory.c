/* The traffic model of lib/Emulator/Memory.c against direct, slow
 * implementations of its written model: global_lines (distinct 128-byte
 * lines of one instruction) and wmma_lds_bank_conflicts with and without the
 * per-worker memo, on random access patterns of the shapes kernels use
 * (upward strides, repeated lane halves, partial EXEC, downward and
 * scattered lanes, unaligned accesses). */
#include "TestUtil.h"

#include "Memory.h"

#include <stdlib.h>
#include <string.h>

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Every line of every active lane, sorted, counted once (at most the last
 * 3 lines of an access, as Memory.c counts accesses over 128 bytes). */
static uint32_t lines_reference(const uint64_t *addr, uint32_t exec, uint32_t bytes) {
  uint64_t all[32 * 3];
  uint32_t n = 0;
  for (int l = 0; l < 32; l++) {
    if (!((exec >> l) & 1))
      continue;
    uint64_t lo = addr[l] / 128, hi = (addr[l] + (bytes ? bytes : 1) - 1) / 128;
    if (hi - lo > 2)
      lo = hi - 2;
    for (uint64_t x = lo; x <= hi; x++)
      all[n++] = x;
  }
  qsort(all, n, sizeof *all, cmp_u64);
  uint32_t d = 0;
  for (uint32_t i = 0; i < n; i++)
    d += !i || all[i] != all[i - 1];
  return d;
}

/* Phases of 128 bytes (32 lanes up to b32, 16 for b64, 8 for b96/b128);
 * per phase, cycles = the most distinct dwords any bank (dword % 32)
 * serves; conflicts = cycles beyond one per non-empty phase. */
static uint32_t banks_reference(const uint32_t *off, uint32_t exec, uint32_t bytes) {
  uint32_t dwords = bytes <= 4 ? 1 : bytes <= 8 ? 2 : 4, per = 32 / dwords, extra = 0;
  for (uint32_t p0 = 0; p0 < 32; p0 += per) {
    uint32_t dw[32 * 5], n = 0;
    for (uint32_t l = p0; l < p0 + per; l++) {
      if (!((exec >> l) & 1))
        continue;
      uint32_t first = off[l] / 4, last = (off[l] + (bytes ? bytes : 1) - 1) / 4;
      for (uint32_t d = first; d <= last && d <= first + 4; d++) {
        int seen = 0;
        for (uint32_t i = 0; i < n; i++)
          seen |= dw[i] == d;
        if (!seen)
          dw[n++] = d;
      }
    }
    if (!n)
      continue;
    uint32_t worst = 0;
    for (uint32_t b = 0; b < 32; b++) {
      uint32_t c = 0;
      for (uint32_t i = 0; i < n; i++)
        c += dw[i] % 32 == b;
      if (c > worst)
        worst = c;
    }
    extra += worst - 1;
  }
  return extra;
}

/* One random pattern of a shape kernels produce. */
static void random_pattern(uint64_t *addr, uint32_t *exec, uint32_t *bytes) {
  static const uint32_t kSizes[] = {1, 2, 4, 6, 8, 12, 16, 32, 64, 128, 200};
  *bytes = kSizes[test_rand() % (sizeof kSizes / sizeof kSizes[0])];
  uint64_t base = (uint64_t)(test_rand() % 4096) * (test_rand() % 2 ? 1 : 64);
  uint64_t stride = test_rand() % 3 ? *bytes * (test_rand() % 4) : test_rand() % 1100;
  uint32_t shape = test_rand() % 6;
  for (uint32_t l = 0; l < 32; l++) {
    switch (shape) {
    case 0: addr[l] = base + l * stride; break;              /* upward */
    case 1: addr[l] = base + (l % 16) * stride; break;       /* repeated halves */
    case 2: addr[l] = base + (31 - l) * stride; break;       /* downward */
    case 3: addr[l] = base + (test_rand() % 2048); break;    /* scattered */
    case 4: addr[l] = base + ((l + 8) % 16) * stride + (l / 16) * 4096; break;
    default: addr[l] = base + l * stride + (l == 17 ? 3 * stride : 0); break;
    }
  }
  uint32_t e = test_rand() % 4;
  *exec = e == 0 ? 0xffffffffu
        : e == 1 ? (uint32_t)((1ull << (1 + test_rand() % 32)) - 1) /* lanes 0..k-1 */
        : e == 2 ? 0xffffu
                 : test_rand() | 1u;
}

int test_memory(int argc, char **argv) {
  (void)argc, (void)argv;
  test_seed(77);
  int reported = 0;
  for (int i = 0; i < 200000; i++) {
    uint64_t addr[32];
    uint32_t exec, bytes;
    random_pattern(addr, &exec, &bytes);
    uint32_t got = global_lines(addr, exec, bytes), want = lines_reference(addr, exec, bytes);
    CHECK(got == want || reported++ > 5,
          "global_lines: %u, reference %u (bytes %u, exec %08x, lanes 0/1/31 at %llu/%llu/%llu)",
          got, want, bytes, exec, (unsigned long long)addr[0],
          (unsigned long long)addr[1], (unsigned long long)addr[31]);
  }
  BankMemo *memo = calloc(1, sizeof *memo);
  for (int i = 0; i < 200000; i++) {
    uint64_t addr[32];
    uint32_t off[32], exec, bytes;
    random_pattern(addr, &exec, &bytes);
    if (bytes > 16)
      bytes = 16; /* LDS accesses are at most b128 */
    for (int l = 0; l < 32; l++)
      off[l] = (uint32_t)(addr[l] % 65536);
    uint32_t want = banks_reference(off, exec, bytes);
    uint32_t got = wmma_lds_bank_conflicts(off, exec, bytes);
    /* The same pattern again, 128 bytes higher: the memo's answer. */
    uint32_t memo1 = lds_bank_conflicts_memo(memo, off, exec, bytes);
    for (int l = 0; l < 32; l++)
      off[l] += 128;
    uint32_t memo2 = lds_bank_conflicts_memo(memo, off, exec, bytes);
    CHECK((got == want && memo1 == want && memo2 == want) || reported++ > 5,
          "wmma_lds_bank_conflicts: %u, memo %u then %u, reference %u (bytes %u, exec %08x)",
          got, memo1, memo2, want, bytes, exec);
  }
  free(memo);
  /* Known answers of the model: 32 lanes b32 with a stride of 128 bytes
   * hit one bank 32 times (31 extra cycles); b128 contiguous is 4 phases
   * without conflicts; every lane at one dword is a broadcast. */
  uint32_t off[32];
  for (int l = 0; l < 32; l++)
    off[l] = (uint32_t)l * 128;
  CHECK(wmma_lds_bank_conflicts(off, 0xffffffffu, 4) == 31, "stride-128 b32");
  for (int l = 0; l < 32; l++)
    off[l] = (uint32_t)l * 16;
  CHECK(wmma_lds_bank_conflicts(off, 0xffffffffu, 16) == 0, "contiguous b128");
  for (int l = 0; l < 32; l++)
    off[l] = 64;
  CHECK(wmma_lds_bank_conflicts(off, 0xffffffffu, 4) == 0, "broadcast");
  uint64_t addr[32];
  for (int l = 0; l < 32; l++)
    addr[l] = 1000 + (uint64_t)l * 4;
  CHECK(global_lines(addr, 0xffffffffu, 4) == 2, "128 bytes from 1000 touch 2 lines");
  return 0;
}
