/* Fragment layouts: lengths, coordinates, affine forms, descriptor checks and
 * the K-order agreement matrix. */
#include "TestUtil.h"

#define MAX_DESCS 512

static void check_desc(const wmma_frag_desc *f) {
  char msg[256] = "";
  const char *name = test_instrs[f->instr].isa_name;
  const char *mname = wmma_matrix_name(f->matrix);
  const char *lname = wmma_layout_name(f->layout);
  CHECK(wmma_frag_check(f, msg, sizeof(msg)) == 0, "%s %s %s: %s", name,
        mname, lname, msg);
  int len = expect_frag_length(f);
  CHECK(wmma_frag_length(f) == len, "%s %s %s %s length %d vs %d",
        wmma_arch_name(f->arch), name, mname, lname, wmma_frag_length(f),
        len);
  CHECK(wmma_frag_elem(f) == expect_elem(f->instr, f->matrix), "elem");
  int rows, cols, er, ec;
  expect_dims(f->instr, f->matrix, &er, &ec);
  wmma_frag_dims(f, &rows, &cols);
  CHECK(rows == (f->transposed ? ec : er) && cols == (f->transposed ? er : ec),
        "%s %s dims", name, mname);

  /* Coordinates, and how often each logical element appears. */
  static int seen[32][32];
  memset(seen, 0, sizeof(seen));
  int want_r[32][32], want_c[32][32], want_used[32][32];
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < len; ++v) {
      want_used[l][v] = expect_frag_coord(f, l, v, &want_r[l][v],
                                          &want_c[l][v]);
      int r = -1, c = -1;
      int used = wmma_frag_coord(f, l, v, &r, &c);
      CHECK(used == want_used[l][v], "%s %s %s tr%d op%d l%d v%d used %d",
            name, mname, lname, f->transposed, f->opsel, l, v, used);
      if (used && want_used[l][v]) {
        CHECK(r == want_r[l][v] && c == want_c[l][v],
              "%s %s %s %s tr%d l%d v%d: got (%d,%d) want (%d,%d)",
              wmma_arch_name(f->arch), name, mname, lname, f->transposed, l, v,
              r, c, want_r[l][v], want_c[l][v]);
        ++seen[want_r[l][v]][want_c[l][v]];
      }
    }
  CHECK(!wmma_frag_coord(f, 0, len, NULL, NULL), "value past the end");
  CHECK(!wmma_frag_coord(f, 32, 0, NULL, NULL), "lane 32");
  int copies = f->arch == WMMA_ARCH_RDNA3 && f->layout != WMMA_LAYOUT_COMPACT &&
                       (f->matrix == WMMA_MATRIX_A ||
                        f->matrix == WMMA_MATRIX_B)
                   ? 2
                   : 1;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      CHECK(seen[i][j] == copies, "%s %s %s element (%d,%d) seen %d times",
            name, mname, lname, i, j, seen[i][j]);

  /* Affine form for every value, checked against the expected coords. */
  for (int v = 0; v < len; ++v) {
    int r0, rr, rh, c0, cr, ch;
    int res = wmma_frag_affine(f, v, &r0, &rr, &rh, &c0, &cr, &ch);
    if (!want_used[0][v]) {
      CHECK(res == 0, "%s %s %s v%d unused -> 0, got %d", name, mname, lname,
            v, res);
      continue;
    }
    CHECK(res == 1, "%s %s %s v%d affine -> %d", name, mname, lname, v, res);
    if (res != 1)
      continue;
    for (int l = 0; l < 32; ++l)
      CHECK(want_used[l][v] &&
                want_r[l][v] == r0 + rr * (l % 16) + rh * (l / 16) &&
                want_c[l][v] == c0 + cr * (l % 16) + ch * (l / 16),
            "%s %s %s v%d lane %d affine mismatch", name, mname, lname, v, l);
  }
}

static wmma_frag_desc desc(wmma_arch arch, wmma_instr id, wmma_matrix mat,
                           wmma_layout_kind layout, int opsel, int tr) {
  wmma_frag_desc d = {arch, id, mat, layout, opsel, tr};
  return d;
}

static void expect_reject(wmma_frag_desc d, const char *needle) {
  char msg[256] = "";
  CHECK(wmma_frag_check(&d, msg, sizeof(msg)) == -1, "should reject: %s",
        needle);
  CHECK_CONTAINS(msg, needle);
  CHECK(wmma_frag_length(&d) == 0, "invalid desc has no length");
  CHECK(!wmma_frag_coord(&d, 0, 0, NULL, NULL), "invalid desc has no coords");
}

static void check_affine(wmma_frag_desc d, int v, int r0, int rr, int rh,
                         int c0, int cr, int ch) {
  int g[6];
  int res = wmma_frag_affine(&d, v, &g[0], &g[1], &g[2], &g[3], &g[4], &g[5]);
  CHECK(res == 1 && g[0] == r0 && g[1] == rr && g[2] == rh && g[3] == c0 &&
            g[4] == cr && g[5] == ch,
        "%s %s %s tr%d v%d: got %d: %d %d %d / %d %d %d",
        wmma_arch_name(d.arch), test_instrs[d.instr].isa_name,
        wmma_matrix_name(d.matrix), d.transposed, v, res, g[0], g[1], g[2],
        g[3], g[4], g[5]);
}

static void check_k_orders(void) {
  const wmma_arch R3 = WMMA_ARCH_RDNA3, R4 = WMMA_ARCH_RDNA4;
  const wmma_layout_kind HW = WMMA_LAYOUT_HW, CP = WMMA_LAYOUT_COMPACT;
  for (int arch = WMMA_ARCH_RDNA3; arch <= WMMA_ARCH_RDNA4; ++arch)
    for (int id = 0; id < WMMA_INSTR_COUNT; ++id) {
      if (!test_available((wmma_instr)id, (wmma_arch)arch))
        continue;
      int bits = test_bits(test_instrs[id].a);
      int nl = (wmma_arch)arch == R3 ? 3 : 2;
      for (int la = 0; la < nl; ++la)
        for (int lb = 0; lb < nl; ++lb) {
          int expected;
          if (la == lb)
            expected = 1;
          else if ((wmma_arch)arch == R3)
            /* HW == KCONTIG on RDNA3; COMPACT has another length. */
            expected = (wmma_layout_kind)la != CP && (wmma_layout_kind)lb != CP;
          else
            /* RDNA4: KCONTIG permutes K only for 16-bit operands. */
            expected = bits != 16;
          for (int ta = 0; ta < 2; ++ta)
            for (int tb = 0; tb < 2; ++tb) {
              wmma_frag_desc a = desc((wmma_arch)arch, (wmma_instr)id,
                                      WMMA_MATRIX_A, (wmma_layout_kind)la, 0,
                                      ta);
              wmma_frag_desc b = desc((wmma_arch)arch, (wmma_instr)id,
                                      WMMA_MATRIX_B, (wmma_layout_kind)lb, 0,
                                      tb);
              CHECK(wmma_k_orders_agree(&a, &b) == expected,
                    "%s %s A %s vs B %s: expected %d",
                    wmma_arch_name((wmma_arch)arch), test_instrs[id].isa_name,
                    wmma_layout_name((wmma_layout_kind)la),
                    wmma_layout_name((wmma_layout_kind)lb), expected);
            }
        }
    }
  /* Mixed architectures or non-operand matrices never agree. */
  wmma_frag_desc a3 = desc(R3, WMMA_INSTR_F32_16X16X16_F16, WMMA_MATRIX_A, HW,
                           0, 0);
  wmma_frag_desc b4 = desc(R4, WMMA_INSTR_F32_16X16X16_F16, WMMA_MATRIX_B, HW,
                           0, 0);
  wmma_frag_desc c3 = desc(R3, WMMA_INSTR_F32_16X16X16_F16, WMMA_MATRIX_C, HW,
                           0, 0);
  CHECK(!wmma_k_orders_agree(&a3, &b4), "rdna3 A vs rdna4 B");
  CHECK(!wmma_k_orders_agree(&a3, &c3), "A vs C");
}

int test_fragments(void) {
  static wmma_frag_desc descs[MAX_DESCS];
  for (int arch = WMMA_ARCH_RDNA3; arch <= WMMA_ARCH_RDNA4; ++arch) {
    int n = all_frag_descs((wmma_arch)arch, descs, MAX_DESCS);
    CHECK(n > 0 && n < MAX_DESCS, "descriptor count %d", n);
    for (int i = 0; i < n; ++i)
      check_desc(&descs[i]);
  }

  const wmma_arch R3 = WMMA_ARCH_RDNA3, R4 = WMMA_ARCH_RDNA4;
  const wmma_instr F32F16 = WMMA_INSTR_F32_16X16X16_F16;
  const wmma_instr F16F16 = WMMA_INSTR_F16_16X16X16_F16;
  /* Literal lengths from hardware.md's vector-type table. */
  struct {
    wmma_arch arch;
    wmma_instr id;
    wmma_matrix mat;
    wmma_layout_kind layout;
    int len;
  } lens[] = {
      {R3, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 16},
      {R4, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 8},
      {R3, WMMA_INSTR_I32_16X16X16_IU8, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 16},
      {R3, WMMA_INSTR_I32_16X16X16_IU4, WMMA_MATRIX_B, WMMA_LAYOUT_HW, 16},
      {R4, WMMA_INSTR_I32_16X16X16_IU4, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 8},
      {R4, WMMA_INSTR_I32_16X16X32_IU4, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 16},
      {R4, WMMA_INSTR_F32_16X16X16_FP8_BF8, WMMA_MATRIX_B, WMMA_LAYOUT_HW, 8},
      {R3, F32F16, WMMA_MATRIX_C, WMMA_LAYOUT_HW, 8},
      {R3, F16F16, WMMA_MATRIX_C, WMMA_LAYOUT_HW, 16},
      {R4, F16F16, WMMA_MATRIX_D, WMMA_LAYOUT_HW, 8},
      {R3, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_COMPACT, 8},
      {R3, WMMA_INSTR_I32_16X16X16_IU4, WMMA_MATRIX_A, WMMA_LAYOUT_COMPACT, 8},
      {R4, F32F16, WMMA_MATRIX_B, WMMA_LAYOUT_KCONTIG, 8},
  };
  for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); ++i) {
    wmma_frag_desc d = desc(lens[i].arch, lens[i].id, lens[i].mat,
                            lens[i].layout, 0, 0);
    CHECK(wmma_frag_length(&d) == lens[i].len, "literal length %zu", i);
  }
  /* fp8_bf8: A is fp8, B is bf8. */
  wmma_frag_desc fa = desc(R4, WMMA_INSTR_F32_16X16X16_FP8_BF8, WMMA_MATRIX_A,
                           WMMA_LAYOUT_HW, 0, 0);
  wmma_frag_desc fb = fa;
  fb.matrix = WMMA_MATRIX_B;
  CHECK(wmma_frag_elem(&fa) == WMMA_ELEM_FP8, "fp8_bf8 A");
  CHECK(wmma_frag_elem(&fb) == WMMA_ELEM_BF8, "fp8_bf8 B");

  /* Literal affine forms.  RDNA3 A HW: row r, col v. */
  check_affine(desc(R3, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 0, 0), 5, 0, 1,
               0, 5, 0, 0);
  /* RDNA4 A HW: k = 8*(v/4) + 4h + v%4. */
  check_affine(desc(R4, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 0, 0), 6, 0, 1,
               0, 10, 0, 4);
  /* RDNA4 A KCONTIG: k = 8h + v. */
  check_affine(desc(R4, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_KCONTIG, 0, 0), 6,
               0, 1, 0, 6, 0, 8);
  /* RDNA3 C: row 2v + h, col r; transposed swaps. */
  check_affine(desc(R3, F32F16, WMMA_MATRIX_C, WMMA_LAYOUT_HW, 0, 0), 3, 6, 0,
               1, 0, 1, 0);
  check_affine(desc(R3, F32F16, WMMA_MATRIX_D, WMMA_LAYOUT_HW, 0, 1), 3, 0, 1,
               0, 6, 0, 1);
  /* RDNA4 D: row 8h + v; transposed is the KCONTIG A form. */
  check_affine(desc(R4, F32F16, WMMA_MATRIX_D, WMMA_LAYOUT_HW, 0, 0), 2, 2, 0,
               8, 0, 1, 0);
  check_affine(desc(R4, F32F16, WMMA_MATRIX_D, WMMA_LAYOUT_HW, 0, 1), 2, 0, 1,
               0, 2, 0, 8);
  /* RDNA3 f16 C opsel 1: value 2i+1 holds row 2i+h. */
  check_affine(desc(R3, F16F16, WMMA_MATRIX_C, WMMA_LAYOUT_HW, 1, 0), 7, 6, 0,
               1, 0, 1, 0);
  /* RDNA3 COMPACT B: k = 8h + v, col r. */
  check_affine(desc(R3, F32F16, WMMA_MATRIX_B, WMMA_LAYOUT_COMPACT, 0, 0), 3,
               3, 0, 8, 0, 1, 0);
  /* RDNA4 iu4 K32 A HW: k = 16h + v. */
  check_affine(desc(R4, WMMA_INSTR_I32_16X16X32_IU4, WMMA_MATRIX_A,
                    WMMA_LAYOUT_HW, 0, 0),
               11, 0, 1, 0, 11, 0, 16);
  /* Unused values of RDNA3 16-bit accumulators. */
  wmma_frag_desc c16 = desc(R3, F16F16, WMMA_MATRIX_C, WMMA_LAYOUT_HW, 0, 0);
  CHECK(wmma_frag_affine(&c16, 1, NULL, NULL, NULL, NULL, NULL, NULL) == 0,
        "odd value unused with opsel 0");
  CHECK(!wmma_frag_coord(&c16, 0, 1, NULL, NULL), "odd value unused");

  /* Descriptor rejections. */
  expect_reject(desc(R4, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_COMPACT, 0, 0),
                "compact");
  expect_reject(desc(R3, F32F16, WMMA_MATRIX_C, WMMA_LAYOUT_KCONTIG, 0, 0),
                "only to A/B");
  expect_reject(desc(R4, F32F16, WMMA_MATRIX_D, WMMA_LAYOUT_COMPACT, 0, 0),
                "only to A/B");
  expect_reject(desc(R4, F16F16, WMMA_MATRIX_C, WMMA_LAYOUT_HW, 1, 0),
                "opsel applies only to 16-bit accumulators");
  expect_reject(desc(R3, F32F16, WMMA_MATRIX_C, WMMA_LAYOUT_HW, 1, 0),
                "opsel applies only to 16-bit accumulators");
  expect_reject(desc(R3, F16F16, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 1, 0),
                "opsel applies only to 16-bit accumulators");
  expect_reject(desc(R3, F16F16, WMMA_MATRIX_C, WMMA_LAYOUT_HW, 2, 0),
                "opsel must be 0 or 1");
  expect_reject(desc(R3, WMMA_INSTR_F32_16X16X16_FP8_FP8, WMMA_MATRIX_A,
                     WMMA_LAYOUT_HW, 0, 0),
                "RDNA4-only");
  expect_reject(desc(WMMA_ARCH_INVALID, F32F16, WMMA_MATRIX_A, WMMA_LAYOUT_HW,
                     0, 0),
                "architecture");
  expect_reject(desc(R3, WMMA_INSTR_COUNT, WMMA_MATRIX_A, WMMA_LAYOUT_HW, 0,
                     0),
                "instruction");
  char msg[64];
  CHECK(wmma_frag_check(NULL, msg, sizeof(msg)) == -1, "NULL desc");

  check_k_orders();
  return 0;
}
