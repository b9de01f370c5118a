/* wmma_atom_check: resolution and diagnostics. */
#include "TestUtil.h"

static wmma_atom_desc atom(wmma_arch arch, wmma_elem a, wmma_elem b,
                           wmma_elem c, int k) {
  wmma_atom_desc d;
  memset(&d, 0, sizeof(d));
  d.arch = arch;
  d.a = a;
  d.b = b;
  d.c = c;
  d.m = 16;
  d.n = 16;
  d.k = k;
  return d;
}

static void expect_error(wmma_atom_desc d, const char *needle) {
  char msg[256] = "";
  CHECK(wmma_atom_check(&d, msg, sizeof(msg)) == WMMA_INSTR_COUNT,
        "expected failure: %s", needle);
  CHECK_CONTAINS(msg, needle);
}

int test_atoms(void) {
  for (int id = 0; id < WMMA_INSTR_COUNT; ++id) {
    const test_instr *t = &test_instrs[id];
    for (int arch = WMMA_ARCH_RDNA3; arch <= WMMA_ARCH_RDNA4; ++arch) {
      wmma_atom_desc d = atom((wmma_arch)arch, t->a, t->b, t->c, t->k);
      char msg[256] = "";
      wmma_instr got = wmma_atom_check(&d, msg, sizeof(msg));
      if (!test_available((wmma_instr)id, (wmma_arch)arch)) {
        CHECK(got == WMMA_INSTR_COUNT, "%s on rdna3", t->isa_name);
        CHECK_CONTAINS(msg, "RDNA4-only (gfx12)");
        continue;
      }
      CHECK(got == (wmma_instr)id, "%s on %d: %s", t->isa_name, arch, msg);
      /* Integer flags. */
      for (int flag = 0; flag < 3; ++flag) {
        wmma_atom_desc f = d;
        if (flag == 0)
          f.sign_a = 1;
        else if (flag == 1)
          f.sign_b = 1;
        else
          f.clamp = 1;
        if (t->is_integer)
          CHECK(wmma_atom_check(&f, NULL, 0) == (wmma_instr)id,
                "%s flag %d", t->isa_name, flag);
        else
          expect_error(f, "sign_a/sign_b/clamp only apply to integer atoms");
      }
      /* opsel: only RDNA3 16-bit accumulators. */
      wmma_atom_desc o = d;
      o.opsel = 1;
      if (t->has_opsel && arch == WMMA_ARCH_RDNA3)
        CHECK(wmma_atom_check(&o, NULL, 0) == (wmma_instr)id, "%s opsel",
              t->isa_name);
      else
        expect_error(o, "opsel applies only to 16-bit accumulators on rdna3");
      o.opsel = 2;
      expect_error(o, "opsel must be 0 or 1");
    }
  }
  /* Mixed fp8/bf8 operands select the mixed instructions. */
  wmma_atom_desc mixed =
      atom(WMMA_ARCH_RDNA4, WMMA_ELEM_FP8, WMMA_ELEM_BF8, WMMA_ELEM_F32, 16);
  CHECK(wmma_atom_check(&mixed, NULL, 0) == WMMA_INSTR_F32_16X16X16_FP8_BF8,
        "fp8 x bf8");
  mixed.a = WMMA_ELEM_BF8;
  mixed.b = WMMA_ELEM_FP8;
  CHECK(wmma_atom_check(&mixed, NULL, 0) == WMMA_INSTR_F32_16X16X16_BF8_FP8,
        "bf8 x fp8");

  expect_error(
      atom(WMMA_ARCH_RDNA3, WMMA_ELEM_IU4, WMMA_ELEM_IU4, WMMA_ELEM_I32, 32),
      "v_wmma_i32_16x16x32_iu4 is RDNA4-only (gfx12)");
  expect_error(
      atom(WMMA_ARCH_RDNA4, WMMA_ELEM_IU8, WMMA_ELEM_F16, WMMA_ELEM_I32, 16),
      "no WMMA instruction takes iu8 x f16");
  expect_error(
      atom(WMMA_ARCH_RDNA4, WMMA_ELEM_F16, WMMA_ELEM_F16, WMMA_ELEM_F32, 32),
      "m and n must be 16; k must be 16 (32 only for iu4 on rdna4)");
  wmma_atom_desc wide =
      atom(WMMA_ARCH_RDNA4, WMMA_ELEM_F16, WMMA_ELEM_F16, WMMA_ELEM_F32, 16);
  wide.m = 32;
  expect_error(wide, "m and n must be 16");
  expect_error(
      atom(WMMA_ARCH_RDNA3, WMMA_ELEM_BF8, WMMA_ELEM_BF8, WMMA_ELEM_F32, 16),
      "v_wmma_f32_16x16x16_bf8_bf8 is RDNA4-only (gfx12)");
  expect_error(
      atom(WMMA_ARCH_INVALID, WMMA_ELEM_F16, WMMA_ELEM_F16, WMMA_ELEM_F32, 16),
      "unknown architecture");
  char msg[64] = "";
  CHECK(wmma_atom_check(NULL, msg, sizeof(msg)) == WMMA_INSTR_COUNT,
        "NULL atom");
  return 0;
}
