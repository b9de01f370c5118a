/* Numeric tests of every WMMA instruction on RDNA3 and RDNA4.
 *
 * Deliberately independent of the layout engine: operands are placed in
 * registers with the closed-form rules of docs/hardware.md transcribed
 * below, the kernel (generated IR) loads each lane's registers from a
 * lane-major buffer, calls the intrinsic and stores the result registers,
 * and D is decoded with the same closed forms and compared element-wise
 * with a plain C reference, within a tolerance derived from type and K. */
#include "TestUtil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef enum { E_F16, E_BF16, E_F32, E_I32, E_IU8, E_IU4, E_FP8, E_BF8 } Elem;

static int ebits(Elem e) {
  static const int b[] = {16, 16, 32, 32, 8, 4, 8, 8};
  return b[e];
}

typedef struct {
  const char *intr; /* llvm.amdgcn.wmma.<intr>.<suffix> */
  const char *isa;
  Elem a, b, c;
  int k;
  int rdna4_only;
  int integer;
  int opsel; /* 16-bit accumulator with an OPSEL operand */
} TInstr;

static const TInstr kInstrs[] = {
    {"f32.16x16x16.f16", "v_wmma_f32_16x16x16_f16", E_F16, E_F16, E_F32, 16, 0, 0, 0},
    {"f32.16x16x16.bf16", "v_wmma_f32_16x16x16_bf16", E_BF16, E_BF16, E_F32, 16, 0, 0, 0},
    {"f16.16x16x16.f16", "v_wmma_f16_16x16x16_f16", E_F16, E_F16, E_F16, 16, 0, 0, 1},
    {"bf16.16x16x16.bf16", "v_wmma_bf16_16x16x16_bf16", E_BF16, E_BF16, E_BF16, 16, 0, 0, 1},
    {"i32.16x16x16.iu8", "v_wmma_i32_16x16x16_iu8", E_IU8, E_IU8, E_I32, 16, 0, 1, 0},
    {"i32.16x16x16.iu4", "v_wmma_i32_16x16x16_iu4", E_IU4, E_IU4, E_I32, 16, 0, 1, 0},
    {"i32.16x16x32.iu4", "v_wmma_i32_16x16x32_iu4", E_IU4, E_IU4, E_I32, 32, 1, 1, 0},
    {"f32.16x16x16.fp8.fp8", "v_wmma_f32_16x16x16_fp8_fp8", E_FP8, E_FP8, E_F32, 16, 1, 0, 0},
    {"f32.16x16x16.fp8.bf8", "v_wmma_f32_16x16x16_fp8_bf8", E_FP8, E_BF8, E_F32, 16, 1, 0, 0},
    {"f32.16x16x16.bf8.fp8", "v_wmma_f32_16x16x16_bf8_fp8", E_BF8, E_FP8, E_F32, 16, 1, 0, 0},
    {"f32.16x16x16.bf8.bf8", "v_wmma_f32_16x16x16_bf8_bf8", E_BF8, E_BF8, E_F32, 16, 1, 0, 0},
};
#define NINSTR ((int)(sizeof kInstrs / sizeof kInstrs[0]))

/*===-- closed-form register placement (docs/hardware.md) ---------------===*/

typedef struct {
  int lane, vgpr, bit;
} Loc;

/* A[r][k] (or B[k][r]): returns the number of copies (2 on RDNA3). */
static int place_ab(int rdna4, int eb, int K, int r, int k, Loc out[2]) {
  if (!rdna4) {
    int per = 32 / eb; /* all K of a row in each lane, packed in order */
    out[0].lane = r;
    out[0].vgpr = k / per;
    out[0].bit = (k % per) * eb;
    out[1] = out[0];
    out[1].lane = r + 16;
    return 2;
  }
  if (eb == 16) {
    out[0].lane = r + 16 * ((k / 4) % 2);
    out[0].vgpr = 2 * (k / 8) + (k / 2) % 2;
    out[0].bit = 16 * (k % 2);
  } else if (eb == 8) {
    out[0].lane = r + 16 * (k / 8);
    out[0].vgpr = (k / 4) % 2;
    out[0].bit = 8 * (k % 4);
  } else if (K == 16) {
    out[0].lane = r + 16 * (k / 8);
    out[0].vgpr = 0;
    out[0].bit = 4 * (k % 8);
  } else {
    out[0].lane = r + 16 * (k / 16);
    out[0].vgpr = (k / 8) % 2;
    out[0].bit = 4 * (k % 8);
  }
  return 1;
}

static Loc place_cd(int rdna4, int eb, int opsel, int m, int n) {
  Loc l;
  if (!rdna4) {
    l.lane = n + 16 * (m % 2);
    l.vgpr = m / 2;
    l.bit = eb == 16 ? 16 * opsel : 0;
  } else if (eb == 32) {
    l.lane = n + 16 * (m / 8);
    l.vgpr = m % 8;
    l.bit = 0;
  } else {
    l.lane = n + 16 * (m / 8);
    l.vgpr = (m / 2) % 4;
    l.bit = 16 * (m % 2);
  }
  return l;
}

static int ab_vgprs(int rdna4, const TInstr *t, Elem e) {
  int per_lane = rdna4 ? t->k / 2 : t->k;
  return per_lane * ebits(e) / 32;
}

static int cd_vgprs(int rdna4, const TInstr *t) {
  return rdna4 && ebits(t->c) == 16 ? 4 : 8;
}

/*===-- independent decoders --------------------------------------------===*/

static double dec_f16(uint32_t h) {
  int s = (h >> 15) & 1, e = (h >> 10) & 31, m = h & 1023;
  double v = e == 31 ? (m ? NAN : INFINITY)
             : e == 0 ? ldexp(m, -24) : ldexp(1024 + m, e - 25);
  return s ? -v : v;
}
static double dec_bf16(uint32_t h) {
  union { uint32_t u; float f; } x;
  x.u = h << 16;
  return x.f;
}
static double dec_fp8(uint32_t c) { /* E4M3FN */
  int s = (c >> 7) & 1, e = (c >> 3) & 15, m = c & 7;
  double v = (e == 15 && m == 7) ? NAN : e == 0 ? ldexp(m, -9) : ldexp(8 + m, e - 10);
  return s ? -v : v;
}
static double dec_bf8(uint32_t c) { /* E5M2 */
  int s = (c >> 7) & 1, e = (c >> 2) & 31, m = c & 3;
  double v = e == 31 ? (m ? NAN : INFINITY) : e == 0 ? ldexp(m, -16) : ldexp(4 + m, e - 17);
  return s ? -v : v;
}
static double dec_elem(Elem e, uint32_t v) {
  switch (e) {
  case E_F16: return dec_f16(v);
  case E_BF16: return dec_bf16(v);
  case E_FP8: return dec_fp8(v);
  case E_BF8: return dec_bf8(v);
  case E_F32: {
    union { uint32_t u; float f; } x;
    x.u = v;
    return x.f;
  }
  default: return 0;
  }
}

/* Random finite element of moderate magnitude. */
static uint32_t rand_elem(Elem e) {
  uint32_t r = test_rand();
  switch (e) {
  case E_F16: return (r & 0x8000) | ((12 + r % 6) << 10) | ((r >> 8) & 1023);
  case E_BF16: return (r & 0x8000) | ((124 + r % 6) << 7) | ((r >> 8) & 127);
  case E_FP8: { uint32_t c = r & 0xff; return (c & 0x7f) == 0x7f ? 0x38 : c; }
  case E_BF8: { uint32_t c = r & 0xff; return ((c >> 2) & 31) == 31 ? 0x3c : c; }
  case E_IU8: return r & 0xff;
  case E_IU4: return r & 0xf;
  case E_F32: {
    union { uint32_t u; float f; } x;
    x.f = (float)((double)(r >> 8) / (1 << 24) * 8.0 - 4.0);
    return x.u;
  }
  default: return (uint32_t)((int32_t)(r % 2001) - 1000);
  }
}

/*===-- IR generation ---------------------------------------------------===*/

/* LLVM type of an operand of `vgprs` registers of element kind e, and its
 * intrinsic-name mangling. */
static void op_type(Elem e, int vgprs, char *ty, size_t tcap, char *mangle,
                    size_t mcap) {
  switch (e) {
  case E_F16:
    snprintf(ty, tcap, "<%d x half>", vgprs * 2);
    snprintf(mangle, mcap, "v%df16", vgprs * 2);
    return;
  case E_BF16:
    snprintf(ty, tcap, "<%d x i16>", vgprs * 2);
    snprintf(mangle, mcap, "v%di16", vgprs * 2);
    return;
  case E_F32:
    snprintf(ty, tcap, "<%d x float>", vgprs);
    snprintf(mangle, mcap, "v%df32", vgprs);
    return;
  default:
    if (vgprs == 1) {
      snprintf(ty, tcap, "i32");
      snprintf(mangle, mcap, "i32");
    } else {
      snprintf(ty, tcap, "<%d x i32>", vgprs);
      snprintf(mangle, mcap, "v%di32", vgprs);
    }
  }
}

static void make_ir(char *ir, size_t cap, const char *chip, int rdna4,
                    const TInstr *t, int opsel, int sa, int sb, int clamp) {
  char at[32], am[32], bt[32], bm[32], ct[32], cm[32];
  op_type(t->a, ab_vgprs(rdna4, t, t->a), at, sizeof at, am, sizeof am);
  op_type(t->b, ab_vgprs(rdna4, t, t->b), bt, sizeof bt, bm, sizeof bm);
  op_type(t->c, cd_vgprs(rdna4, t), ct, sizeof ct, cm, sizeof cm);
  char call[512];
  if (t->integer)
    snprintf(call, sizeof call,
             "call %s @llvm.amdgcn.wmma.%s.%s.%s(i1 %d, %s %%va, i1 %d, %s %%vb, "
             "%s %%vc, i1 %d)",
             ct, t->intr, cm, am, sa, at, sb, bt, ct, clamp);
  else if (t->opsel)
    snprintf(call, sizeof call,
             "call %s @llvm.amdgcn.wmma.%s.%s.%s(%s %%va, %s %%vb, %s %%vc, i1 %d)",
             ct, t->intr, cm, am, at, bt, ct, opsel);
  else
    snprintf(call, sizeof call,
             "call %s @llvm.amdgcn.wmma.%s.%s.%s(%s %%va, %s %%vb, %s %%vc)", ct,
             t->intr, cm, am, at, bt, ct);
  snprintf(ir, cap,
           "declare i32 @llvm.amdgcn.workitem.id.x()\n"
           "define amdgpu_kernel void @k(ptr addrspace(1) %%a, ptr addrspace(1) %%b,"
           " ptr addrspace(1) %%c, ptr addrspace(1) %%d) #0 {\n"
           "  %%l = call i32 @llvm.amdgcn.workitem.id.x()\n"
           "  %%pa = getelementptr %s, ptr addrspace(1) %%a, i32 %%l\n"
           "  %%va = load %s, ptr addrspace(1) %%pa\n"
           "  %%pb = getelementptr %s, ptr addrspace(1) %%b, i32 %%l\n"
           "  %%vb = load %s, ptr addrspace(1) %%pb\n"
           "  %%pc = getelementptr %s, ptr addrspace(1) %%c, i32 %%l\n"
           "  %%vc = load %s, ptr addrspace(1) %%pc\n"
           "  %%r = %s\n"
           "  %%pd = getelementptr %s, ptr addrspace(1) %%d, i32 %%l\n"
           "  store %s %%r, ptr addrspace(1) %%pd\n"
           "  ret void\n"
           "}\n"
           "attributes #0 = { \"target-cpu\"=\"%s\" }\n",
           at, at, bt, bt, ct, ct, call, ct, ct, chip);
}

/*===-- one test ----------------------------------------------------------===*/

typedef struct {
  uint32_t a[16][32], b[32][16], c[16][16]; /* element bits */
} Mats;

static void put(uint32_t *regs, int vgprs, Loc l, int eb, uint32_t v) {
  uint32_t *r = &regs[l.lane * vgprs + l.vgpr];
  uint32_t mask = eb == 32 ? 0xffffffffu : ((1u << eb) - 1) << l.bit;
  *r = (*r & ~mask) | ((v << l.bit) & mask);
}

static uint32_t get(const uint32_t *regs, int vgprs, Loc l, int eb) {
  uint32_t v = regs[l.lane * vgprs + l.vgpr] >> l.bit;
  return eb == 32 ? v : v & ((1u << eb) - 1);
}

static int64_t int_elem(Elem e, uint32_t v, int sign) {
  int eb = ebits(e);
  if (sign && (v >> (eb - 1)) & 1)
    return (int64_t)v - ((int64_t)1 << eb);
  return v;
}

/* Runs t with matrices x; fills out[32*8] with the D registers. */
static int run_one(const char *chip, int rdna4, const TInstr *t, int opsel,
                   int sa, int sb, int clamp, const Mats *x, uint32_t *c_regs,
                   uint32_t *d_regs, char *err, size_t errcap) {
  int va = ab_vgprs(rdna4, t, t->a), vb = ab_vgprs(rdna4, t, t->b);
  int vc = cd_vgprs(rdna4, t);
  uint32_t ra[32 * 8], rb[32 * 8];
  memset(ra, 0, sizeof ra);
  memset(rb, 0, sizeof rb);
  for (int i = 0; i < 16; i++)
    for (int k = 0; k < t->k; k++) {
      Loc l[2];
      int n = place_ab(rdna4, ebits(t->a), t->k, i, k, l);
      for (int j = 0; j < n; j++)
        put(ra, va, l[j], ebits(t->a), x->a[i][k]);
      n = place_ab(rdna4, ebits(t->b), t->k, i, k, l);
      for (int j = 0; j < n; j++)
        put(rb, vb, l[j], ebits(t->b), x->b[k][i]);
    }
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      put(c_regs, vc, place_cd(rdna4, ebits(t->c), opsel, i, j), ebits(t->c), x->c[i][j]);
  char ir[4096];
  make_ir(ir, sizeof ir, chip, rdna4, t, opsel, sa, sb, clamp);
  wmma_emu_module *m = test_load(ir);
  int bufs[4] = {
      wmma_emu_buffer_create(m, (size_t)32 * va * 4, ra),
      wmma_emu_buffer_create(m, (size_t)32 * vb * 4, rb),
      wmma_emu_buffer_create(m, (size_t)32 * vc * 4, c_regs),
      wmma_emu_buffer_create(m, (size_t)32 * vc * 4, NULL),
  };
  int rc = test_run(m, bufs, 4, 32);
  if (rc)
    snprintf(err, errcap, "%s", wmma_emu_last_error(m));
  else
    wmma_emu_buffer_read(m, bufs[3], d_regs, (size_t)32 * vc * 4);
  wmma_emu_stats st;
  wmma_emu_get_stats(m, &st);
  CHECK(rc || st.wmma_total == 1, "%s: expected one WMMA in the counters", t->isa);
  wmma_emu_destroy(m);
  return rc;
}

static void test_instr(const char *chip, int rdna4, const TInstr *t, int opsel,
                       int sa, int sb, int clamp) {
  Mats x;
  for (int i = 0; i < 16; i++)
    for (int k = 0; k < t->k; k++) {
      x.a[i][k] = rand_elem(t->a);
      x.b[k][i] = rand_elem(t->b);
    }
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      x.c[i][j] = rand_elem(t->c);
      if (t->integer && i == 0)
        x.c[i][j] = (uint32_t)(INT32_MAX - (int32_t)(test_rand() % 64));
      if (t->integer && i == 1)
        x.c[i][j] = (uint32_t)(INT32_MIN + (int32_t)(test_rand() % 64));
    }
  int vc = cd_vgprs(rdna4, t);
  uint32_t c_regs[32 * 8], d_regs[32 * 8];
  /* Garbage in the half of RDNA3 16-bit accumulators that OPSEL does not
   * select: it must come back unchanged. */
  for (int i = 0; i < 32 * 8; i++)
    c_regs[i] = test_rand();
  char err[4096];
  if (run_one(chip, rdna4, t, opsel, sa, sb, clamp, &x, c_regs, d_regs, err, sizeof err)) {
    CHECK(0, "%s on %s: launch failed: %s", t->isa, chip, err);
    return;
  }
  int cb = ebits(t->c), saturated = 0, bad = 0;
  double eps32 = ldexp(1.0, -23);
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      Loc l = place_cd(rdna4, cb, opsel, i, j);
      uint32_t got = get(d_regs, vc, l, cb);
      if (t->integer) {
        int64_t acc = (int32_t)x.c[i][j];
        for (int k = 0; k < t->k; k++)
          acc += int_elem(t->a, x.a[i][k], sa) * int_elem(t->b, x.b[k][j], sb);
        int64_t want = acc;
        if (clamp && acc > INT32_MAX) want = INT32_MAX, saturated++;
        if (clamp && acc < INT32_MIN) want = INT32_MIN, saturated++;
        if (!clamp)
          want = (int32_t)(uint32_t)acc;
        if ((int32_t)got != want && bad++ < 3)
          CHECK(0, "%s on %s (signA=%d signB=%d clamp=%d): D[%d][%d] = %d, want %lld",
                t->isa, chip, sa, sb, clamp, i, j, (int32_t)got, (long long)want);
        g_checks++;
        continue;
      }
      double sum = 0, mag = 0;
      for (int k = 0; k < t->k; k++) {
        double p = dec_elem(t->a, x.a[i][k]) * dec_elem(t->b, x.b[k][j]);
        sum += p;
        mag += fabs(p);
      }
      double cval = dec_elem(t->c, x.c[i][j]);
      double ref = sum + cval;
      double tol = t->k * eps32 * (mag + fabs(cval)) + ldexp(1.0, -40);
      if (cb == 16 && ref != 0) {
        int e;
        frexp(ref, &e); /* |ref| in [2^(e-1), 2^e) */
        int mbits = t->c == E_F16 ? 10 : 7;
        int emin = t->c == E_F16 ? -14 : -126;
        tol += ldexp(1.0, (e - 1 < emin ? emin : e - 1) - mbits - 1);
      }
      double g = dec_elem(t->c, got);
      if (!(fabs(g - ref) <= tol) && bad++ < 3)
        CHECK(0, "%s on %s (opsel %d): D[%d][%d] = %.9g, want %.9g (tol %.3g)",
              t->isa, chip, opsel, i, j, g, ref, tol);
      g_checks++;
    }
  if (t->integer && clamp && !sa && !sb)
    CHECK(saturated > 0, "%s: the clamp case did not saturate anything", t->isa);
  /* RDNA3 16-bit accumulators: the other half of every register is C's. */
  if (!rdna4 && cb == 16) {
    for (int l = 0; l < 32; l++)
      for (int v = 0; v < 8; v++) {
        uint32_t keep = opsel ? 0xffffu : 0xffff0000u;
        CHECK((d_regs[l * 8 + v] & keep) == (c_regs[l * 8 + v] & keep),
              "%s opsel %d: lane %d vgpr %d: untouched half changed (0x%08x -> 0x%08x)",
              t->isa, opsel, l, v, c_regs[l * 8 + v], d_regs[l * 8 + v]);
      }
  }
}

int test_wmma(int argc, char **argv) {
  int do3 = 1, do4 = 1;
  if (argc > 0) {
    do3 = !strcmp(argv[0], "rdna3");
    do4 = !strcmp(argv[0], "rdna4");
  }
  test_seed(0xC0FFEEu);
  for (int arch = 3; arch <= 4; arch++) {
    if ((arch == 3 && !do3) || (arch == 4 && !do4))
      continue;
    int rdna4 = arch == 4;
    const char *chip = rdna4 ? "gfx1201" : "gfx1100";
    int count = 0;
    for (int i = 0; i < NINSTR; i++) {
      const TInstr *t = &kInstrs[i];
      if (t->rdna4_only && !rdna4)
        continue;
      count++;
      if (t->integer) {
        for (int s = 0; s < 4; s++)
          for (int clamp = 0; clamp < 2; clamp++)
            test_instr(chip, rdna4, t, 0, s & 1, s >> 1, clamp);
      } else if (t->opsel && !rdna4) {
        test_instr(chip, rdna4, t, 0, 0, 0, 0);
        test_instr(chip, rdna4, t, 1, 0, 0, 0);
      } else {
        for (int rep = 0; rep < 3; rep++)
          test_instr(chip, rdna4, t, 0, 0, 0, 0);
      }
      printf("  %s %s: ok\n", rdna4 ? "rdna4" : "rdna3", t->isa);
    }
    CHECK(count == (rdna4 ? 11 : 6), "instruction count on rdna%d: %d", arch, count);
  }
  return 0;
}

/*===-- bit-exactness of the documented arithmetic ------------------------===*/

/* Special values of each float kind: NaN, infinities, zeros, subnormals,
 * the largest finite value. */
static uint32_t special_elem(Elem e) {
  static const uint32_t f16[] = {0x7e00, 0x7c00, 0xfc00, 0x0000, 0x8000, 0x0001, 0x83ff, 0x7bff, 0xfbff};
  static const uint32_t bf16[] = {0x7fc0, 0x7f80, 0xff80, 0x0000, 0x8000, 0x0001, 0x807f, 0x7f7f, 0xff7f};
  static const uint32_t f8[] = {0x7f, 0x00, 0x80, 0x01, 0x87, 0x7e, 0xfe};
  static const uint32_t b8[] = {0x7e, 0x7c, 0xfc, 0x00, 0x80, 0x01, 0x83, 0x7b};
  static const uint32_t f32[] = {0x7fc00000, 0x7f800000, 0xff800000, 0x00000000, 0x80000000,
                                 0x00000001, 0x807fffff, 0x7f7fffff, 0xff7fffff};
  uint32_t r = test_rand();
  switch (e) {
  case E_F16: return f16[r % 9];
  case E_BF16: return bf16[r % 9];
  case E_FP8: return f8[r % 7];
  case E_BF8: return b8[r % 8];
  default: return f32[r % 9];
  }
}

static uint32_t to_bf16_rne(float f) {
  union { float f; uint32_t u; } x = {f};
  if (isnan(f))
    return (x.u >> 16) | 0x40;
  return (x.u + 0x7fff + ((x.u >> 16) & 1)) >> 16;
}

/* Every float WMMA on both architectures against an independent
 * implementation of the documented arithmetic (products in double, the K
 * sum in K order from 0, plus C, rounded once to f32, then RNE to a 16-bit
 * accumulator), bit for bit, on data mixing ordinary values with NaNs,
 * infinities, zeros, subnormals and extreme values (a NaN result must be a
 * NaN; its payload is not specified). */
int test_wmma_exact(int argc, char **argv) {
  (void)argc;
  (void)argv;
  test_seed(0xE8AC7u);
  for (int rdna4 = 0; rdna4 < 2; rdna4++)
    for (int ti = 0; ti < NINSTR; ti++) {
      const TInstr *t = &kInstrs[ti];
      if (t->integer || (t->rdna4_only && !rdna4))
        continue;
      for (int rep = 0; rep < 4; rep++) {
        Mats x;
        int special = rep == 0 ? 0 : rep == 1 ? 2 : 8; /* 1 in N values */
        for (int i = 0; i < 16; i++)
          for (int k = 0; k < t->k; k++) {
            x.a[i][k] = special && test_rand() % special == 0 ? special_elem(t->a) : rand_elem(t->a);
            x.b[k][i] = special && test_rand() % special == 0 ? special_elem(t->b) : rand_elem(t->b);
          }
        for (int i = 0; i < 16; i++)
          for (int j = 0; j < 16; j++)
            x.c[i][j] = special && test_rand() % special == 0 ? special_elem(t->c) : rand_elem(t->c);
        uint32_t c_regs[32 * 8] = {0}, d_regs[32 * 8];
        char err[4096];
        const char *chip = rdna4 ? "gfx1201" : "gfx1100";
        if (run_one(chip, rdna4, t, 0, 0, 0, 0, &x, c_regs, d_regs, err, sizeof err)) {
          CHECK(0, "%s on %s: %s", t->isa, chip, err);
          continue;
        }
        int cb = ebits(t->c), vc = cd_vgprs(rdna4, t), bad = 0;
        for (int i = 0; i < 16; i++)
          for (int j = 0; j < 16; j++) {
            double sum = 0;
            for (int k = 0; k < t->k; k++)
              sum += dec_elem(t->a, x.a[i][k]) * dec_elem(t->b, x.b[k][j]);
            float r = (float)(sum + dec_elem(t->c, x.c[i][j]));
            union { float f; uint32_t u; } fr = {r};
            uint32_t want = t->c == E_F32 ? fr.u
                            : t->c == E_BF16 ? to_bf16_rne(r)
                                             : (uint32_t)(union { _Float16 h; uint16_t u; }){(_Float16)r}.u;
            uint32_t got = get(d_regs, vc, place_cd(rdna4, cb, 0, i, j), cb);
            int ok = isnan(r) ? isnan(dec_elem(t->c, got)) : got == want;
            if (!ok && bad++ < 3)
              CHECK(0, "%s on %s (specials 1 in %d): D[%d][%d] = 0x%x, want 0x%x", t->isa,
                    chip, special, i, j, got, want);
            g_checks++;
          }
      }
      printf("  %s %s: bit-exact\n", rdna4 ? "rdna4" : "rdna3", t->isa);
    }
  return 0;
}

/*===-- fp8 / bf8: every code through the WMMA path ---------------------===*/

int test_fp8(int argc, char **argv) {
  (void)argc;
  (void)argv;
  /* The public decoders against the independent ones. */
  for (uint32_t c = 0; c < 256; c++) {
    double w = dec_fp8(c), g = wmma_emu_fp8_to_f32((uint8_t)c);
    CHECK((isnan(w) && isnan(g)) || (w == g && signbit(w) == signbit(g)),
          "fp8 code 0x%02x: %g, want %g", c, g, w);
    w = dec_bf8(c), g = wmma_emu_bf8_to_f32((uint8_t)c);
    CHECK((isnan(w) && isnan(g)) || (w == g && signbit(w) == signbit(g)),
          "bf8 code 0x%02x: %g, want %g", c, g, w);
  }
  CHECK(dec_fp8(0x7e) == 448.0 && isnan(dec_fp8(0x7f)) && isnan(dec_fp8(0xff)),
        "E4M3FN reference decoder");
  /* The encoders against the closed form: the nearest finite code by
   * brute force over the decoded values, ties to the even code (mantissa
   * LSB 0); beyond the largest finite value by more than half an ulp of
   * it, NaN/inf or the saturated maximum. */
  for (int fmt = 0; fmt < 2; fmt++) {
    double maxv = fmt ? 57344.0 : 448.0, half_ulp = fmt ? 4096.0 : 16.0;
    for (int i = 0; i < 20000; i++) {
      double x;
      if (i < 512) /* every code and every midpoint between neighbours */
        x = (i & 1) ? ((fmt ? dec_bf8((uint32_t)(i / 2)) : dec_fp8((uint32_t)(i / 2))) +
                       (fmt ? dec_bf8((uint32_t)(i / 2 + 1)) : dec_fp8((uint32_t)(i / 2 + 1)))) / 2
                    : (fmt ? dec_bf8((uint32_t)(i / 2)) : dec_fp8((uint32_t)(i / 2)));
      else
        x = ldexp((double)(rand() % 20001 - 10000) / 10000.0, rand() % 40 - 24);
      if (isnan(x) || isinf(x))
        continue;
      int best = -1;
      double bd = INFINITY;
      for (uint32_t c = 0; c < 256; c++) {
        double v = fmt ? dec_bf8(c) : dec_fp8(c);
        if (isnan(v) || isinf(v) || signbit(v) != signbit(x))
          continue;
        double d = fabs(v - x);
        if (d < bd || (d == bd && !(c & 1))) {
          bd = d;
          best = (int)c;
        }
      }
      for (int sat = 0; sat < 2; sat++) {
        uint8_t got = fmt ? wmma_emu_f32_to_bf8((float)x, sat)
                          : wmma_emu_f32_to_fp8((float)x, sat);
        double gv = fmt ? dec_bf8(got) : dec_fp8(got);
        /* A tie at maxv + half_ulp goes to the even neighbour: 448 for
         * E4M3FN (480 would be the NaN code), infinity for E5M2. */
        if (fmt ? fabs(x) >= maxv + half_ulp : fabs(x) > maxv + half_ulp) {
          CHECK(sat ? gv == copysign(maxv, x) : (fmt ? isinf(gv) : isnan(gv)),
                "%s(%.9g, saturate=%d) = 0x%02x", fmt ? "bf8" : "fp8", x, sat, got);
        } else if (x == (double)(float)x) {
          CHECK(got == best || (x == 0 && (got & 0x7f) == 0),
                "%s(%.9g, saturate=%d) = 0x%02x, want 0x%02x", fmt ? "bf8" : "fp8", x,
                sat, got, best);
        }
      }
    }
  }
  CHECK(wmma_emu_f32_to_fp8(464.0f, 0) == 0x7e && wmma_emu_f32_to_fp8(465.0f, 0) == 0x7f &&
            wmma_emu_f32_to_bf8(61440.0f, 1) == 0x7b &&
            wmma_emu_f32_to_bf8(61439.0f, 0) == 0x7b,
        "ties and overflow at the largest finite values");
  CHECK(isnan(wmma_emu_fp8_to_f32(wmma_emu_f32_to_fp8(NAN, 1))) &&
            wmma_emu_f32_to_fp8(INFINITY, 1) == 0x7e &&
            wmma_emu_f32_to_fp8(-INFINITY, 0) == 0xff &&
            wmma_emu_f32_to_bf8(INFINITY, 0) == 0x7c,
        "fp8/bf8 special values");
  CHECK(dec_bf8(0x7b) == 57344.0 && isinf(dec_bf8(0x7c)), "E5M2 reference decoder");
  /* Each code c sits on the diagonal of A (then of B) against an identity
   * in the other operand: D[m][m] is exactly the value of the code. */
  for (int i = 7; i < NINSTR; i++) {
    const TInstr *t = &kInstrs[i];
    for (int side = 0; side < 2; side++) {
      Elem coded = side ? t->b : t->a, other = side ? t->a : t->b;
      uint32_t one = other == E_FP8 ? 0x38 : 0x3c;
      for (int base = 0; base < 256; base += 16) {
        Mats x;
        memset(&x, 0, sizeof x);
        for (int q = 0; q < 16; q++) {
          if (side) {
            x.b[q][q] = (uint32_t)(base + q);
            x.a[q][q] = one;
          } else {
            x.a[q][q] = (uint32_t)(base + q);
            x.b[q][q] = one;
          }
        }
        uint32_t c_regs[32 * 8] = {0}, d_regs[32 * 8];
        char err[4096];
        if (run_one("gfx1201", 1, t, 0, 0, 0, 0, &x, c_regs, d_regs, err, sizeof err)) {
          CHECK(0, "%s: %s", t->isa, err);
          continue;
        }
        for (int q = 0; q < 16; q++) {
          double want = coded == E_FP8 ? dec_fp8((uint32_t)(base + q)) : dec_bf8((uint32_t)(base + q));
          /* +0 accumulator: -0 * 1 + 0 = +0 */
          if (want == 0)
            want = 0.0;
          double got = dec_elem(E_F32, get(d_regs, 8, place_cd(1, 32, 0, q, q), 32));
          CHECK((isnan(want) && isnan(got)) || got == want,
                "%s (%s side) code 0x%02x: D = %g, want %g", t->isa,
                side ? "B" : "A", base + q, got, want);
        }
      }
    }
  }
  return 0;
}

/*===-- conversions -------------------------------------------------------===*/

int test_convert(int argc, char **argv) {
  (void)argc;
  (void)argv;
  for (uint32_t h = 0; h < 65536; h++) {
    double w = dec_f16(h), g = wmma_emu_f16_to_f32((uint16_t)h);
    CHECK((isnan(w) && isnan(g)) || (w == g && signbit(w) == signbit(g)),
          "f16 0x%04x decodes to %g, want %g", h, g, w);
    w = dec_bf16(h), g = wmma_emu_bf16_to_f32((uint16_t)h);
    CHECK((isnan(w) && isnan(g)) || (w == g && signbit(w) == signbit(g)),
          "bf16 0x%04x decodes to %g, want %g", h, g, w);
    /* Encoding a representable value gives its code back. */
    if (!isnan(w)) {
      uint16_t back = wmma_emu_f32_to_bf16((float)w);
      CHECK(back == h, "bf16 0x%04x re-encodes to 0x%04x", h, back);
    }
    w = dec_f16(h);
    if (!isnan(w)) {
      uint16_t back = wmma_emu_f32_to_f16((float)w);
      CHECK(back == h, "f16 0x%04x re-encodes to 0x%04x", h, back);
    }
  }
  /* NaN stays NaN (it used to be encoded as the subnormal 0x200 / 0x40),
   * with its sign. */
  for (int neg = 0; neg < 2; neg++) {
    float nan = neg ? -NAN : NAN;
    uint16_t h = wmma_emu_f32_to_f16(nan), b = wmma_emu_f32_to_bf16(nan);
    CHECK(isnan(dec_f16(h)) && (h >> 15) == neg, "f16(%sNaN) = 0x%04x", neg ? "-" : "", h);
    CHECK(isnan(dec_bf16(b)) && (b >> 15) == neg, "bf16(%sNaN) = 0x%04x", neg ? "-" : "", b);
  }
  /* Round to nearest even on random floats: the result is the nearest code
   * (ties to the even one), checked against the neighbours. */
  test_seed(99);
  for (int i = 0; i < 200000; i++) {
    union { uint32_t u; float f; } x;
    x.u = test_rand();
    if (i % 2)
      x.u = (x.u & 0x8fffffffu) | 0x30000000u; /* moderate exponents */
    if (isnan(x.f))
      continue;
    uint16_t h = wmma_emu_f32_to_f16(x.f);
    double v = dec_f16(h), ax = fabs((double)x.f);
    if (isinf(v)) {
      CHECK(ax >= 65520.0, "f16(%a) overflowed to inf", x.f);
      continue;
    }
    double up = fabs(dec_f16((h & 0x7fff) == 0x7c00 ? h : h + 1));
    double dn = (h & 0x7fff) ? fabs(dec_f16(h - 1)) : 0;
    double err = fabs(fabs(v) - ax);
    CHECK(ax >= fabs(v) ? err <= (up - fabs(v)) / 2 : err <= (fabs(v) - dn) / 2,
          "f16(%a) = 0x%04x is not the nearest", x.f, h);
    uint16_t b = wmma_emu_f32_to_bf16(x.f);
    double bv = dec_bf16(b);
    if (!isinf(bv)) {
      double bup = fabs(dec_bf16(b + 1)), bdn = (b & 0x7fff) ? fabs(dec_bf16(b - 1)) : 0;
      double berr = fabs(fabs(bv) - ax);
      CHECK(ax >= fabs(bv) ? berr <= (bup - fabs(bv)) / 2 : berr <= (fabs(bv) - bdn) / 2,
            "bf16(%a) = 0x%04x is not the nearest", x.f, b);
      /* ties: the chosen code is even */
      if (ax >= fabs(bv) ? berr == (bup - fabs(bv)) / 2 : berr == (fabs(bv) - bdn) / 2)
        CHECK((b & 1) == 0, "bf16(%a) tie not to even", x.f);
    }
  }
  return 0;
}

/*===-- RDNA3 lane halves -------------------------------------------------===*/

/* An element whose products and K-sums are exact in any order (few
 * significant bits, moderate exponents), so that permuting K cannot change
 * a result by rounding. */
static uint32_t exact_elem(Elem e) {
  uint32_t r = test_rand();
  switch (e) {
  case E_F16: return (r & 0x8000) | ((13 + r % 4) << 10) | (((r >> 8) & 7) << 7);
  case E_BF16: return (r & 0x8000) | ((125 + r % 4) << 7) | ((r >> 8) & 7) << 4;
  default: return rand_elem(e);
  }
}

/* Runs an RDNA3 instruction whose high lane halves hold A (B) with K
 * rotated by rot_a (rot_b): lane r+16 holds, at the place of k, element
 * (k + rot) % K.  corrupt_lane >= 0 flips a bit of register 3 of that lane
 * of A (side 0) or B (side 1).  Returns the launch status. */
static int run_halves(const TInstr *t, const Mats *x, int rot_a, int rot_b,
                      int corrupt_lane, int side, uint32_t *d_regs, char *err,
                      size_t errcap) {
  int va = ab_vgprs(0, t, t->a), vb = ab_vgprs(0, t, t->b), vc = cd_vgprs(0, t);
  int ea = ebits(t->a), eb = ebits(t->b), K = t->k;
  uint32_t ra[32 * 8] = {0}, rb[32 * 8] = {0}, rc[32 * 8] = {0};
  for (int i = 0; i < 16; i++)
    for (int k = 0; k < K; k++) {
      Loc l[2];
      place_ab(0, ea, K, i, k, l);
      put(ra, va, l[0], ea, x->a[i][k]);
      put(ra, va, l[1], ea, x->a[i][(k + rot_a) % K]);
      place_ab(0, eb, K, i, k, l);
      put(rb, vb, l[0], eb, x->b[k][i]);
      put(rb, vb, l[1], eb, x->b[(k + rot_b) % K][i]);
    }
  if (corrupt_lane >= 0)
    (side ? rb : ra)[corrupt_lane * (side ? vb : va) + 1] ^= 0x00010000u;
  char ir[4096];
  make_ir(ir, sizeof ir, "gfx1100", 0, t, 0, 0, 0, 0);
  wmma_emu_module *m = test_load(ir);
  int bufs[4] = {wmma_emu_buffer_create(m, (size_t)32 * va * 4, ra),
                 wmma_emu_buffer_create(m, (size_t)32 * vb * 4, rb),
                 wmma_emu_buffer_create(m, (size_t)32 * vc * 4, rc),
                 wmma_emu_buffer_create(m, (size_t)32 * vc * 4, NULL)};
  int status = test_run(m, bufs, 4, 32);
  if (status)
    snprintf(err, errcap, "%s", wmma_emu_last_error(m));
  else
    wmma_emu_buffer_read(m, bufs[3], d_regs, (size_t)32 * vc * 4);
  wmma_emu_destroy(m);
  return status;
}

/* rocWMMA-style K rotation (the same permutation in the high halves of A
 * and B) gives exactly the unrotated result; a rotation of A alone, or a
 * corrupted copy that one of the two readings uses, is an error naming the
 * lanes and values; a corrupted copy that neither reading uses (the high
 * copy of an even A row: lanes 16-31 compute the odd rows) is harmless. */
int test_replication(int argc, char **argv) {
  (void)argc;
  (void)argv;
  test_seed(0xBADC0DEu);
  for (int ti = 0; ti < NINSTR; ti++) {
    const TInstr *t = &kInstrs[ti];
    if (t->rdna4_only || t->opsel)
      continue; /* 16-bit accumulators: the same operand rules */
    Mats x;
    memset(&x, 0, sizeof x);
    for (int i = 0; i < 16; i++)
      for (int k = 0; k < t->k; k++) {
        x.a[i][k] = exact_elem(t->a);
        x.b[k][i] = exact_elem(t->b);
      }
    uint32_t base[32 * 8], got[32 * 8];
    char err[4096] = "";
    int vc = cd_vgprs(0, t), half = t->k / 2;
    CHECK(run_halves(t, &x, 0, 0, -1, 0, base, err, sizeof err) == 0,
          "%s: replicated operands failed: %s", t->isa, err);
    int rc = run_halves(t, &x, half, half, -1, 0, got, err, sizeof err);
    CHECK(rc == 0, "%s: K rotated by %d in both halves refused: %s", t->isa, half, err);
    CHECK(rc || !memcmp(base, got, (size_t)32 * vc * 4),
          "%s: rotated K changed the result", t->isa);
    rc = run_halves(t, &x, 0, 0, 20, 0, got, err, sizeof err);
    CHECK(rc == 0, "%s: unused copy (lane 20 of A) refused: %s", t->isa, err);
    CHECK(rc || !memcmp(base, got, (size_t)32 * vc * 4),
          "%s: an unused copy changed the result", t->isa);
    struct { int rot_a, rot_b, lane, side; const char *operand, *lane_text; } bad[] = {
        {half, 0, -1, 0, "operand A", "lane 16 holds"},
        {0, 0, 21, 0, "operand A", "lane 21 holds"},
        {0, 0, 20, 1, "operand B", "lane 20 holds"},
    };
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
      rc = run_halves(t, &x, bad[b].rot_a, bad[b].rot_b, bad[b].lane, bad[b].side,
                      got, err, sizeof err);
      CHECK(rc == WMMA_EMU_FAULT, "%s: inconsistent halves (case %zu) not detected",
            t->isa, b);
      if (rc != WMMA_EMU_FAULT)
        continue;
      CHECK(strstr(err, t->isa) != NULL, "message lacks the instruction: %s", err);
      CHECK(strstr(err, bad[b].operand) != NULL, "message lacks %s: %s", bad[b].operand, err);
      CHECK(strstr(err, bad[b].lane_text) != NULL, "message lacks '%s': %s",
            bad[b].lane_text, err);
      CHECK(strstr(err, "the two readings the ISA allows differ: D[") != NULL,
            "message lacks the differing output: %s", err);
      if (ti == 0 && b == 1)
        printf("  %s\n", err);
    }
    printf("  rdna3 %s: halves ok\n", t->isa);
  }
  /* RDNA4 has no replication: the same registers are fine there. */
  return 0;
}
