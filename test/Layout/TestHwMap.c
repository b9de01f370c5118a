/* Hardware register maps: every element forward, every register bit back,
 * against the closed forms of hardware.md transcribed in TestCommon.c. */
#include "TestUtil.h"

/* Element index covering each (lane, vgpr, bit), -1 if none. */
static int cover[32][8][32];

static void check_operand(wmma_arch arch, wmma_instr id, wmma_matrix mat,
                          int opsel) {
  const char *name = test_instrs[id].isa_name;
  const char *mname = wmma_matrix_name(mat);
  int vgprs = expect_vgprs(arch, id, mat);
  CHECK(wmma_matrix_vgprs(arch, id, mat) == vgprs, "%s %s vgprs %d vs %d",
        name, mname, wmma_matrix_vgprs(arch, id, mat), vgprs);
  int rows, cols, er, ec;
  expect_dims(id, mat, &rows, &cols);
  wmma_matrix_dims(id, mat, &er, &ec);
  CHECK(er == rows && ec == cols, "%s %s dims", name, mname);
  int bits = test_bits(expect_elem(id, mat));
  int replicated = arch == WMMA_ARCH_RDNA3 &&
                   (mat == WMMA_MATRIX_A || mat == WMMA_MATRIX_B);

  memset(cover, 0xff, sizeof(cover));
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      test_loc want[2];
      wmma_reg_loc got[2];
      int nwant = expect_hw_locs(arch, id, mat, opsel, i, j, want);
      int ngot = wmma_hw_locate(arch, id, mat, opsel, i, j, got);
      CHECK(nwant == (replicated ? 2 : 1), "test expectation copies");
      CHECK(ngot == nwant, "%s %s (%d,%d) copies %d vs %d", name, mname, i, j,
            ngot, nwant);
      for (int c = 0; c < nwant && c < ngot; ++c) {
        CHECK(got[c].lane == want[c].lane && got[c].vgpr == want[c].vgpr &&
                  got[c].bit_lo == want[c].lo && got[c].bit_hi == want[c].hi,
              "%s %s opsel %d (%d,%d) copy %d: got l%d v%d [%d,%d], want l%d "
              "v%d [%d,%d]",
              name, mname, opsel, i, j, c, got[c].lane, got[c].vgpr,
              got[c].bit_lo, got[c].bit_hi, want[c].lane, want[c].vgpr,
              want[c].lo, want[c].hi);
      }
      if (replicated)
        CHECK(want[1].lane == want[0].lane + 16, "replica in lane + 16");
      /* Build the inverse from the expectation; overlaps are errors. */
      for (int c = 0; c < nwant; ++c) {
        CHECK(want[c].hi - want[c].lo + 1 == bits, "element width");
        CHECK(want[c].vgpr >= 0 && want[c].vgpr < vgprs, "vgpr in range");
        for (int b = want[c].lo; b <= want[c].hi; ++b) {
          int *slot = &cover[want[c].lane][want[c].vgpr][b];
          CHECK(*slot < 0, "%s %s bit l%d v%d b%d covered twice", name, mname,
                want[c].lane, want[c].vgpr, b);
          *slot = i * cols + j;
        }
      }
    }

  /* Inverse over every bit of the operand: dense except the untouched half
   * of RDNA3 16-bit accumulators. */
  int half_used = arch == WMMA_ARCH_RDNA3 && bits == 16 &&
                  (mat == WMMA_MATRIX_C || mat == WMMA_MATRIX_D);
  for (int lane = 0; lane < 32; ++lane)
    for (int vgpr = 0; vgpr < vgprs; ++vgpr)
      for (int bit = 0; bit < 32; ++bit) {
        int expected = cover[lane][vgpr][bit];
        int should_cover = !half_used || bit / 16 == opsel;
        CHECK((expected >= 0) == should_cover,
              "%s %s l%d v%d b%d density", name, mname, lane, vgpr, bit);
        int row = -1, col = -1;
        int found =
            wmma_hw_element_at(arch, id, mat, opsel, lane, vgpr, bit, &row,
                               &col);
        if (expected < 0)
          CHECK(!found, "%s %s l%d v%d b%d should be empty", name, mname,
                lane, vgpr, bit);
        else
          CHECK(found && row == expected / cols && col == expected % cols,
                "%s %s opsel %d l%d v%d b%d: got %d (%d,%d), want (%d,%d)",
                name, mname, opsel, lane, vgpr, bit, found, row, col,
                expected / cols, expected % cols);
      }
  /* Out-of-range queries. */
  int row, col;
  wmma_reg_loc out[2];
  CHECK(!wmma_hw_element_at(arch, id, mat, opsel, 0, vgprs, 0, &row, &col),
        "vgpr past the operand");
  CHECK(!wmma_hw_element_at(arch, id, mat, opsel, 32, 0, 0, &row, &col),
        "lane 32");
  CHECK(!wmma_hw_element_at(arch, id, mat, opsel, 0, 0, 32, &row, &col),
        "bit 32");
  CHECK(!wmma_hw_element_at(arch, id, mat, opsel, -1, 0, 0, &row, &col),
        "lane -1");
  CHECK(!wmma_hw_locate(arch, id, mat, opsel, rows, 0, out), "row past end");
  CHECK(!wmma_hw_locate(arch, id, mat, opsel, 0, cols, out), "col past end");
  CHECK(!wmma_hw_locate(arch, id, mat, opsel, -1, 0, out), "row -1");
}

int test_hwmap(void) {
  for (int arch = WMMA_ARCH_RDNA3; arch <= WMMA_ARCH_RDNA4; ++arch)
    for (int id = 0; id < WMMA_INSTR_COUNT; ++id) {
      if (!test_available((wmma_instr)id, (wmma_arch)arch)) {
        /* Unavailable instructions have no map at all. */
        wmma_reg_loc out[2];
        int row, col;
        for (int mat = 0; mat < WMMA_MATRIX_COUNT; ++mat) {
          CHECK(wmma_matrix_vgprs((wmma_arch)arch, (wmma_instr)id,
                                  (wmma_matrix)mat) == 0,
                "unavailable vgprs");
          CHECK(!wmma_hw_locate((wmma_arch)arch, (wmma_instr)id,
                                (wmma_matrix)mat, 0, 0, 0, out),
                "unavailable locate");
          CHECK(!wmma_hw_element_at((wmma_arch)arch, (wmma_instr)id,
                                    (wmma_matrix)mat, 0, 0, 0, 0, &row, &col),
                "unavailable element_at");
        }
        continue;
      }
      for (int mat = 0; mat < WMMA_MATRIX_COUNT; ++mat) {
        int accumulator16 =
            (mat == WMMA_MATRIX_C || mat == WMMA_MATRIX_D) &&
            test_bits(expect_elem((wmma_instr)id, (wmma_matrix)mat)) == 16;
        int opsels = accumulator16 && arch == WMMA_ARCH_RDNA3 ? 2 : 1;
        for (int opsel = 0; opsel < opsels; ++opsel)
          check_operand((wmma_arch)arch, (wmma_instr)id, (wmma_matrix)mat,
                        opsel);
        if (opsels == 2) {
          wmma_reg_loc out[2];
          CHECK(!wmma_hw_locate((wmma_arch)arch, (wmma_instr)id,
                                (wmma_matrix)mat, 2, 0, 0, out),
                "opsel 2 is invalid");
        }
      }
    }
  /* A few literal spot checks straight from the document's prose. */
  wmma_reg_loc out[2];
  /* RDNA3 f16 A[3][5]: lanes 3 and 19, vgpr 2, half 1. */
  CHECK(wmma_hw_locate(WMMA_ARCH_RDNA3, WMMA_INSTR_F32_16X16X16_F16,
                       WMMA_MATRIX_A, 0, 3, 5, out) == 2 &&
            out[0].lane == 3 && out[1].lane == 19 && out[0].vgpr == 2 &&
            out[0].bit_lo == 16 && out[0].bit_hi == 31,
        "rdna3 A[3][5]");
  /* RDNA4 f16 A[3][5]: k 4-7 live in the high half: lane 19, vgpr 0,
   * half 1. */
  CHECK(wmma_hw_locate(WMMA_ARCH_RDNA4, WMMA_INSTR_F32_16X16X16_F16,
                       WMMA_MATRIX_A, 0, 3, 5, out) == 1 &&
            out[0].lane == 19 && out[0].vgpr == 0 && out[0].bit_lo == 16,
        "rdna4 A[3][5]");
  /* RDNA4 f32 D[9][2]: lane 18, vgpr 1. */
  CHECK(wmma_hw_locate(WMMA_ARCH_RDNA4, WMMA_INSTR_F32_16X16X16_F16,
                       WMMA_MATRIX_D, 0, 9, 2, out) == 1 &&
            out[0].lane == 18 && out[0].vgpr == 1 && out[0].bit_lo == 0 &&
            out[0].bit_hi == 31,
        "rdna4 D[9][2]");
  /* RDNA3 f16 C[5][2] opsel 1: lane 18, vgpr 2, bits 16-31. */
  CHECK(wmma_hw_locate(WMMA_ARCH_RDNA3, WMMA_INSTR_F16_16X16X16_F16,
                       WMMA_MATRIX_C, 1, 5, 2, out) == 1 &&
            out[0].lane == 18 && out[0].vgpr == 2 && out[0].bit_lo == 16,
        "rdna3 C[5][2] opsel 1");
  /* RDNA4 iu4 K32 B[20][7]: lane 23, vgpr 0, nibble 4. */
  CHECK(wmma_hw_locate(WMMA_ARCH_RDNA4, WMMA_INSTR_I32_16X16X32_IU4,
                       WMMA_MATRIX_B, 0, 20, 7, out) == 1 &&
            out[0].lane == 23 && out[0].vgpr == 0 && out[0].bit_lo == 16 &&
            out[0].bit_hi == 19,
        "rdna4 iu4 K32 B[20][7]");
  CHECK(!wmma_hw_locate(WMMA_ARCH_INVALID, WMMA_INSTR_F32_16X16X16_F16,
                        WMMA_MATRIX_A, 0, 0, 0, out),
        "invalid arch");
  return 0;
}
