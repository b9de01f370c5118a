/* Chip -> architecture table and small name helpers.  The table is explicit
 * on purpose: a future gfx11-numbered part may use the gfx12 encoding, so we
 * never dispatch on a name prefix (docs/hardware.md, "Chips"). */
#include "wmma/Layout/Layout.h"

#include <string.h>

/* Resources per chip, for the front end's cost rule only (correctness never
 * depends on them): compute units of the largest part with that chip, VGPRs
 * per SIMD (wave32 occupancy), LDS per workgroup. */
static const wmma_chip_info chip_table[] = {
    {"gfx1100", WMMA_ARCH_RDNA3, 96, 1536, 65536},
    {"gfx1101", WMMA_ARCH_RDNA3, 60, 1536, 65536},
    {"gfx1102", WMMA_ARCH_RDNA3, 32, 1024, 65536},
    {"gfx1103", WMMA_ARCH_RDNA3, 12, 1024, 65536},
    {"gfx1150", WMMA_ARCH_RDNA3, 16, 1024, 65536},
    {"gfx1151", WMMA_ARCH_RDNA3, 40, 1536, 65536},
    {"gfx1152", WMMA_ARCH_RDNA3, 8, 1024, 65536},
    {"gfx1153", WMMA_ARCH_RDNA3, 8, 1024, 65536},
    {"gfx1200", WMMA_ARCH_RDNA4, 32, 1536, 65536},
    {"gfx1201", WMMA_ARCH_RDNA4, 64, 1536, 65536},
};

#define CHIP_COUNT ((int)(sizeof(chip_table) / sizeof(chip_table[0])))

const wmma_chip_info *wmma_chip_get(const char *chip) {
  if (!chip)
    return NULL;
  for (int i = 0; i < CHIP_COUNT; ++i)
    if (strcmp(chip_table[i].name, chip) == 0)
      return &chip_table[i];
  return NULL;
}

wmma_arch wmma_chip_arch(const char *chip) {
  const wmma_chip_info *c = wmma_chip_get(chip);
  return c ? c->arch : WMMA_ARCH_INVALID;
}

const char *wmma_supported_chips(void) {
  /* Kept in sync with chip_table (the chips unit test checks it). */
  return "gfx1100, gfx1101, gfx1102, gfx1103, gfx1150, gfx1151, gfx1152, "
         "gfx1153, gfx1200, gfx1201";
}

const char *wmma_arch_name(wmma_arch arch) {
  switch (arch) {
  case WMMA_ARCH_RDNA3:
    return "rdna3";
  case WMMA_ARCH_RDNA4:
    return "rdna4";
  default:
    return "invalid";
  }
}

wmma_arch wmma_arch_parse(const char *name) {
  if (!name)
    return WMMA_ARCH_INVALID;
  if (strcmp(name, "rdna3") == 0)
    return WMMA_ARCH_RDNA3;
  if (strcmp(name, "rdna4") == 0)
    return WMMA_ARCH_RDNA4;
  return WMMA_ARCH_INVALID;
}

int wmma_chip_count(void) { return CHIP_COUNT; }

const char *wmma_chip_name(int i) {
  if (i < 0 || i >= CHIP_COUNT)
    return NULL;
  return chip_table[i].name;
}

const char *wmma_matrix_name(wmma_matrix mat) {
  static const char *const names[] = {"A", "B", "C", "D"};
  if ((unsigned)mat >= WMMA_MATRIX_COUNT)
    return "?";
  return names[mat];
}

const char *wmma_layout_name(wmma_layout_kind k) {
  static const char *const names[] = {"hw", "kcontig", "compact"};
  if ((unsigned)k >= WMMA_LAYOUT_COUNT)
    return "?";
  return names[k];
}

const char *wmma_xlane_strategy_name(wmma_xlane_strategy s) {
  switch (s) {
  case WMMA_XLANE_PERMLANEX16:
    return "permlanex16";
  case WMMA_XLANE_BPERMUTE:
    return "bpermute";
  }
  return "?";
}
