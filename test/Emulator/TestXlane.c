/* Cross-lane operations against per-lane results computed here: each case
 * is a small generated kernel (in[l] = data, in[32 + l] = a second
 * operand), run with full exec and with a partial exec mask. */
#include "TestUtil.h"

#include <stdlib.h>
#include <string.h>

static const char *kDecls =
    "declare i32 @llvm.amdgcn.workitem.id.x()\n"
    "declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)\n"
    "declare i32 @llvm.amdgcn.permlanex16.i32(i32, i32, i32, i32, i1, i1)\n"
    "declare i32 @llvm.amdgcn.ds.swizzle(i32, i32)\n"
    "declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)\n"
    "declare i32 @llvm.amdgcn.mov.dpp8.i32(i32, i32)\n"
    "declare i32 @llvm.amdgcn.readlane.i32(i32, i32)\n"
    "declare i32 @llvm.amdgcn.readfirstlane.i32(i32)\n"
    "declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)\n"
    "declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)\n"
    "declare i32 @llvm.amdgcn.ballot.i32(i1)\n";

static uint32_t g_in[64], g_out[32];

/* Runs `body` (computing %r from %v, %w, %l) for the lanes in `active`
 * (a mask expressed as a constant tested in IR). */
static int run_case(const char *body, uint32_t active, const char *what) {
  char ir[8192];
  snprintf(ir, sizeof ir,
           "%s"
           "define amdgpu_kernel void @k(ptr addrspace(1) %%in, ptr addrspace(1) %%out)"
           " #0 {\n"
           "entry:\n"
           "  %%l = call i32 @llvm.amdgcn.workitem.id.x()\n"
           "  %%p = getelementptr i32, ptr addrspace(1) %%in, i32 %%l\n"
           "  %%v = load i32, ptr addrspace(1) %%p\n"
           "  %%p2 = getelementptr i32, ptr addrspace(1) %%p, i32 32\n"
           "  %%w = load i32, ptr addrspace(1) %%p2\n"
           "  %%q = getelementptr i32, ptr addrspace(1) %%out, i32 %%l\n"
           "  %%bit = shl i32 1, %%l\n"
           "  %%on = and i32 %%bit, %u\n"
           "  %%c = icmp ne i32 %%on, 0\n"
           "  br i1 %%c, label %%then, label %%exit\n"
           "then:\n"
           "%s\n"
           "  store i32 %%r, ptr addrspace(1) %%q\n"
           "  br label %%exit\n"
           "exit:\n"
           "  ret void\n"
           "}\n"
           "attributes #0 = { \"target-cpu\"=\"gfx1100\" }\n",
           kDecls, active, body);
  wmma_emu_module *m = test_load(ir);
  for (int l = 0; l < 32; l++)
    g_out[l] = 0xdeadbeefu;
  int bufs[2] = {wmma_emu_buffer_create(m, sizeof g_in, g_in),
                 wmma_emu_buffer_create(m, sizeof g_out, g_out)};
  int rc = test_run(m, bufs, 2, 32);
  CHECK(rc == 0, "%s: launch failed: %s", what, wmma_emu_last_error(m));
  wmma_emu_buffer_read(m, bufs[1], g_out, sizeof g_out);
  wmma_emu_destroy(m);
  return rc;
}

static void expect(const uint32_t *want, uint32_t active, const char *what) {
  int bad = 0;
  for (int l = 0; l < 32; l++) {
    uint32_t w = (active >> l) & 1 ? want[l] : 0xdeadbeefu;
    if (g_out[l] != w && bad++ < 2)
      CHECK(0, "%s: lane %d = 0x%08x, want 0x%08x", what, l, g_out[l], w);
    g_checks++;
  }
}

static void fill_random(uint32_t wmax) {
  for (int l = 0; l < 32; l++) {
    g_in[l] = test_rand();
    g_in[32 + l] = wmax ? test_rand() % wmax : test_rand();
  }
}

static const uint32_t kMasks[] = {0xffffffffu, 0x0000ffffu, 0xa5a5f00fu, 0xfffffffeu};

static void test_bpermute(void) {
  for (size_t mi = 0; mi < 4; mi++) {
    uint32_t act = kMasks[mi];
    fill_random(1024);
    uint32_t want[32];
    for (int l = 0; l < 32; l++) {
      uint32_t s = (g_in[32 + l] >> 2) & 31;
      want[l] = (act >> s) & 1 ? g_in[s] : 0;
    }
    char what[64];
    snprintf(what, sizeof what, "ds_bpermute exec=0x%08x", act);
    if (!run_case("  %r = call i32 @llvm.amdgcn.ds.bpermute(i32 %w, i32 %v)", act, what))
      expect(want, act, what);
  }
}

static void test_permlanex16(void) {
  static const uint32_t sels[][2] = {
      {0x76543210u, 0xfedcba98u}, {0x01234567u, 0x89abcdefu},
      {0x00000000u, 0x00000000u}, {0x33333333u, 0xffffffffu}};
  for (size_t si = 0; si < 4 + 2; si++) {
    uint32_t lo, hi;
    if (si < 4) {
      lo = sels[si][0];
      hi = sels[si][1];
    } else {
      lo = test_rand();
      hi = test_rand();
    }
    for (int fi = 0; fi < 2; fi++)
      for (int bc = 0; bc < 2; bc++)
        for (size_t mi = 0; mi < 4; mi += 2) {
          uint32_t act = kMasks[mi];
          fill_random(0);
          uint32_t want[32];
          for (int l = 0; l < 32; l++) {
            uint64_t sel = ((uint64_t)hi << 32) | lo;
            int s = (l < 16 ? 16 : 0) + (int)((sel >> (4 * (l % 16))) & 15);
            if (fi || ((act >> s) & 1))
              want[l] = g_in[s];
            else
              want[l] = bc ? 0 : g_in[32 + l];
          }
          char body[256], what[128];
          snprintf(body, sizeof body,
                   "  %%r = call i32 @llvm.amdgcn.permlanex16.i32(i32 %%w, i32 %%v, "
                   "i32 %d, i32 %d, i1 %d, i1 %d)",
                   (int32_t)lo, (int32_t)hi, fi, bc);
          snprintf(what, sizeof what, "permlanex16 sel=%08x:%08x fi=%d bc=%d exec=%08x",
                   hi, lo, fi, bc, act);
          if (!run_case(body, act, what))
            expect(want, act, what);
        }
  }
  /* The classic selectors give lane ^ 16. */
  fill_random(0);
  uint32_t want[32];
  for (int l = 0; l < 32; l++)
    want[l] = g_in[l ^ 16];
  if (!run_case("  %r = call i32 @llvm.amdgcn.permlanex16.i32(i32 %w, i32 %v, "
                "i32 1985229328, i32 -19088744, i1 false, i1 false)",
                0xffffffffu, "permlanex16 lane^16"))
    expect(want, 0xffffffffu, "permlanex16 lane^16");
}

static uint32_t swizzle_src(uint32_t off, int l) {
  if (off & 0x8000)
    return (uint32_t)(l & ~3) | ((off >> (2 * (l & 3))) & 3);
  uint32_t andm = off & 31, orm = (off >> 5) & 31, xorm = (off >> 10) & 31;
  return (((uint32_t)l & andm) | orm) ^ xorm;
}

static void test_swizzle(void) {
  static const uint32_t offs[] = {0x401f, 0x041f, 0x00f0, 0x801b, 0x7c1f, 0x0010};
  for (size_t i = 0; i < sizeof offs / sizeof offs[0]; i++)
    for (size_t mi = 0; mi < 4; mi += 2) {
      uint32_t act = kMasks[mi];
      fill_random(0);
      uint32_t want[32];
      for (int l = 0; l < 32; l++) {
        uint32_t s = swizzle_src(offs[i], l) & 31;
        want[l] = (act >> s) & 1 ? g_in[s] : 0;
      }
      if (offs[i] == 0x401f)
        for (int l = 0; l < 32 && act == 0xffffffffu; l++)
          CHECK(want[l] == g_in[l ^ 16], "0x401F is the half-wave swap");
      char body[200], what[96];
      snprintf(body, sizeof body,
               "  %%r = call i32 @llvm.amdgcn.ds.swizzle(i32 %%v, i32 %u)", offs[i]);
      snprintf(what, sizeof what, "ds_swizzle 0x%04x exec=%08x", offs[i], act);
      if (!run_case(body, act, what))
        expect(want, act, what);
    }
}

/* Source lane of a gfx10+ DPP row control, -1 if none. */
static int dpp_ref(int ctrl, int l) {
  int row = l / 16, r = l % 16;
  if (ctrl < 0x100)
    return 4 * (l / 4) + ((ctrl >> (2 * (l % 4))) & 3);
  if (ctrl > 0x100 && ctrl < 0x110)
    return r + (ctrl - 0x100) <= 15 ? l + (ctrl - 0x100) : -1;
  if (ctrl > 0x110 && ctrl < 0x120)
    return r - (ctrl - 0x110) >= 0 ? l - (ctrl - 0x110) : -1;
  if (ctrl > 0x120 && ctrl < 0x130)
    return 16 * row + (r - (ctrl - 0x120) + 16) % 16;
  if (ctrl == 0x140)
    return 16 * row + 15 - r;
  if (ctrl == 0x141)
    return 8 * (l / 8) + 7 - l % 8;
  if (ctrl >= 0x150 && ctrl < 0x160)
    return 16 * row + (ctrl - 0x150);
  if (ctrl >= 0x160 && ctrl < 0x170)
    return 16 * row + (r ^ (ctrl - 0x160));
  return -1;
}

static void test_dpp(void) {
  static const int ctrls[] = {0x1b, 0xe4, 0x101, 0x10f, 0x113, 0x125, 0x140,
                              0x141, 0x153, 0x165, 0x16f};
  static const int masks[][2] = {{0xf, 0xf}, {0x1, 0xf}, {0xf, 0x5}};
  for (size_t ci = 0; ci < sizeof ctrls / sizeof ctrls[0]; ci++)
    for (int bc = 0; bc < 2; bc++)
      for (int mk = 0; mk < 3; mk++)
        for (size_t mi = 0; mi < 4; mi += 2) {
          uint32_t act = kMasks[mi];
          int rm = masks[mk][0], bm = masks[mk][1];
          fill_random(0);
          uint32_t want[32];
          for (int l = 0; l < 32; l++) {
            if (!((rm >> (l / 16)) & 1) || !((bm >> ((l / 4) % 4)) & 1)) {
              want[l] = g_in[32 + l];
              continue;
            }
            int s = dpp_ref(ctrls[ci], l);
            if (s < 0 || !((act >> s) & 1))
              want[l] = bc ? 0 : g_in[32 + l];
            else
              want[l] = g_in[s];
          }
          char body[256], what[128];
          snprintf(body, sizeof body,
                   "  %%r = call i32 @llvm.amdgcn.update.dpp.i32(i32 %%w, i32 %%v, "
                   "i32 %d, i32 %d, i32 %d, i1 %d)",
                   ctrls[ci], rm, bm, bc);
          snprintf(what, sizeof what, "update.dpp ctrl=0x%x rm=%x bm=%x bc=%d exec=%08x",
                   ctrls[ci], rm, bm, bc, act);
          if (!run_case(body, act, what))
            expect(want, act, what);
        }
  /* dpp8: lane i reads lane 8*(i/8) + sel[i%8]. */
  uint32_t sel = 0;
  int pick[8] = {7, 0, 3, 3, 1, 6, 5, 2};
  for (int i = 0; i < 8; i++)
    sel |= (uint32_t)pick[i] << (3 * i);
  fill_random(0);
  uint32_t want[32];
  for (int l = 0; l < 32; l++)
    want[l] = g_in[8 * (l / 8) + pick[l % 8]];
  char body[160];
  snprintf(body, sizeof body, "  %%r = call i32 @llvm.amdgcn.mov.dpp8.i32(i32 %%v, i32 %u)", sel);
  if (!run_case(body, 0xffffffffu, "mov.dpp8"))
    expect(want, 0xffffffffu, "mov.dpp8");
}

static void test_lanes(void) {
  for (size_t mi = 0; mi < 4; mi++) {
    uint32_t act = kMasks[mi];
    fill_random(0);
    uint32_t want[32], first = (uint32_t)__builtin_ctz(act);
    for (int l = 0; l < 32; l++)
      want[l] = g_in[7];
    if (!run_case("  %r = call i32 @llvm.amdgcn.readlane.i32(i32 %v, i32 7)", act, "readlane 7"))
      expect(want, act, "readlane 7");
    for (int l = 0; l < 32; l++)
      want[l] = g_in[first];
    if (!run_case("  %r = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %v)", act, "readfirstlane"))
      expect(want, act, "readfirstlane");
    for (int l = 0; l < 32; l++)
      want[l] = (uint32_t)l;
    if (!run_case("  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)\n"
                  "  %r = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)",
                  act, "mbcnt lane id"))
      expect(want, act, "mbcnt lane id");
    for (int l = 0; l < 32; l++)
      want[l] = g_in[32 + l] + (uint32_t)__builtin_popcount(g_in[l] & ((1u << l) - 1));
    if (!run_case("  %r = call i32 @llvm.amdgcn.mbcnt.lo(i32 %v, i32 %w)", act, "mbcnt.lo"))
      expect(want, act, "mbcnt.lo");
    uint32_t bal = 0;
    for (int l = 0; l < 32; l++)
      if ((act >> l) & 1 && (g_in[l] & 1))
        bal |= 1u << l;
    for (int l = 0; l < 32; l++)
      want[l] = bal;
    if (!run_case("  %odd = trunc i32 %v to i1\n"
                  "  %r = call i32 @llvm.amdgcn.ballot.i32(i1 %odd)",
                  act, "ballot"))
      expect(want, act, "ballot");
  }
}

int test_xlane(int argc, char **argv) {
  const char *only = argc > 0 ? argv[0] : NULL;
  test_seed(4242);
  if (!only || !strcmp(only, "bpermute"))
    test_bpermute();
  if (!only || !strcmp(only, "permlanex16"))
    test_permlanex16();
  if (!only || !strcmp(only, "swizzle"))
    test_swizzle();
  if (!only || !strcmp(only, "dpp"))
    test_dpp();
  if (!only || !strcmp(only, "lanes"))
    test_lanes();
  return 0;
}
