/* The layout-engine half of the C API (wmma-c/Layout.h) through
 * libwmma-c.so: every function queried, the answers checked against each
 * other (names round-trip, forward and inverse maps agree, fragments cover
 * their tiles, planned relayouts move every element where the destination
 * layout says), the costs the documentation promises, and every error path
 * (NULL pointers, out-of-range enums, impossible descriptors) answered
 * with an error value.  Which register holds what is checked elsewhere
 * against AMD's calculator (test/Layout/amd-calculator.test).
 *
 * RUN: wmma-capi-layout | FileCheck %s
 * CHECK-NOT: FAILED
 */
#include "CAPITest.h"

#include "wmma-c/Layout.h"
#include "wmma-c/Version.h"

#include <stdlib.h>

static void check_names(void) {
  char joined[256] = "";
  for (int i = 0; i < wmma_chip_count(); ++i) {
    const char *chip = wmma_chip_name(i);
    CHECK(chip && wmma_chip_arch(chip) != WMMA_ARCH_INVALID, "chip %d", i);
    if (!chip)
      continue;
    if (i)
      strcat(joined, ", ");
    strcat(joined, chip);
  }
  CHECK(strcmp(joined, wmma_supported_chips()) == 0,
        "supported chips '%s' list the table '%s'", wmma_supported_chips(),
        joined);
  printf("chips: %d: %s\n", wmma_chip_count(), joined);
  CHECK(!wmma_chip_name(-1) && !wmma_chip_name(wmma_chip_count()),
        "chip index out of range");
  const char *not_chips[] = {NULL, "", "gfx11", "gfx1030", "gfx1170", "GFX1100"};
  for (size_t i = 0; i < sizeof not_chips / sizeof not_chips[0]; ++i)
    CHECK(wmma_chip_arch(not_chips[i]) == WMMA_ARCH_INVALID, "not a chip: %s",
          not_chips[i] ? not_chips[i] : "NULL");

  for (int a = WMMA_ARCH_RDNA3; a <= WMMA_ARCH_RDNA4; ++a)
    CHECK(wmma_arch_parse(wmma_arch_name((wmma_arch)a)) == (wmma_arch)a,
          "arch %d round trip", a);
  CHECK(wmma_arch_parse(NULL) == WMMA_ARCH_INVALID &&
            wmma_arch_parse("RDNA3") == WMMA_ARCH_INVALID &&
            wmma_arch_parse("gfx1100") == WMMA_ARCH_INVALID,
        "not architectures");
  CHECK(strcmp(wmma_arch_name(WMMA_ARCH_INVALID), "invalid") == 0 &&
            strcmp(wmma_arch_name((wmma_arch)9), "invalid") == 0,
        "invalid arch name");

  static const int bits[WMMA_ELEM_COUNT] = {16, 16, 32, 32, 8, 4, 8, 8};
  for (int e = 0; e < WMMA_ELEM_COUNT; ++e)
    CHECK(wmma_elem_bits((wmma_elem)e) == bits[e] &&
              strcmp(wmma_elem_name((wmma_elem)e), "?") != 0,
          "element %d", e);
  CHECK(wmma_elem_bits(WMMA_ELEM_COUNT) == 0 &&
            strcmp(wmma_elem_name((wmma_elem)-1), "?") == 0,
        "element out of range");

  const char *matrices = "ABCD";
  for (int m = 0; m < WMMA_MATRIX_COUNT; ++m)
    CHECK(wmma_matrix_name((wmma_matrix)m)[0] == matrices[m], "matrix %d", m);
  CHECK(strcmp(wmma_matrix_name(WMMA_MATRIX_COUNT), "?") == 0 &&
            strcmp(wmma_layout_name((wmma_layout_kind)7), "?") == 0 &&
            strcmp(wmma_xlane_strategy_name((wmma_xlane_strategy)7), "?") == 0,
        "names out of range");
  printf("layouts: %s %s %s; strategies: %s %s\n",
         wmma_layout_name(WMMA_LAYOUT_HW), wmma_layout_name(WMMA_LAYOUT_KCONTIG),
         wmma_layout_name(WMMA_LAYOUT_COMPACT),
         wmma_xlane_strategy_name(WMMA_XLANE_PERMLANEX16),
         wmma_xlane_strategy_name(WMMA_XLANE_BPERMUTE));
}

/* Instruction table, selection and atom checking agree with each other. */
static void check_instructions(void) {
  int pairs = 0;
  for (int i = 0; i < WMMA_INSTR_COUNT; ++i) {
    const wmma_instr_info *info = wmma_instr_get((wmma_instr)i);
    CHECK(info && info->id == (wmma_instr)i, "instr %d", i);
    if (!info)
      continue;
    CHECK(wmma_instr_lookup(info->isa_name) == (wmma_instr)i, "%s lookup",
          info->isa_name);
    for (int a = WMMA_ARCH_RDNA3; a <= WMMA_ARCH_RDNA4; ++a) {
      if (!wmma_instr_available((wmma_instr)i, (wmma_arch)a))
        continue;
      ++pairs;
      CHECK(wmma_instr_select((wmma_arch)a, info->a, info->b, info->c,
                              info->m, info->n, info->k, NULL, 0) == (wmma_instr)i,
            "%s selected on arch %d", info->isa_name, a);
      wmma_atom_desc atom = {(wmma_arch)a, info->a, info->b, info->c,
                             info->m, info->n, info->k, info->is_integer, 0,
                             0, 0, 0};
      CHECK(wmma_atom_check(&atom, NULL, 0) == (wmma_instr)i, "%s atom",
            info->isa_name);
    }
  }
  printf("instructions: %d (arch, instruction) pairs\n", pairs);
  CHECK(pairs == 17, "17 pairs");

  char msg[256] = "";
  CHECK(!wmma_instr_get(WMMA_INSTR_COUNT) && !wmma_instr_get((wmma_instr)-1),
        "instr out of range");
  CHECK(wmma_instr_lookup(NULL) == WMMA_INSTR_COUNT &&
            wmma_instr_lookup("v_swmmac_f32_16x16x32_f16") == WMMA_INSTR_COUNT,
        "unknown names");
  CHECK(!wmma_instr_available(WMMA_INSTR_COUNT, WMMA_ARCH_RDNA4) &&
            !wmma_instr_available(WMMA_INSTR_F32_16X16X16_F16,
                                  WMMA_ARCH_INVALID) &&
            !wmma_instr_available(WMMA_INSTR_I32_16X16X32_IU4,
                                  WMMA_ARCH_RDNA3),
        "not available");
  CHECK(wmma_instr_select(WMMA_ARCH_RDNA3, WMMA_ELEM_FP8, WMMA_ELEM_FP8,
                          WMMA_ELEM_F32, 16, 16, 16, msg, sizeof msg) ==
                WMMA_INSTR_COUNT &&
            msg[0],
        "fp8 on rdna3 has no instruction");
  printf("select: %s\n", msg);
  CHECK(wmma_instr_select(WMMA_ARCH_RDNA4, (wmma_elem)42, WMMA_ELEM_F16,
                          WMMA_ELEM_F32, 16, 16, 16, NULL, 0) ==
            WMMA_INSTR_COUNT,
        "element out of range");
  msg[0] = 0;
  CHECK(wmma_atom_check(NULL, msg, sizeof msg) == WMMA_INSTR_COUNT && msg[0],
        "NULL atom");
  wmma_atom_desc signed_float = {WMMA_ARCH_RDNA4, WMMA_ELEM_F16, WMMA_ELEM_F16,
                                 WMMA_ELEM_F32, 16, 16, 16, 1, 0, 0, 0, 0};
  msg[0] = 0;
  CHECK(wmma_atom_check(&signed_float, msg, sizeof msg) == WMMA_INSTR_COUNT &&
            msg[0],
        "signed float atom");
  printf("atom check: %s\n", msg);
}

/* Forward and inverse register maps and the text formats of one operand. */
static int check_operand(wmma_arch arch, wmma_instr id, wmma_matrix mat,
                         int opsel) {
  int rows = -1, cols = -1, entries = 0;
  wmma_matrix_dims(id, mat, &rows, &cols);
  int eb = wmma_elem_bits(wmma_matrix_elem(id, mat));
  int vgprs = wmma_matrix_vgprs(arch, id, mat);
  CHECK(rows >= 16 && cols >= 16 && eb > 0 && vgprs > 0, "operand dims");
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      wmma_reg_loc locs[2];
      int n = wmma_hw_locate(arch, id, mat, opsel, r, c, locs);
      CHECK(n == 1 || n == 2, "(%d, %d) has %d copies", r, c, n);
      for (int i = 0; i < n; ++i) {
        int rr = -1, cc = -1;
        ++entries;
        CHECK(locs[i].vgpr < vgprs && locs[i].bit_hi - locs[i].bit_lo + 1 == eb,
              "(%d, %d) register and width", r, c);
        CHECK(wmma_hw_element_at(arch, id, mat, opsel, locs[i].lane,
                                 locs[i].vgpr, locs[i].bit_hi, &rr, &cc) &&
                  rr == r && cc == c,
              "(%d, %d) inverse gives (%d, %d)", r, c, rr, cc);
      }
    }
  /* TSV: one line per entry; measuring and writing agree; truncation is
   * NUL-terminated and still reports the full length. */
  size_t len = wmma_layout_text(arch, id, mat, opsel, WMMA_TEXT_TSV, NULL, 0);
  char *text = malloc(len + 1);
  CHECK(wmma_layout_text(arch, id, mat, opsel, WMMA_TEXT_TSV, text, len + 1) ==
            len && strlen(text) == len,
        "TSV length");
  int lines = 0;
  for (size_t i = 0; i < len; ++i)
    lines += text[i] == '\n';
  CHECK(lines == entries, "TSV has %d lines for %d entries", lines, entries);
  char small[8];
  CHECK(wmma_layout_text(arch, id, mat, opsel, WMMA_TEXT_TSV, small,
                         sizeof small) == len &&
            strlen(small) == sizeof small - 1 &&
            memcmp(small, text, sizeof small - 1) == 0,
        "truncated TSV");
  free(text);
  for (int f = WMMA_TEXT_GRID; f <= WMMA_TEXT_SVG; ++f)
    CHECK(wmma_layout_text(arch, id, mat, opsel, (wmma_text_format)f, NULL,
                           0) > 0,
          "format %d", f);
  return entries;
}

static void check_register_maps(void) {
  int maps = 0, entries = 0;
  for (int a = WMMA_ARCH_RDNA3; a <= WMMA_ARCH_RDNA4; ++a)
    for (int i = 0; i < WMMA_INSTR_COUNT; ++i) {
      if (!wmma_instr_available((wmma_instr)i, (wmma_arch)a))
        continue;
      for (int m = 0; m < WMMA_MATRIX_COUNT; ++m) {
        int opsels =
            wmma_opsel_applies((wmma_arch)a, (wmma_instr)i, (wmma_matrix)m) ? 2
                                                                            : 1;
        for (int opsel = 0; opsel < opsels; ++opsel) {
          entries += check_operand((wmma_arch)a, (wmma_instr)i,
                                   (wmma_matrix)m, opsel);
          ++maps;
        }
      }
    }
  printf("register maps: %d maps, %d entries\n", maps, entries);

  /* Invalid input: no location, no element, no text. */
  wmma_reg_loc locs[2];
  int row = -1, col = -1;
  wmma_instr f16 = WMMA_INSTR_F32_16X16X16_F16, h16 = WMMA_INSTR_F16_16X16X16_F16;
  CHECK(!wmma_hw_locate(WMMA_ARCH_RDNA4, f16, WMMA_MATRIX_A, 0, 16, 0, locs) &&
            !wmma_hw_locate(WMMA_ARCH_RDNA4, f16, WMMA_MATRIX_A, 0, 0, -1, locs) &&
            !wmma_hw_locate(WMMA_ARCH_RDNA4, f16, WMMA_MATRIX_COUNT, 0, 0, 0, locs) &&
            !wmma_hw_locate(WMMA_ARCH_RDNA3, WMMA_INSTR_I32_16X16X32_IU4,
                            WMMA_MATRIX_A, 0, 0, 0, locs) &&
            !wmma_hw_locate(WMMA_ARCH_RDNA3, h16, WMMA_MATRIX_C, 2, 0, 0, locs) &&
            !wmma_hw_locate(WMMA_ARCH_RDNA4, f16, WMMA_MATRIX_A, 0, 0, 0, NULL),
        "hw_locate rejects bad input");
  CHECK(!wmma_hw_element_at(WMMA_ARCH_RDNA4, f16, WMMA_MATRIX_A, 0, 32, 0, 0,
                            &row, &col) &&
            !wmma_hw_element_at(WMMA_ARCH_RDNA4, f16, WMMA_MATRIX_A, 0, 0, 4, 0,
                                &row, &col) &&
            !wmma_hw_element_at(WMMA_ARCH_RDNA4, f16, WMMA_MATRIX_A, 0, 0, 0, 32,
                                &row, &col) &&
            row == -1 && col == -1,
        "hw_element_at rejects bad input");
  /* The untouched half of an RDNA3 16-bit accumulator holds nothing. */
  CHECK(!wmma_hw_element_at(WMMA_ARCH_RDNA3, h16, WMMA_MATRIX_C, 1, 0, 0, 3,
                            &row, &col) &&
            wmma_hw_element_at(WMMA_ARCH_RDNA3, h16, WMMA_MATRIX_C, 1, 0, 0, 20,
                               NULL, NULL),
        "opsel half");
  CHECK(wmma_matrix_vgprs(WMMA_ARCH_INVALID, f16, WMMA_MATRIX_A) == 0 &&
            wmma_matrix_elem(WMMA_INSTR_COUNT, WMMA_MATRIX_A) == WMMA_ELEM_COUNT &&
            wmma_matrix_elem(f16, WMMA_MATRIX_COUNT) == WMMA_ELEM_COUNT,
        "operand queries out of range");
  wmma_matrix_dims(WMMA_INSTR_COUNT, WMMA_MATRIX_A, &row, &col);
  wmma_matrix_dims(f16, WMMA_MATRIX_A, NULL, NULL);
  CHECK(row == 0 && col == 0, "dims of no instruction");
  char buf[16] = "x";
  CHECK(wmma_layout_text(WMMA_ARCH_RDNA3, WMMA_INSTR_I32_16X16X32_IU4,
                         WMMA_MATRIX_A, 0, WMMA_TEXT_TSV, buf, sizeof buf) == 0 &&
            !buf[0] &&
            wmma_layout_text(WMMA_ARCH_RDNA4, f16, WMMA_MATRIX_A, 0,
                             (wmma_text_format)9, buf, sizeof buf) == 0 &&
            wmma_layout_text(WMMA_ARCH_RDNA3, h16, WMMA_MATRIX_D, 2,
                             WMMA_TEXT_GRID, buf, sizeof buf) == 0 &&
            wmma_layout_text(WMMA_ARCH_RDNA4, f16, WMMA_MATRIX_A, 0,
                             WMMA_TEXT_TSV, NULL, 99) > 0,
        "layout_text rejects bad input");
  CHECK(!wmma_opsel_applies(WMMA_ARCH_RDNA4, h16, WMMA_MATRIX_C) &&
            !wmma_opsel_applies(WMMA_ARCH_RDNA3, h16, WMMA_MATRIX_A) &&
            wmma_opsel_applies(WMMA_ARCH_RDNA3, h16, WMMA_MATRIX_D),
        "opsel applies to RDNA3 16-bit C/D only");
}

/* Every valid fragment covers its logical tile: each element is held by as
 * many (lane, value) slots as the hardware map has copies of it. */
static void check_fragments(void) {
  int valid = 0, invalid = 0;
  char msg[160];
  for (int a = WMMA_ARCH_RDNA3; a <= WMMA_ARCH_RDNA4; ++a)
    for (int i = 0; i < WMMA_INSTR_COUNT; ++i)
      for (int m = 0; m < WMMA_MATRIX_COUNT; ++m)
        for (int l = 0; l < WMMA_LAYOUT_COUNT; ++l)
          for (int t = 0; t < 2; ++t) {
            wmma_frag_desc f = {(wmma_arch)a, (wmma_instr)i, (wmma_matrix)m,
                                (wmma_layout_kind)l, 0, t};
            msg[0] = 0;
            if (wmma_frag_check(&f, msg, sizeof msg) != 0) {
              ++invalid;
              CHECK(msg[0] && wmma_frag_length(&f) == 0 &&
                        !wmma_frag_coord(&f, 0, 0, NULL, NULL),
                    "invalid fragment answers nothing");
              continue;
            }
            ++valid;
            int rows, cols, len = wmma_frag_length(&f);
            wmma_frag_dims(&f, &rows, &cols);
            CHECK(len > 0 && len <= WMMA_PLAN_MAX_VALUES &&
                      wmma_frag_elem(&f) == wmma_matrix_elem(f.instr, f.matrix),
                  "length and element");
            int *held = calloc((size_t)(rows * cols), sizeof *held);
            for (int lane = 0; lane < 32; ++lane)
              for (int v = 0; v < len; ++v) {
                int r, c;
                if (wmma_frag_coord(&f, lane, v, &r, &c))
                  held[r * cols + c]++;
              }
            int copies = a == WMMA_ARCH_RDNA3 && m <= WMMA_MATRIX_B &&
                                 l != WMMA_LAYOUT_COMPACT
                             ? 2
                             : 1;
            int wrong = 0;
            for (int e = 0; e < rows * cols; ++e)
              wrong += held[e] != copies;
            free(held);
            CHECK(!wrong, "%d elements not held %d times (%s %s %s)", wrong,
                  copies, wmma_arch_name(f.arch),
                  wmma_instr_get(f.instr)->isa_name, wmma_layout_name(f.layout));
            for (int v = 0; v < len; ++v)
              CHECK(wmma_frag_affine(&f, v, NULL, NULL, NULL, NULL, NULL,
                                     NULL) >= 0,
                    "value %d is affine or unused", v);
          }
  printf("fragments: %d valid, %d rejected\n", valid, invalid);

  /* K orders: kcontig A with kcontig B agree; hw A with kcontig B on RDNA4
   * 16-bit would compute a wrong product. */
  wmma_frag_desc ak = {WMMA_ARCH_RDNA4, WMMA_INSTR_F32_16X16X16_F16,
                       WMMA_MATRIX_A, WMMA_LAYOUT_KCONTIG, 0, 0};
  wmma_frag_desc bk = ak, ah = ak;
  bk.matrix = WMMA_MATRIX_B;
  ah.layout = WMMA_LAYOUT_HW;
  CHECK(wmma_k_orders_agree(&ak, &bk) && !wmma_k_orders_agree(&ah, &bk),
        "K orders");
  CHECK(!wmma_k_orders_agree(NULL, &bk) && !wmma_k_orders_agree(&ak, NULL),
        "NULL K orders");

  /* Invalid descriptors, one field at a time, each with a reason. */
  wmma_frag_desc bad[] = {
      {WMMA_ARCH_INVALID, WMMA_INSTR_F32_16X16X16_F16, WMMA_MATRIX_A, 0, 0, 0},
      {WMMA_ARCH_RDNA4, WMMA_INSTR_COUNT, WMMA_MATRIX_A, 0, 0, 0},
      {WMMA_ARCH_RDNA3, WMMA_INSTR_F32_16X16X16_FP8_FP8, WMMA_MATRIX_A, 0, 0, 0},
      {WMMA_ARCH_RDNA4, WMMA_INSTR_F32_16X16X16_F16, (wmma_matrix)5, 0, 0, 0},
      {WMMA_ARCH_RDNA4, WMMA_INSTR_F32_16X16X16_F16, WMMA_MATRIX_A,
       (wmma_layout_kind)5, 0, 0},
      {WMMA_ARCH_RDNA4, WMMA_INSTR_F32_16X16X16_F16, WMMA_MATRIX_C,
       WMMA_LAYOUT_KCONTIG, 0, 0},
      {WMMA_ARCH_RDNA4, WMMA_INSTR_F32_16X16X16_F16, WMMA_MATRIX_A,
       WMMA_LAYOUT_COMPACT, 0, 0},
      {WMMA_ARCH_RDNA3, WMMA_INSTR_F16_16X16X16_F16, WMMA_MATRIX_C, 0, 2, 0},
      {WMMA_ARCH_RDNA3, WMMA_INSTR_F32_16X16X16_F16, WMMA_MATRIX_C, 0, 1, 0},
      {WMMA_ARCH_RDNA4, WMMA_INSTR_F32_16X16X16_F16, WMMA_MATRIX_A, 0, 0, 3},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    msg[0] = 0;
    CHECK(wmma_frag_check(&bad[i], msg, sizeof msg) == -1 && msg[0],
          "bad descriptor %zu", i);
    CHECK(wmma_frag_affine(&bad[i], 0, NULL, NULL, NULL, NULL, NULL, NULL) ==
              -1,
          "affine of bad descriptor %zu", i);
  }
  msg[0] = 0;
  int rows = -1, cols = -1;
  wmma_frag_dims(NULL, &rows, &cols);
  CHECK(wmma_frag_check(NULL, msg, sizeof msg) == -1 && msg[0] &&
            wmma_frag_length(NULL) == 0 &&
            wmma_frag_elem(NULL) == WMMA_ELEM_COUNT && rows == 0 &&
            cols == 0 && !wmma_frag_coord(NULL, 0, 0, NULL, NULL) &&
            wmma_frag_affine(NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL) == -1,
        "NULL descriptor");
  printf("bad fragment: %s\n", msg);
}

/* A planned relayout, executed by wmma_plan_simulate, leaves in every used
 * destination slot the logical element the destination layout names. */
static int relayout_moves_every_element(const wmma_frag_desc *src,
                                        const wmma_frag_desc *dst,
                                        const wmma_plan *plan) {
  static uint32_t in[32][32], out[32][32];
  int eb = plan->elem_bits, per = 32 / eb;
  memset(in, 0, sizeof in);
  memset(out, 0, sizeof out);
  int rows, cols;
  wmma_frag_dims(dst, &rows, &cols);
  /* Source value = logical element index (fits 16-bit elements). */
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < plan->src_len; ++v) {
      int r, c;
      if (wmma_frag_coord(src, l, v, &r, &c))
        in[l][v / per] |= (uint32_t)(r * cols + c) << ((v % per) * eb);
    }
  wmma_plan_simulate(plan, in, out);
  int wrong = 0;
  uint32_t mask = eb == 32 ? 0xffffffffu : (1u << eb) - 1;
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < plan->dst_len; ++v) {
      int r, c;
      if (wmma_frag_coord(dst, l, v, &r, &c))
        wrong += ((out[l][v / per] >> ((v % per) * eb)) & mask) !=
                 (uint32_t)(r * cols + c);
    }
  return wrong;
}

static void check_planner(void) {
  static wmma_plan plan; /* ~50 KB: not on the stack */
  char msg[200];
  struct {
    wmma_arch arch;
    wmma_xlane_strategy s;
  } cases[] = {{WMMA_ARCH_RDNA4, WMMA_XLANE_PERMLANEX16},
               {WMMA_ARCH_RDNA3, WMMA_XLANE_PERMLANEX16},
               {WMMA_ARCH_RDNA3, WMMA_XLANE_BPERMUTE}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    /* The chaining move: the accumulator of a swapped product (D
     * transposed, f32) becomes the next A operand (f16). */
    wmma_instr f32acc = WMMA_INSTR_F32_16X16X16_F16;
    wmma_frag_desc d = {cases[i].arch, f32acc, WMMA_MATRIX_D, WMMA_LAYOUT_HW,
                        0, 1};
    wmma_frag_desc a = {cases[i].arch, f32acc, WMMA_MATRIX_A,
                        WMMA_LAYOUT_KCONTIG, 0, 0};
    CHECK(wmma_relayout_check(&d, &a, NULL, 0) == 0, "chain is possible");
    int rc = wmma_plan_relayout(&d, &a, cases[i].s, &plan, msg, sizeof msg);
    CHECK(rc == 0, "plan: %s", msg);
    if (rc)
      continue;
    int wrong = relayout_moves_every_element(&d, &a, &plan);
    CHECK(wrong == 0, "%d values misplaced", wrong);
    printf("chain D^T -> A on %s (%s): %d permlanex16, %d bpermute, "
           "in-lane %d, cost %d\n",
           wmma_arch_name(cases[i].arch), wmma_xlane_strategy_name(cases[i].s),
           plan.n_permlanex16, plan.n_bpermute, plan.in_lane, plan.cost);
  }

  /* Errors: tiles of different sizes, NULL pointers, unknown strategy. */
  wmma_frag_desc a16 = {WMMA_ARCH_RDNA4, WMMA_INSTR_F32_16X16X16_F16,
                        WMMA_MATRIX_A, WMMA_LAYOUT_HW, 0, 0};
  wmma_frag_desc a32 = {WMMA_ARCH_RDNA4, WMMA_INSTR_I32_16X16X32_IU4,
                        WMMA_MATRIX_A, WMMA_LAYOUT_HW, 0, 0};
  msg[0] = 0;
  CHECK(wmma_relayout_check(&a16, &a32, msg, sizeof msg) == -1 && msg[0],
        "16x16 to 16x32");
  printf("relayout check: %s\n", msg);
  CHECK(wmma_relayout_check(NULL, &a16, NULL, 0) == -1 &&
            wmma_relayout_check(&a16, NULL, NULL, 0) == -1,
        "NULL descriptors");
  CHECK(wmma_plan_relayout(&a16, &a16, WMMA_XLANE_BPERMUTE, NULL, NULL, 0) ==
                -1 &&
            wmma_plan_relayout(&a16, &a16, (wmma_xlane_strategy)5, &plan, NULL,
                               0) == -1 &&
            wmma_plan_relayout(NULL, &a16, WMMA_XLANE_BPERMUTE, &plan, NULL,
                               0) == -1,
        "plan rejects bad input");
  CHECK(wmma_plan_relayout(&a16, &a16, WMMA_XLANE_BPERMUTE, &plan, NULL, 0) ==
                0 &&
            plan.identity && plan.cost == 0,
        "a relayout to itself is free");
  static uint32_t words[32][32];
  wmma_plan_simulate(NULL, words, words);
  wmma_plan_simulate(&plan, NULL, words);
  wmma_plan_simulate(&plan, words, NULL);
  printf("planner error paths checked\n");
}

int main(void) {
  test_begin();
  printf("wmma-c %s\n", wmma_version());
  check_names();
  check_instructions();
  check_register_maps();
  check_fragments();
  check_planner();
  return finish("layout");
}

// CHECK: wmma-c {{[0-9]+\.[0-9]+$}}
// CHECK: chips: 10: gfx1100, gfx1101, gfx1102, gfx1103, gfx1150, gfx1151, gfx1152, gfx1153, gfx1200, gfx1201
// CHECK: layouts: hw kcontig compact; strategies: permlanex16 bpermute
// CHECK: instructions: 17 (arch, instruction) pairs
// CHECK: select: {{.+}}
// CHECK: atom check: sign_a/sign_b/clamp only apply to integer atoms
// CHECK: register maps: 72 maps, 22016 entries
// CHECK: fragments: {{[1-9][0-9]*}} valid, {{[1-9][0-9]*}} rejected
// CHECK: bad fragment: null fragment descriptor
// The chain that docs/hardware.md describes: free on RDNA4, four
// v_permlanex16 on RDNA3, only ds_bpermute when asked.
// CHECK: chain D^T -> A on rdna4 (permlanex16): 0 permlanex16, 0 bpermute, in-lane 1
// CHECK: chain D^T -> A on rdna3 (permlanex16): 4 permlanex16, 0 bpermute
// CHECK: chain D^T -> A on rdna3 (bpermute): 0 permlanex16, {{[1-9][0-9]*}} bpermute
// CHECK: relayout check: logical tile dims differ: source is 16x16, destination 16x32
// CHECK: planner error paths checked
// CHECK: layout: {{[0-9]+}} checks, 0 failed
