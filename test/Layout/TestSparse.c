/* Sparse WMMA (v_swmmac): the table, selection and atom diagnostics, and
 * the structure of the register maps beyond what the calculator rows show
 * (amd-calculator.test compares those): every compressed A value and every
 * B/C element has its own bits, every bit of the operand registers holds
 * exactly one, and every compressed value's 2-bit index sits in the lane
 * that holds the value, all fields disjoint. */
#include "TestUtil.h"

/* Marks bits lo..hi of (lane, vgpr) in used[lane][vgpr]; 0 if one was
 * already marked or the location is out of range. */
static int mark(uint32_t used[32][8], int nvgpr, wmma_reg_loc l) {
  if (l.lane < 0 || l.lane >= 32 || l.vgpr < 0 || l.vgpr >= nvgpr ||
      l.bit_lo < 0 || l.bit_hi > 31 || l.bit_lo > l.bit_hi)
    return 0;
  uint32_t bits = (l.bit_hi == 31 ? 0xffffffffu : (1u << (l.bit_hi + 1)) - 1) &
                  ~((1u << l.bit_lo) - 1);
  if (used[l.lane][l.vgpr] & bits)
    return 0;
  used[l.lane][l.vgpr] |= bits;
  return 1;
}

static int all_used(uint32_t used[32][8], int nvgpr, uint32_t want) {
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < nvgpr; ++v)
      if (used[l][v] != want)
        return 0;
  return 1;
}

static void check_maps(wmma_sparse_instr id) {
  const wmma_sparse_info *s = wmma_sparse_get(id);
  uint32_t used[32][8];
  /* Compressed A: a bijection onto the A registers. */
  int nv = wmma_sparse_vgprs(id, WMMA_SPARSE_A), ok = nv >= 1 && nv <= 8;
  memset(used, 0, sizeof used);
  for (int m = 0; ok && m < 16; ++m)
    for (int j = 0; j < s->k / 2; ++j) {
      wmma_reg_loc l, x;
      ok &= wmma_sparse_value_locate(id, m, j, &l) && mark(used, nv, l) &&
            l.bit_hi - l.bit_lo + 1 == wmma_elem_bits(s->a) &&
            wmma_sparse_index_locate(id, m, j, &x) && x.lane == l.lane &&
            x.vgpr == 0 && x.bit_hi == x.bit_lo + 1;
    }
  CHECK(ok && all_used(used, nv, 0xffffffffu), "%s: A values fill %d vgprs",
        s->isa_name, nv);
  /* Index fields: disjoint, exactly the low index_bits of every lane. */
  memset(used, 0, sizeof used);
  ok = wmma_sparse_vgprs(id, WMMA_SPARSE_INDEX) == 1;
  for (int m = 0; ok && m < 16; ++m)
    for (int j = 0; j < s->k / 2; ++j) {
      wmma_reg_loc x;
      ok &= wmma_sparse_index_locate(id, m, j, &x) && mark(used, 1, x);
    }
  uint32_t low = s->index_bits == 32 ? 0xffffffffu : (1u << s->index_bits) - 1;
  CHECK(ok && all_used(used, 1, low), "%s: index fields fill %d bits",
        s->isa_name, s->index_bits);
  /* B and D: bijections. */
  for (int op = WMMA_SPARSE_B; op <= WMMA_SPARSE_D; op += 2) {
    int rows, cols;
    wmma_sparse_dims(id, (wmma_sparse_operand)op, &rows, &cols);
    nv = wmma_sparse_vgprs(id, (wmma_sparse_operand)op);
    memset(used, 0, sizeof used);
    ok = nv >= 1 && nv <= 8;
    for (int r = 0; ok && r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        wmma_reg_loc l;
        ok &= wmma_sparse_locate(id, (wmma_sparse_operand)op, r, c, &l) &&
              mark(used, nv, l);
      }
    CHECK(ok && all_used(used, nv, 0xffffffffu), "%s %s: a bijection",
          s->isa_name, wmma_sparse_operand_name((wmma_sparse_operand)op));
  }
}

static wmma_atom_desc sparse_atom(wmma_arch arch, const wmma_sparse_info *s) {
  wmma_atom_desc d;
  memset(&d, 0, sizeof d);
  d.arch = arch;
  d.a = s->a, d.b = s->b, d.c = s->c;
  d.m = s->m, d.n = s->n, d.k = s->k;
  d.sparse = 1;
  return d;
}

int test_sparse(void) {
  char msg[256];
  for (int i = 0; i < WMMA_SPARSE_COUNT; ++i) {
    const wmma_sparse_info *s = wmma_sparse_get((wmma_sparse_instr)i);
    CHECK(s && s->id == (wmma_sparse_instr)i, "table row %d", i);
    CHECK(wmma_sparse_lookup(s->isa_name) == (wmma_sparse_instr)i, "%s lookup",
          s->isa_name);
    CHECK(wmma_sparse_available((wmma_sparse_instr)i, WMMA_ARCH_RDNA4) &&
              !wmma_sparse_available((wmma_sparse_instr)i, WMMA_ARCH_RDNA3),
          "%s: RDNA4 only", s->isa_name);
    wmma_atom_desc d = sparse_atom(WMMA_ARCH_RDNA4, s);
    msg[0] = 0;
    CHECK(wmma_sparse_atom_check(&d, msg, sizeof msg) == (wmma_sparse_instr)i,
          "%s selected: %s", s->isa_name, msg);
    /* A sparse atom never resolves to a dense instruction. */
    msg[0] = 0;
    CHECK(wmma_atom_check(&d, msg, sizeof msg) == WMMA_INSTR_COUNT, "%s dense",
          s->isa_name);
    CHECK_CONTAINS(msg, "v_swmmac");
    d.arch = WMMA_ARCH_RDNA3;
    msg[0] = 0;
    CHECK(wmma_sparse_atom_check(&d, msg, sizeof msg) == WMMA_SPARSE_COUNT,
          "%s refused on rdna3", s->isa_name);
    CHECK_CONTAINS(msg, "RDNA4-only (gfx12); rdna3 has no sparse WMMA");
    check_maps((wmma_sparse_instr)i);
  }
  CHECK(wmma_sparse_get(WMMA_SPARSE_COUNT) == NULL &&
            wmma_sparse_lookup("v_wmma_f32_16x16x16_f16") == WMMA_SPARSE_COUNT &&
            wmma_sparse_lookup(NULL) == WMMA_SPARSE_COUNT,
        "out of range");
  /* Shape and flag diagnostics. */
  wmma_atom_desc d = sparse_atom(WMMA_ARCH_RDNA4,
                                 wmma_sparse_get(WMMA_SPARSE_F32_16X16X32_F16));
  d.k = 16;
  CHECK(wmma_sparse_atom_check(&d, msg, sizeof msg) == WMMA_SPARSE_COUNT, "k 16");
  CHECK_CONTAINS(msg, "16x16x32, and 16x16x64 for iu4");
  d.k = 32;
  d.clamp = 1;
  CHECK(wmma_sparse_atom_check(&d, msg, sizeof msg) == WMMA_SPARSE_COUNT, "clamp");
  CHECK_CONTAINS(msg, "only apply to integer atoms");
  CHECK(wmma_sparse_atom_check(NULL, msg, sizeof msg) == WMMA_SPARSE_COUNT, "null");
  /* Out-of-range locations. */
  wmma_reg_loc l;
  CHECK(!wmma_sparse_value_locate(WMMA_SPARSE_F32_16X16X32_F16, 0, 16, &l) &&
            !wmma_sparse_index_locate(WMMA_SPARSE_F32_16X16X32_F16, 16, 0, &l) &&
            !wmma_sparse_locate(WMMA_SPARSE_F32_16X16X32_F16, WMMA_SPARSE_B, 32,
                                0, &l) &&
            !wmma_sparse_locate(WMMA_SPARSE_COUNT, WMMA_SPARSE_A, 0, 0, &l) &&
            !wmma_sparse_locate(WMMA_SPARSE_F32_16X16X32_F16,
                                WMMA_SPARSE_OPERAND_COUNT, 0, 0, &l) &&
            wmma_sparse_layout_text(WMMA_SPARSE_COUNT, WMMA_SPARSE_A,
                                    WMMA_TEXT_TSV, NULL, 0) == 0,
        "invalid input refused");
  return 0;
}
