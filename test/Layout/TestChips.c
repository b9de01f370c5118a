/* Chip table and name helpers. */
#include "TestUtil.h"

int test_chips(void) {
  static const char *const rdna3[] = {"gfx1100", "gfx1101", "gfx1102",
                                      "gfx1103", "gfx1150", "gfx1151",
                                      "gfx1152", "gfx1153"};
  static const char *const rdna4[] = {"gfx1200", "gfx1201"};
  for (int i = 0; i < 8; ++i) {
    CHECK(wmma_chip_arch(rdna3[i]) == WMMA_ARCH_RDNA3, "%s", rdna3[i]);
    CHECK_CONTAINS(wmma_supported_chips(), rdna3[i]);
  }
  for (int i = 0; i < 2; ++i) {
    CHECK(wmma_chip_arch(rdna4[i]) == WMMA_ARCH_RDNA4, "%s", rdna4[i]);
    CHECK_CONTAINS(wmma_supported_chips(), rdna4[i]);
  }
  /* Prefix look-alikes and other families must not be guessed. */
  static const char *const bad[] = {
      "gfx11",    "gfx12",   "gfx1104",  "gfx1110", "gfx1154", "gfx1202",
      "gfx1250",  "gfx942",  "gfx90a",   "gfx1030", "",        "GFX1100",
      "gfx1100 ", "gfx11000", "gfx1100:sramecc+", "rdna3"};
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); ++i)
    CHECK(wmma_chip_arch(bad[i]) == WMMA_ARCH_INVALID, "'%s'", bad[i]);
  CHECK(wmma_chip_arch(NULL) == WMMA_ARCH_INVALID, "NULL chip");

  CHECK(wmma_chip_count() == 10, "count %d", wmma_chip_count());
  for (int i = 0; i < wmma_chip_count(); ++i) {
    const char *name = wmma_chip_name(i);
    CHECK(name != NULL, "chip %d", i);
    if (name) {
      CHECK(wmma_chip_arch(name) != WMMA_ARCH_INVALID, "%s", name);
      CHECK_CONTAINS(wmma_supported_chips(), name);
    }
  }
  CHECK(wmma_chip_name(-1) == NULL, "index -1");
  CHECK(wmma_chip_name(10) == NULL, "index 10");

  CHECK(strcmp(wmma_arch_name(WMMA_ARCH_RDNA3), "rdna3") == 0, "rdna3 name");
  CHECK(strcmp(wmma_arch_name(WMMA_ARCH_RDNA4), "rdna4") == 0, "rdna4 name");
  CHECK(wmma_arch_parse("rdna3") == WMMA_ARCH_RDNA3, "parse rdna3");
  CHECK(wmma_arch_parse("rdna4") == WMMA_ARCH_RDNA4, "parse rdna4");
  CHECK(wmma_arch_parse("rdna2") == WMMA_ARCH_INVALID, "parse rdna2");
  CHECK(wmma_arch_parse("none") == WMMA_ARCH_INVALID, "parse none");
  CHECK(wmma_arch_parse("gfx1100") == WMMA_ARCH_INVALID, "parse chip");
  CHECK(wmma_arch_parse(NULL) == WMMA_ARCH_INVALID, "parse NULL");

  static const char *const mats[] = {"A", "B", "C", "D"};
  for (int m = 0; m < 4; ++m)
    CHECK(strcmp(wmma_matrix_name((wmma_matrix)m), mats[m]) == 0, "matrix %d",
          m);
  static const char *const layouts[] = {"hw", "kcontig", "compact"};
  for (int k = 0; k < 3; ++k)
    CHECK(strcmp(wmma_layout_name((wmma_layout_kind)k), layouts[k]) == 0,
          "layout %d", k);
  CHECK(strcmp(wmma_xlane_strategy_name(WMMA_XLANE_PERMLANEX16),
               "permlanex16") == 0,
        "strategy name");
  CHECK(strcmp(wmma_xlane_strategy_name(WMMA_XLANE_BPERMUTE), "bpermute") ==
            0,
        "strategy name");
  return 0;
}
