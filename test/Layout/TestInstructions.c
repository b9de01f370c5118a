/* Element types, the instruction table, availability and selection. */
#include "TestUtil.h"

int test_instructions(void) {
  static const char *const elem_names[] = {"f16", "bf16", "f32", "i32",
                                           "iu8", "iu4",  "fp8", "bf8"};
  static const int elem_bits[] = {16, 16, 32, 32, 8, 4, 8, 8};
  for (int e = 0; e < WMMA_ELEM_COUNT; ++e) {
    CHECK(strcmp(wmma_elem_name((wmma_elem)e), elem_names[e]) == 0,
          "elem %d", e);
    CHECK(wmma_elem_bits((wmma_elem)e) == elem_bits[e], "elem %d bits", e);
  }

  int per_arch[5] = {0};
  for (int id = 0; id < WMMA_INSTR_COUNT; ++id) {
    const test_instr *t = &test_instrs[id];
    const wmma_instr_info *info = wmma_instr_get((wmma_instr)id);
    CHECK(info != NULL, "instr %d", id);
    if (!info)
      continue;
    CHECK(info->id == t->id, "%s id", t->isa_name);
    CHECK(strcmp(info->isa_name, t->isa_name) == 0, "%s", info->isa_name);
    CHECK(strcmp(info->rocdl_name, t->rocdl_name) == 0, "%s",
          info->rocdl_name);
    CHECK(info->a == t->a && info->b == t->b && info->c == t->c,
          "%s element types", t->isa_name);
    CHECK(info->m == 16 && info->n == 16 && info->k == t->k, "%s shape",
          t->isa_name);
    CHECK(!!info->is_integer == t->is_integer, "%s is_integer", t->isa_name);
    CHECK(!!info->has_opsel == t->has_opsel, "%s has_opsel", t->isa_name);
    unsigned mask = WMMA_ARCH_BIT(WMMA_ARCH_RDNA4) |
                    (t->on_rdna3 ? WMMA_ARCH_BIT(WMMA_ARCH_RDNA3) : 0u);
    CHECK(info->arch_mask == mask, "%s arch mask", t->isa_name);
    CHECK(wmma_instr_lookup(t->isa_name) == (wmma_instr)id, "lookup %s",
          t->isa_name);
    for (int arch = WMMA_ARCH_RDNA3; arch <= WMMA_ARCH_RDNA4; ++arch) {
      int avail = wmma_instr_available((wmma_instr)id, (wmma_arch)arch);
      CHECK(avail == test_available((wmma_instr)id, (wmma_arch)arch),
            "%s on %d", t->isa_name, arch);
      per_arch[arch] += avail;
      /* Selection from the element types must find exactly this one. */
      char msg[256] = "";
      wmma_instr sel = wmma_instr_select((wmma_arch)arch, t->a, t->b, t->c,
                                         16, 16, t->k, msg, sizeof(msg));
      if (avail) {
        CHECK(sel == (wmma_instr)id, "select %s on %d", t->isa_name, arch);
      } else {
        CHECK(sel == WMMA_INSTR_COUNT, "select %s on %d", t->isa_name, arch);
        char expected[128];
        snprintf(expected, sizeof(expected), "%s is RDNA4-only (gfx12)",
                 t->isa_name);
        CHECK_CONTAINS(msg, expected);
      }
    }
    CHECK(!wmma_instr_available((wmma_instr)id, WMMA_ARCH_INVALID),
          "%s on invalid arch", t->isa_name);
    /* Operand dims and element types. */
    int rows, cols;
    wmma_matrix_dims((wmma_instr)id, WMMA_MATRIX_A, &rows, &cols);
    CHECK(rows == 16 && cols == t->k, "%s A dims", t->isa_name);
    wmma_matrix_dims((wmma_instr)id, WMMA_MATRIX_B, &rows, &cols);
    CHECK(rows == t->k && cols == 16, "%s B dims", t->isa_name);
    wmma_matrix_dims((wmma_instr)id, WMMA_MATRIX_C, &rows, &cols);
    CHECK(rows == 16 && cols == 16, "%s C dims", t->isa_name);
    wmma_matrix_dims((wmma_instr)id, WMMA_MATRIX_D, &rows, &cols);
    CHECK(rows == 16 && cols == 16, "%s D dims", t->isa_name);
    CHECK(wmma_matrix_elem((wmma_instr)id, WMMA_MATRIX_A) == t->a, "A elem");
    CHECK(wmma_matrix_elem((wmma_instr)id, WMMA_MATRIX_B) == t->b, "B elem");
    CHECK(wmma_matrix_elem((wmma_instr)id, WMMA_MATRIX_C) == t->c, "C elem");
    CHECK(wmma_matrix_elem((wmma_instr)id, WMMA_MATRIX_D) == t->c, "D elem");
  }
  CHECK(per_arch[WMMA_ARCH_RDNA3] == 6, "rdna3 has %d", per_arch[3]);
  CHECK(per_arch[WMMA_ARCH_RDNA4] == 11, "rdna4 has %d", per_arch[4]);
  CHECK(wmma_instr_get(WMMA_INSTR_COUNT) == NULL, "get out of range");
  CHECK(wmma_instr_get((wmma_instr)-1) == NULL, "get negative");
  CHECK(wmma_instr_lookup("v_wmma_f32_16x16x16_f8") == WMMA_INSTR_COUNT,
        "unknown name");
  CHECK(wmma_instr_lookup("rocdl.wmma.f32.16x16x16.f16") == WMMA_INSTR_COUNT,
        "rocdl name is not an ISA name");
  CHECK(wmma_instr_lookup(NULL) == WMMA_INSTR_COUNT, "NULL name");

  /* Selection errors. */
  struct {
    wmma_arch arch;
    wmma_elem a, b, c;
    int m, n, k;
    const char *needle;
  } bad[] = {
      {WMMA_ARCH_RDNA3, WMMA_ELEM_IU4, WMMA_ELEM_IU4, WMMA_ELEM_I32, 16, 16,
       32, "v_wmma_i32_16x16x32_iu4 is RDNA4-only (gfx12)"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_IU8, WMMA_ELEM_F16, WMMA_ELEM_I32, 16, 16,
       16, "no WMMA instruction takes iu8 x f16"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_IU8, WMMA_ELEM_IU4, WMMA_ELEM_I32, 16, 16,
       16, "no WMMA instruction takes iu8 x iu4"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_F16, WMMA_ELEM_BF16, WMMA_ELEM_F32, 16, 16,
       16, "no WMMA instruction takes f16 x bf16"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_F32, WMMA_ELEM_F32, WMMA_ELEM_F32, 16, 16,
       16, "no WMMA instruction takes f32 x f32"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_FP8, WMMA_ELEM_IU8, WMMA_ELEM_F32, 16, 16,
       16, "no WMMA instruction takes fp8 x iu8"},
      {WMMA_ARCH_RDNA3, WMMA_ELEM_F16, WMMA_ELEM_F16, WMMA_ELEM_F16, 32, 16,
       16, "m and n must be 16; k must be 16 (32 only for iu4 on rdna4)"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_F16, WMMA_ELEM_F16, WMMA_ELEM_F32, 16, 8,
       16, "m and n must be 16"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_F16, WMMA_ELEM_F16, WMMA_ELEM_F32, 16, 16,
       32, "k must be 16 (32 only for iu4 on rdna4)"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_IU8, WMMA_ELEM_IU8, WMMA_ELEM_I32, 16, 16,
       32, "k must be 16 (32 only for iu4 on rdna4)"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_F16, WMMA_ELEM_F16, WMMA_ELEM_F32, 16, 16,
       8, "k must be 16"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_F16, WMMA_ELEM_F16, WMMA_ELEM_I32, 16, 16,
       16, "no WMMA instruction takes f16 x f16 with a i32 accumulator"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_F16, WMMA_ELEM_F16, WMMA_ELEM_BF16, 16, 16,
       16, "expected f32 or f16"},
      {WMMA_ARCH_RDNA4, WMMA_ELEM_IU8, WMMA_ELEM_IU8, WMMA_ELEM_F32, 16, 16,
       16, "expected i32"},
      {WMMA_ARCH_RDNA3, WMMA_ELEM_FP8, WMMA_ELEM_BF8, WMMA_ELEM_F32, 16, 16,
       16, "v_wmma_f32_16x16x16_fp8_bf8 is RDNA4-only (gfx12)"},
      {WMMA_ARCH_INVALID, WMMA_ELEM_F16, WMMA_ELEM_F16, WMMA_ELEM_F32, 16, 16,
       16, "unknown architecture"},
  };
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); ++i) {
    char msg[256] = "";
    wmma_instr sel = wmma_instr_select(bad[i].arch, bad[i].a, bad[i].b,
                                       bad[i].c, bad[i].m, bad[i].n, bad[i].k,
                                       msg, sizeof(msg));
    CHECK(sel == WMMA_INSTR_COUNT, "bad selection %zu", i);
    CHECK_CONTAINS(msg, bad[i].needle);
  }
  /* A NULL or tiny message buffer must be safe. */
  CHECK(wmma_instr_select(WMMA_ARCH_RDNA3, WMMA_ELEM_IU8, WMMA_ELEM_F16,
                          WMMA_ELEM_I32, 16, 16, 16, NULL, 0) ==
            WMMA_INSTR_COUNT,
        "NULL msg");
  char tiny[4];
  CHECK(wmma_instr_select(WMMA_ARCH_RDNA3, WMMA_ELEM_IU8, WMMA_ELEM_F16,
                          WMMA_ELEM_I32, 16, 16, 16, tiny, sizeof(tiny)) ==
                WMMA_INSTR_COUNT &&
            strlen(tiny) == 3,
        "tiny msg");
  return 0;
}
