/* LDS bank model (issue 11; AMD RDNA3/RDNA4 ISA guides, "Local Data
 * Share": 32 banks, each one dword wide; GPUOpen's RDNA performance guide:
 * the LDS serves 128 bytes per clock):
 *  - bank of a byte address = address bits 6:2;
 *  - an instruction's lanes are served in phases of at most 128 bytes: 32
 *    lanes for accesses up to b32, 16 for b64, 8 for b96/b128 (consecutive
 *    lane groups 0-7, 8-15, ...);
 *  - within a phase, lanes touching different dwords of one bank serialise,
 *    lanes touching the same dword are served together (broadcast);
 *  - a phase takes as many cycles as its busiest bank has distinct dwords;
 *    the conflicts of the instruction are the cycles beyond one per phase.
 * Reads and writes are counted alike. */
#include "wmma/Layout/LdsBanks.h"

#define LANES 32

/* Whether the phase's lanes touch at most one dword per bank (the common,
 * conflict-free case, found in one pass). */
static int phase_conflict_free(const uint32_t *off, uint32_t pmask,
                               uint32_t bytes) {
  uint32_t seen = 0, bank_dw[WMMA_LDS_BANKS];
  for (uint32_t m = pmask; m; m &= m - 1) {
    uint32_t l = (uint32_t)__builtin_ctz(m);
    uint32_t first = off[l] >> 2;
    uint32_t last = (off[l] + (bytes ? bytes : 1) - 1) >> 2;
    for (uint32_t d = first; d <= last && d <= first + 4; d++) {
      uint32_t b = d & (WMMA_LDS_BANKS - 1);
      if (!((seen >> b) & 1)) {
        seen |= 1u << b;
        bank_dw[b] = d;
      } else if (bank_dw[b] != d) {
        return 0;
      }
    }
  }
  return 1;
}

uint32_t wmma_lds_bank_conflicts(const uint32_t *off, uint32_t exec,
                                 uint32_t bytes) {
  uint32_t dwords = bytes <= 4 ? 1 : bytes <= 8 ? 2 : 4;
  uint32_t per_phase = LANES / dwords, extra = 0;
  for (uint32_t p0 = 0; p0 < LANES; p0 += per_phase) {
    uint32_t pmask =
        (per_phase == LANES ? 0xffffffffu : ((1u << per_phase) - 1) << p0) &
        exec;
    if (!pmask || phase_conflict_free(off, pmask, bytes))
      continue;
    /* Distinct dwords per bank: a phase touches at most 64 dwords (32
     * unaligned b32 lanes of 2 dwords, 16 b64 lanes of 3, 8 b128 lanes of
     * 5).  Sub-dword and b32 accesses are one-dword lanes. */
    uint32_t bank_dw[WMMA_LDS_BANKS][64], per_bank[WMMA_LDS_BANKS] = {0};
    uint32_t worst = 1;
    for (uint32_t m = pmask; m; m &= m - 1) {
      uint32_t l = (uint32_t)__builtin_ctz(m);
      uint32_t first = off[l] >> 2;
    uint32_t last = (off[l] + (bytes ? bytes : 1) - 1) >> 2;
      if (last - first > 4)
        last = first + 4;
      for (uint32_t d = first; d <= last; d++) {
        uint32_t b = d & (WMMA_LDS_BANKS - 1), k = 0;
        while (k < per_bank[b] && bank_dw[b][k] != d)
          k++;
        if (k == per_bank[b] && k < 64) {
          bank_dw[b][per_bank[b]++] = d;
          if (per_bank[b] > worst)
            worst = per_bank[b];
        }
      }
    }
    extra += worst - 1;
  }
  return extra;
}
