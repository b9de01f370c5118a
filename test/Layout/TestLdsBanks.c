/* The shared LDS bank model (wmma/Layout/LdsBanks.h), which the emulator's
 * counters and the chain_lds planner both call: known answers worked out
 * by hand from the hardware rules (docs/hardware.md, the arch traits'
 * lds_banks x lds_bank_bytes; the RDNA3/RDNA4 ISA guides' LDS chapter): 32
 * banks of 4 bytes, bank = address bits 6:2; lanes served in 128-byte
 * phases (32 lanes up to b32, 16 of b64, 8 of b128); within a phase the
 * busiest bank's distinct dwords are its cycles, one of them free. */
#include "TestUtil.h"

#include "wmma/Layout/LdsBanks.h"

#define ALL 0xffffffffu

/* Lane l at base + l * stride. */
static uint32_t strided(uint32_t base, uint32_t stride, uint32_t exec,
                        uint32_t bytes) {
  uint32_t off[32];
  for (uint32_t l = 0; l < 32; ++l)
    off[l] = base + l * stride;
  return wmma_lds_bank_conflicts(off, exec, bytes);
}

int test_lds_banks(void) {
  /* The model's geometry is the arch traits' on both architectures. */
  wmma_arch archs[2] = {WMMA_ARCH_RDNA3, WMMA_ARCH_RDNA4};
  for (int i = 0; i < 2; ++i) {
    const wmma_arch_traits *t = wmma_arch_traits_get(archs[i]);
    CHECK(t && t->lds_banks == WMMA_LDS_BANKS &&
              t->lds_bank_bytes == WMMA_LDS_BANK_BYTES,
          "arch %d: 32 banks of 4 bytes", i);
  }
  /* b32, one 32-lane phase. */
  CHECK(strided(0, 4, ALL, 4) == 0, "consecutive dwords: 32 banks once");
  CHECK(strided(0, 128, ALL, 4) == 31, "stride 128: one bank, 32 dwords");
  CHECK(strided(0, 8, ALL, 4) == 1,
        "stride 8: even banks, lanes l and l + 16 on one (2 dwords)");
  CHECK(strided(0, 64, ALL, 4) == 15, "stride 64: banks 0 and 16, 16 each");
  CHECK(strided(0, 132, ALL, 4) == 0, "stride 33 dwords: 32 banks once");
  CHECK(strided(64, 0, ALL, 4) == 0, "one dword: a broadcast");
  CHECK(strided(0, 128, 0xfu, 4) == 3, "stride 128, 4 lanes active");
  CHECK(strided(0, 128, 0, 4) == 0, "no lane active");
  /* b16 and b8: lanes sharing a dword are one access. */
  CHECK(strided(0, 2, ALL, 2) == 0, "b16 consecutive: 16 dwords, pairs");
  CHECK(strided(0, 1, ALL, 1) == 0, "b8 consecutive: 8 dwords");
  {
    /* An accumulator's b16 store, 16 columns of two rows (lane halves) 8
     * rows of 128 bytes apart: dwords 0-7 and 256-263, banks 0-7 twice. */
    uint32_t off[32];
    for (uint32_t l = 0; l < 32; ++l)
      off[l] = (l / 16) * 1024 + (l % 16) * 2;
    CHECK(wmma_lds_bank_conflicts(off, ALL, 2) == 1, "rows 8 x 128 apart");
    for (uint32_t l = 16; l < 32; ++l)
      off[l] += 64; /* the second row 64 bytes on: banks 16-23 */
    CHECK(wmma_lds_bank_conflicts(off, ALL, 2) == 0, "second row shifted");
  }
  /* b64: two phases of 16 lanes. */
  CHECK(strided(0, 8, ALL, 8) == 0, "b64 consecutive: 128 bytes a phase");
  CHECK(strided(0, 16, ALL, 8) == 2,
        "b64 stride 16: lanes l and l + 8 of a phase on banks 4l, 4l + 1");
  CHECK(strided(0, 8, 0xffffu, 8) == 0, "b64, first phase only");
  /* b128: four phases of 8 lanes. */
  CHECK(strided(0, 16, ALL, 16) == 0, "b128 consecutive: 128 bytes a phase");
  CHECK(strided(0, 128, ALL, 16) == 28,
        "b128 stride 128: banks 0-3, 8 dwords each, 7 extra a phase");
  CHECK(strided(0, 144, ALL, 16) == 0,
        "b128 stride 9 units: 8 rows in 8 different units");
  CHECK(strided(0, 32, ALL, 16) == 4,
        "b128 stride 32: 256 bytes a phase, 2 dwords a bank");
  CHECK(strided(0, 16, 0xffu, 16) == 0 && strided(0, 128, 0xffu, 16) == 7,
        "b128, first phase only");
  /* Unaligned b32 spans two dwords: lane l at 4l + 2 touches dwords l and
   * l + 1, 0..32, so bank 0 holds dwords 0 and 32. */
  CHECK(strided(2, 4, ALL, 4) == 1, "unaligned b32: dwords 0 and 32 on bank 0");
  return 0;
}
