/* libFuzzer harness: the layout engine's C API (include/wmma-c/Layout.h)
 * with arguments taken from the input: in range, at the edges, and
 * arbitrary.  Oracles beyond "no crash": C-string results are terminated;
 * wmma_layout_text returns the same length for every capacity and
 * NUL-terminates within it; a relayout that wmma_relayout_check accepts
 * plans, and the plan's simulation moves every logical element of the
 * source to where the destination layout wants it. */
#include "wmma-c/Layout.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct {
  const uint8_t *p;
  size_t n;
} input;

static uint32_t take(input *in, int bytes) {
  uint32_t v = 0;
  for (int i = 0; i < bytes && in->n; ++i, ++in->p, --in->n)
    v = v << 8 | *in->p;
  return v;
}

/* Mostly [lo, hi], sometimes just outside it, sometimes any int. */
static int pick(input *in, int lo, int hi) {
  uint32_t sel = take(in, 1);
  if (sel < 200)
    return lo + (int)(take(in, 1) % (uint32_t)(hi - lo + 1));
  if (sel < 240)
    return sel % 2 ? lo - 1 : hi + 1;
  return (int)take(in, 4);
}

static void check(int cond, const char *what) {
  if (!cond) {
    fprintf(stderr, "fuzz: oracle failed: %s\n", what);
    abort();
  }
}

static void check_cstr(const char *s) {
  if (s)
    check(strlen(s) < 4096, "unterminated or absurd string");
}

/* A string of up to 24 input bytes (may hold a chip or ISA name). */
static void take_string(input *in, char *buf, size_t cap) {
  size_t len = take(in, 1) % 25;
  if (len >= cap)
    len = cap - 1;
  for (size_t i = 0; i < len; ++i)
    buf[i] = (char)take(in, 1);
  buf[len] = 0;
}

static wmma_frag_desc take_frag(input *in) {
  wmma_frag_desc f;
  f.arch = (wmma_arch)pick(in, 3, 4);
  f.instr = (wmma_instr)pick(in, 0, WMMA_INSTR_COUNT - 1);
  f.matrix = (wmma_matrix)pick(in, 0, WMMA_MATRIX_COUNT - 1);
  f.layout = (wmma_layout_kind)pick(in, 0, WMMA_LAYOUT_COUNT - 1);
  f.opsel = pick(in, 0, 1);
  f.transposed = pick(in, 0, 1);
  return f;
}

static void names(input *in) {
  char s[32];
  take_string(in, s, sizeof s);
  check_cstr(wmma_arch_name(wmma_chip_arch(s)));
  check_cstr(wmma_arch_name(wmma_arch_parse(s)));
  wmma_instr id = wmma_instr_lookup(s);
  check(id >= 0 && id <= WMMA_INSTR_COUNT, "instr_lookup range");
  check_cstr(wmma_chip_name(pick(in, 0, wmma_chip_count() - 1)));
  check_cstr(wmma_arch_name((wmma_arch)pick(in, 3, 4)));
  check_cstr(wmma_elem_name((wmma_elem)pick(in, 0, WMMA_ELEM_COUNT - 1)));
  (void)wmma_elem_bits((wmma_elem)pick(in, 0, WMMA_ELEM_COUNT - 1));
  check_cstr(wmma_matrix_name((wmma_matrix)pick(in, 0, 3)));
  check_cstr(wmma_layout_name((wmma_layout_kind)pick(in, 0, 2)));
  check_cstr(wmma_xlane_strategy_name((wmma_xlane_strategy)pick(in, 0, 1)));
  check_cstr(wmma_supported_chips());
  const wmma_instr_info *info = wmma_instr_get((wmma_instr)pick(in, 0, 10));
  if (info)
    check_cstr(info->isa_name), check_cstr(info->rocdl_name);
}

static void select_and_atoms(input *in) {
  char msg[300];
  memset(msg, 'x', sizeof msg); /* untouched on success */
  size_t cap = take(in, 2) % sizeof msg;
  wmma_instr id = wmma_instr_select(
      (wmma_arch)pick(in, 3, 4), (wmma_elem)pick(in, 0, 7),
      (wmma_elem)pick(in, 0, 7), (wmma_elem)pick(in, 0, 7), pick(in, 16, 16),
      pick(in, 16, 16), pick(in, 16, 32), cap ? msg : NULL, cap);
  check(id >= 0 && id <= WMMA_INSTR_COUNT, "instr_select range");
  if (cap && id == WMMA_INSTR_COUNT)
    check(memchr(msg, 0, cap) != NULL, "select message terminated");
  wmma_atom_desc a;
  a.arch = (wmma_arch)pick(in, 3, 4);
  a.a = (wmma_elem)pick(in, 0, 7);
  a.b = (wmma_elem)pick(in, 0, 7);
  a.c = (wmma_elem)pick(in, 0, 7);
  a.m = pick(in, 16, 16), a.n = pick(in, 16, 16), a.k = pick(in, 16, 32);
  a.sign_a = pick(in, 0, 1), a.sign_b = pick(in, 0, 1);
  a.clamp = pick(in, 0, 1), a.opsel = pick(in, 0, 1);
  id = wmma_atom_check(&a, cap ? msg : NULL, cap);
  check(id >= 0 && id <= WMMA_INSTR_COUNT, "atom_check range");
  (void)wmma_instr_available((wmma_instr)pick(in, 0, 10), (wmma_arch)pick(in, 3, 4));
}

static void hw_maps(input *in) {
  wmma_arch arch = (wmma_arch)pick(in, 3, 4);
  wmma_instr id = (wmma_instr)pick(in, 0, 10);
  wmma_matrix mat = (wmma_matrix)pick(in, 0, 3);
  int opsel = pick(in, 0, 1), rows, cols;
  wmma_matrix_dims(id, mat, &rows, &cols);
  (void)wmma_matrix_elem(id, mat);
  (void)wmma_matrix_vgprs(arch, id, mat);
  (void)wmma_opsel_applies(arch, id, mat);
  wmma_reg_loc out[2];
  int row = pick(in, 0, 31), col = pick(in, 0, 31);
  int n = wmma_hw_locate(arch, id, mat, opsel, row, col, out);
  check(n >= 0 && n <= 2, "hw_locate count");
  for (int i = 0; i < n; ++i) {
    int r, c;
    check(wmma_hw_element_at(arch, id, mat, opsel, out[i].lane, out[i].vgpr,
                             out[i].bit_lo, &r, &c) == 1 && r == row && c == col,
          "hw_element_at inverts hw_locate");
  }
  int r, c;
  (void)wmma_hw_element_at(arch, id, mat, opsel, pick(in, 0, 31),
                           pick(in, 0, 7), pick(in, 0, 31), &r, &c);
  wmma_text_format fmt = (wmma_text_format)pick(in, 0, 1);
  size_t full = wmma_layout_text(arch, id, mat, opsel, fmt, NULL, 0);
  size_t cap = take(in, 2) % 70000;
  char *buf = malloc(cap ? cap : 1);
  size_t got = wmma_layout_text(arch, id, mat, opsel, fmt, buf, cap);
  check(got == full, "layout_text length independent of capacity");
  if (cap)
    check(strlen(buf) == (full < cap ? full : cap - 1),
          "layout_text truncates like snprintf");
  free(buf);
}

static void fragments(input *in) {
  wmma_frag_desc f = take_frag(in);
  char msg[300];
  size_t cap = take(in, 2) % sizeof msg;
  int bad = wmma_frag_check(&f, cap ? msg : NULL, cap);
  int len = wmma_frag_length(&f), rows, cols;
  (void)wmma_frag_elem(&f);
  wmma_frag_dims(&f, &rows, &cols);
  int lane = pick(in, 0, 31), v = pick(in, 0, 31), r, c;
  int used = wmma_frag_coord(&f, lane, v, &r, &c);
  if (used)
    check(!bad && r >= 0 && r < rows && c >= 0 && c < cols && v < len,
          "frag_coord inside the tile");
  int r0, rr, rh, c0, cr, ch;
  (void)wmma_frag_affine(&f, v, &r0, &rr, &rh, &c0, &cr, &ch);
  wmma_frag_desc g = take_frag(in);
  (void)wmma_k_orders_agree(&f, &g);
  (void)wmma_frag_check(NULL, cap ? msg : NULL, cap);
}

/* Logical element (row, col) of a tile with `cols` columns as a tag that
 * fits elem_bits (exact for 16-bit and wider; 8-bit tiles have <= 256). */
static uint32_t tag(int row, int col, int cols, int eb) {
  uint32_t t = (uint32_t)(row * cols + col) + 1;
  return eb >= 32 ? t : t & ((1u << eb) - 1);
}

static void put(uint32_t w[32][32], int lane, int v, int eb, uint32_t val) {
  int bit = v * eb;
  uint32_t mask = eb >= 32 ? 0xffffffffu : ((1u << eb) - 1);
  w[lane][bit / 32] &= ~(mask << (bit % 32));
  w[lane][bit / 32] |= (val & mask) << (bit % 32);
}

static uint32_t get(uint32_t w[32][32], int lane, int v, int eb) {
  int bit = v * eb;
  uint32_t mask = eb >= 32 ? 0xffffffffu : ((1u << eb) - 1);
  return (w[lane][bit / 32] >> (bit % 32)) & mask;
}

static void planner(input *in) {
  wmma_frag_desc src = take_frag(in), dst = take_frag(in);
  wmma_xlane_strategy st = (wmma_xlane_strategy)pick(in, 0, 1);
  char msg[300];
  static wmma_plan plan; /* ~50 KB: not on the stack */
  char msg2[300] = "";
  int checked = wmma_relayout_check(&src, &dst, msg, sizeof msg);
  int planned = wmma_plan_relayout(&src, &dst, st, &plan, msg2, sizeof msg2);
  int valid_strategy = st == WMMA_XLANE_PERMLANEX16 || st == WMMA_XLANE_BPERMUTE;
  if (valid_strategy && (checked == 0 ? planned != 0 : planned == 0)) {
    fprintf(stderr,
            "src arch %d instr %d matrix %d layout %d opsel %d transposed %d\n"
            "dst arch %d instr %d matrix %d layout %d opsel %d transposed %d\n"
            "strategy %d: check %d (%s), plan %d (%s)\n",
            src.arch, src.instr, src.matrix, src.layout, src.opsel,
            src.transposed, dst.arch, dst.instr, dst.matrix, dst.layout,
            dst.opsel, dst.transposed, st, checked, checked ? msg : "",
            planned, msg2);
    check(0, "plan_relayout agrees with relayout_check");
  }
  if (planned)
    return;
  check(plan.nfetch >= 0 && plan.nfetch <= WMMA_PLAN_MAX_FETCH &&
            plan.npick >= 0 && plan.npick <= WMMA_PLAN_MAX_PICKS &&
            plan.src_len <= WMMA_PLAN_MAX_VALUES &&
            plan.dst_len <= WMMA_PLAN_MAX_VALUES,
        "plan within its limits");
  int eb = plan.elem_bits, rows, cols;
  wmma_frag_dims(&dst, &rows, &cols);
  /* 4-bit values cannot hold a distinct tag per element. */
  if (eb < 8 || (eb == 8 && rows * cols > 255))
    return;
  static uint32_t sw[32][32], dw[32][32];
  memset(sw, 0, sizeof sw);
  memset(dw, 0, sizeof dw);
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < plan.src_len; ++v) {
      int r, c;
      if (wmma_frag_coord(&src, l, v, &r, &c))
        put(sw, l, v, eb, tag(r, c, cols, eb));
    }
  wmma_plan_simulate(&plan, (const uint32_t(*)[32])sw, dw);
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < plan.dst_len; ++v) {
      int r, c;
      if (wmma_frag_coord(&dst, l, v, &r, &c))
        check(get(dw, l, v, eb) == tag(r, c, cols, eb),
              "the plan moves every element where the destination wants it");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  input in = {data, size};
  while (in.n) {
    switch (take(&in, 1) % 5) {
    case 0: names(&in); break;
    case 1: select_and_atoms(&in); break;
    case 2: hw_maps(&in); break;
    case 3: fragments(&in); break;
    default: planner(&in); break;
    }
  }
  return 0;
}
