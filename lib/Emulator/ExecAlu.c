/* Handlers of the value-computing instructions: integer and float
 * arithmetic, comparisons, selects, casts, vector element moves and the
 * math intrinsics.  All of them work lane-parallel on slots (VLOOP). */
#include "Exec.h"

#include <math.h>
#include <string.h>

int exec_nop(Ctx *c, const Inst *in) {
  (void)c;
  (void)in;
  return EX_NEXT;
}

int exec_add32(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  VLOOP(in->n, d[i] = (uint32_t)(a[i] + b[i]));
  return EX_NEXT;
}

int exec_mul32(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  VLOOP(in->n, d[i] = (uint32_t)(a[i] * b[i]));
  return EX_NEXT;
}

int exec_ibin(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  const uint64_t mk = in->mask;
  const int bits = in->bits;
  switch (in->sub) {
  case IB_ADD: VLOOP(in->n, d[i] = (a[i] + b[i]) & mk); break;
  case IB_SUB: VLOOP(in->n, d[i] = (a[i] - b[i]) & mk); break;
  case IB_MUL: VLOOP(in->n, d[i] = (a[i] * b[i]) & mk); break;
  case IB_AND: VLOOP(in->n, d[i] = a[i] & b[i]); break;
  case IB_OR: VLOOP(in->n, d[i] = a[i] | b[i]); break;
  case IB_XOR: VLOOP(in->n, d[i] = a[i] ^ b[i]); break;
  case IB_SHL: VLOOP(in->n, d[i] = b[i] >= (uint64_t)bits ? 0 : (a[i] << b[i]) & mk); break;
  case IB_LSHR: VLOOP(in->n, d[i] = b[i] >= (uint64_t)bits ? 0 : a[i] >> b[i]); break;
  case IB_ASHR:
    VLOOP(in->n, d[i] = (uint64_t)(emu_sext(a[i], bits) >> (b[i] >= (uint64_t)bits ? bits - 1 : (int)b[i])) & mk);
    break;
  default:
    VLOOP(in->n, {
      if (b[i] == 0)
        exec_fault(c, in, "integer division by zero");
      int64_t sa = emu_sext(a[i], bits), sb = emu_sext(b[i], bits);
      switch (in->sub) {
      case IB_UDIV: d[i] = a[i] / b[i]; break;
      case IB_UREM: d[i] = a[i] % b[i]; break;
      case IB_SDIV: d[i] = (sb == -1 ? (uint64_t)(-(uint64_t)sa) : (uint64_t)(sa / sb)) & mk; break;
      default: d[i] = (sb == -1 ? 0 : (uint64_t)(sa % sb)) & mk; break;
      }
    });
  }
  return EX_NEXT;
}

int exec_fbin(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  const int sk = in->sk;
  if (sk == SK_F32) {
    switch (in->sub) {
    case FB_ADD: VLOOP(in->n, d[i] = emu_from_f32(emu_as_f32(a[i]) + emu_as_f32(b[i]))); break;
    case FB_SUB: VLOOP(in->n, d[i] = emu_from_f32(emu_as_f32(a[i]) - emu_as_f32(b[i]))); break;
    case FB_MUL: VLOOP(in->n, d[i] = emu_from_f32(emu_as_f32(a[i]) * emu_as_f32(b[i]))); break;
    case FB_DIV: VLOOP(in->n, d[i] = emu_from_f32(emu_as_f32(a[i]) / emu_as_f32(b[i]))); break;
    default: VLOOP(in->n, d[i] = emu_from_f32(fmodf(emu_as_f32(a[i]), emu_as_f32(b[i])))); break;
    }
    return EX_NEXT;
  }
  VLOOP(in->n, {
    double x = emu_load_fp(a[i], sk), y = emu_load_fp(b[i], sk), r;
    switch (in->sub) {
    case FB_ADD: r = x + y; break;
    case FB_SUB: r = x - y; break;
    case FB_MUL: r = x * y; break;
    case FB_DIV: r = x / y; break;
    default: r = fmod(x, y); break;
    }
    d[i] = emu_store_fp(r, sk);
  });
  return EX_NEXT;
}

int exec_fneg(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a);
  uint64_t sign = 1ull << (in->bits - 1);
  VLOOP(in->n, d[i] = a[i] ^ sign);
  return EX_NEXT;
}

int exec_icmp(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  const int p = in->sub, bits = in->bits;
  if (p == LLVMIntEQ)
    VLOOP(in->n, d[i] = a[i] == b[i]);
  else if (p == LLVMIntNE)
    VLOOP(in->n, d[i] = a[i] != b[i]);
  else if (p == LLVMIntULT)
    VLOOP(in->n, d[i] = a[i] < b[i]);
  else
    VLOOP(in->n, d[i] = (uint64_t)emu_icmp(p, a[i], b[i], bits));
  return EX_NEXT;
}

int exec_fcmp(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  const int p = in->sub, sk = in->sk;
  VLOOP(in->n, d[i] = (uint64_t)emu_fcmp(p, emu_load_fp(a[i], sk), emu_load_fp(b[i], sk)));
  return EX_NEXT;
}

int exec_select(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *cd = R(in->a), *t = R(in->b), *e = R(in->c);
  if (in->flag)
    VLOOP(in->n, d[i] = (cd[i] & 1) ? t[i] : e[i]);
  else
    VLOOP(in->n, d[i] = (cd[i & (NLANES - 1)] & 1) ? t[i] : e[i]);
  return EX_NEXT;
}

int exec_cast(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a);
  const uint64_t mk = in->mask;
  const int sub = in->sub, sk2 = in->sk2, b2 = in->bits2, sk = in->sk, bits = in->bits;
  switch (sub) {
  case CV_TRUNC: case CV_PTRTOINT: case CV_INTTOPTR:
    VLOOP(in->n, d[i] = a[i] & mk);
    break;
  case CV_ZEXT: {
    uint64_t m2 = emu_mask(b2);
    VLOOP(in->n, d[i] = a[i] & m2);
    break;
  }
  case CV_SEXT:
    VLOOP(in->n, d[i] = (uint64_t)emu_sext(a[i], b2) & mk);
    break;
  case CV_ASCAST: {
    const unsigned from = (unsigned)in->imm, to = in->flag;
    VLOOP(in->n, d[i] = mem_ascast(a[i], from, to, bits));
    break;
  }
  default:
    VLOOP(in->n, d[i] = emu_cast_scalar(sub, a[i], sk2, b2, sk, bits));
  }
  return EX_NEXT;
}

/* len (<= 64) bits at bit pos of the little-endian stream of w-bit
 * elements a[e * NLANES + l]. */
static uint64_t stream_bits(const uint64_t *a, uint32_t l, uint32_t w,
                            uint64_t pos, uint32_t len) {
  uint64_t v = 0;
  for (uint32_t got = 0; got < len;) {
    uint64_t e = pos / w;
    uint32_t off = (uint32_t)(pos % w), take = w - off;
    if (take > len - got)
      take = len - got;
    v |= ((a[e * NLANES + l] >> off) & emu_mask(take)) << got;
    got += take;
    pos += take;
  }
  return v;
}

int exec_bitcast(Ctx *c, const Inst *in) {
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a);
  if (in->bits % 8 || in->bits2 % 8) { /* sub-byte elements (i4 fragments) */
    FOR_LANES(c->exec, l)
      for (uint32_t e = 0; e < in->n; e++)
        d[(size_t)e * NLANES + l] =
            stream_bits(a, l, in->bits2, (uint64_t)e * in->bits, in->bits);
    return EX_NEXT;
  }
  uint32_t sn = in->n * in->bits / in->bits2, sb = in->bits2 / 8, db = in->bits / 8;
  FOR_LANES(c->exec, l) {
    uint8_t buf[1024];
    uint32_t total = sn * sb;
    if (total > sizeof buf)
      total = sizeof buf;
    for (uint32_t e = 0; e < sn && (e + 1) * sb <= total; e++) {
      uint64_t v = a[(size_t)e * NLANES + l];
      memcpy(buf + e * sb, &v, sb);
    }
    for (uint32_t e = 0; e < in->n && (e + 1) * db <= total; e++) {
      uint64_t v = 0;
      memcpy(&v, buf + e * db, db);
      d[(size_t)e * NLANES + l] = v;
    }
  }
  return EX_NEXT;
}

int exec_gather(Ctx *c, const Inst *in) {
  uint64_t *restrict d = W(in->dst);
  const uint32_t *xs = c->f->extra + in->x;
  for (uint32_t e = 0; e < in->xn; e++) {
    const uint64_t *s = R(xs[e]);
    uint64_t *de = d + (size_t)e * NLANES;
    if (c->exec == FULL_EXEC)
      memcpy(de, s, NLANES * sizeof(uint64_t));
    else
      FOR_LANES(c->exec, l) de[l] = s[l];
  }
  return EX_NEXT;
}

int exec_extract_dyn(Ctx *c, const Inst *in) {
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *ix = R(in->c);
  FOR_LANES(c->exec, l) {
    uint64_t k = ix[l];
    d[l] = k < (uint64_t)in->imm ? a[k * NLANES + l] : 0;
  }
  return EX_NEXT;
}

int exec_insert_dyn(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *v = R(in->b), *ix = R(in->c);
  VLOOP(in->n, d[i] = a[i]);
  FOR_LANES(exec, l) {
    uint64_t k = ix[l];
    if (k < (uint64_t)in->imm)
      d[k * NLANES + l] = v[l];
  }
  return EX_NEXT;
}

/*===-- math ------------------------------------------------------------===*/

int exec_fma(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b), *cc = R(in->c);
  const int sk = in->sk;
  if (sk == SK_F32)
    VLOOP(in->n, d[i] = emu_from_f32(fmaf(emu_as_f32(a[i]), emu_as_f32(b[i]), emu_as_f32(cc[i]))));
  else if (sk == SK_F64)
    VLOOP(in->n, d[i] = emu_from_f64(fma(emu_as_f64(a[i]), emu_as_f64(b[i]), emu_as_f64(cc[i]))));
  else
    VLOOP(in->n, d[i] = emu_store_fp(fma(emu_load_fp(a[i], sk), emu_load_fp(b[i], sk),
                                         emu_load_fp(cc[i], sk)), sk));
  return EX_NEXT;
}

int exec_fmath1(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a);
  const int sk = in->sk, sub = in->sub;
  if (sub == FM_FABS) {
    uint64_t sign = 1ull << (in->bits - 1);
    VLOOP(in->n, d[i] = a[i] & ~sign);
  } else if (sk == SK_F32 && sub == FM_SQRT) {
    VLOOP(in->n, d[i] = emu_from_f32(sqrtf(emu_as_f32(a[i]))));
  } else {
    VLOOP(in->n, d[i] = emu_store_fp(emu_fmath1(sub, emu_load_fp(a[i], sk)), sk));
  }
  return EX_NEXT;
}

int exec_fmath2(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  const int sk = in->sk, sub = in->sub;
  if (sub == FM_POWI)
    VLOOP(in->n, d[i] = emu_store_fp(pow(emu_load_fp(a[i], sk),
                                         (double)(int32_t)b[i & (NLANES - 1)]), sk));
  else
    VLOOP(in->n, d[i] = emu_store_fp(emu_fmath2(sub, emu_load_fp(a[i], sk),
                                                emu_load_fp(b[i], sk)), sk));
  return EX_NEXT;
}

int exec_fmed3(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b), *cc = R(in->c);
  const int sk = in->sk;
  VLOOP(in->n, {
    double x = emu_load_fp(a[i], sk), y = emu_load_fp(b[i], sk), z = emu_load_fp(cc[i], sk);
    double lo = emu_fmath2(FM_MINNUM, x, y), hi = emu_fmath2(FM_MAXNUM, x, y);
    d[i] = emu_store_fp(emu_fmath2(FM_MAXNUM, lo, emu_fmath2(FM_MINNUM, hi, z)), sk);
  });
  return EX_NEXT;
}

int exec_ldexp(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  const int sk = in->sk;
  VLOOP(in->n, d[i] = emu_store_fp(ldexp(emu_load_fp(a[i], sk), (int)(int32_t)b[i]), sk));
  return EX_NEXT;
}

int exec_frexp(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a);
  const int sk2 = in->sk2;
  VLOOP(in->n, {
    int ex = 0;
    double mnt = frexp(emu_load_fp(a[i], sk2), &ex);
    d[i] = in->op == OP_FREXP_MANT ? emu_store_fp(mnt, in->sk) : (uint64_t)(uint32_t)ex & in->mask;
  });
  return EX_NEXT;
}

int exec_cvt_pkrtz(Ctx *c, const Inst *in) {
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  FOR_LANES(c->exec, l) {
    d[l] = emu_float_to_f16_rtz(emu_as_f32(a[l]));
    d[NLANES + l] = emu_float_to_f16_rtz(emu_as_f32(b[l]));
  }
  return EX_NEXT;
}

int exec_is_fpclass(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a);
  const uint32_t test = in->c;
  const int sk2 = in->sk2;
  VLOOP(in->n, d[i] = (test >> emu_fp_class(a[i], sk2)) & 1);
  return EX_NEXT;
}

int exec_imath1(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a);
  const int bits = in->bits;
  const uint64_t mk = in->mask;
  VLOOP(in->n, {
    uint64_t x = a[i] & mk, r = 0;
    switch (in->sub) {
    case IM_ABS: { int64_t s = emu_sext(x, bits); r = (uint64_t)(s < 0 ? -s : s); break; }
    case IM_CTPOP: r = (uint64_t)__builtin_popcountll(x); break;
    case IM_CTLZ: r = x ? (uint64_t)(__builtin_clzll(x) - (64 - bits)) : (uint64_t)bits; break;
    case IM_CTTZ: r = x ? (uint64_t)__builtin_ctzll(x) : (uint64_t)bits; break;
    case IM_BSWAP: r = __builtin_bswap64(x) >> (64 - bits); break;
    default:
      for (int k = 0; k < bits; k++)
        r |= ((x >> k) & 1) << (bits - 1 - k);
    }
    d[i] = r & mk;
  });
  return EX_NEXT;
}

int exec_imath2(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  const int bits = in->bits;
  const uint64_t mk = in->mask;
  const int64_t smax = (int64_t)(mk >> 1), smin = -smax - 1;
  VLOOP(in->n, {
    uint64_t x = a[i], y = b[i], r;
    int64_t sx = emu_sext(x, bits), sy = emu_sext(y, bits);
    switch (in->sub) {
    case IM_UMIN: r = x < y ? x : y; break;
    case IM_UMAX: r = x > y ? x : y; break;
    case IM_SMIN: r = sx < sy ? x : y; break;
    case IM_SMAX: r = sx > sy ? x : y; break;
    case IM_UADD_SAT: r = x + y > mk || x + y < x ? mk : x + y; break;
    case IM_USUB_SAT: r = x > y ? x - y : 0; break;
    case IM_SADD_SAT: {
      __int128 s = (__int128)sx + sy;
      r = (uint64_t)(s > smax ? smax : s < smin ? smin : (int64_t)s);
      break;
    }
    default: {
      __int128 s = (__int128)sx - sy;
      r = (uint64_t)(s > smax ? smax : s < smin ? smin : (int64_t)s);
    }
    }
    d[i] = r & mk;
  });
  return EX_NEXT;
}

int exec_overflow(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b);
  const int bits = in->bits2;
  const uint64_t mk = emu_mask(bits);
  const int64_t smax = (int64_t)(mk >> 1), smin = -smax - 1;
  const uint32_t n = in->n / 2;
  VLOOP(n, {
    uint64_t x = a[i], y = b[i];
    __int128 sx = emu_sext(x, bits), sy = emu_sext(y, bits), r;
    unsigned __int128 ur;
    int ov;
    switch (in->sub) {
    case IM_UADD_O: ur = (unsigned __int128)x + y; ov = ur > mk; r = (__int128)ur; break;
    case IM_USUB_O: ov = y > x; r = (__int128)(x - y); break;
    case IM_UMUL_O: ur = (unsigned __int128)x * y; ov = ur > mk; r = (__int128)ur; break;
    case IM_SADD_O: r = sx + sy; ov = r > smax || r < smin; break;
    case IM_SSUB_O: r = sx - sy; ov = r > smax || r < smin; break;
    default: r = sx * sy; ov = r > smax || r < smin; break;
    }
    d[i] = (uint64_t)r & mk;
    d[i + (size_t)n * NLANES] = (uint64_t)ov;
  });
  return EX_NEXT;
}

int exec_fshift(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b), *cc = R(in->c);
  const int bits = in->bits;
  const uint64_t mk = in->mask;
  VLOOP(in->n, {
    unsigned sh = (unsigned)(cc[i] % (uint64_t)bits);
    unsigned __int128 cat = ((unsigned __int128)(a[i] & mk) << bits) | (b[i] & mk);
    d[i] = in->sub == 0 ? (uint64_t)((cat << sh) >> bits) & mk
                        : (uint64_t)(cat >> sh) & mk;
  });
  return EX_NEXT;
}

/* v_perm_b32: byte i of d is byte sel_i of the 64-bit {a, b} (b low);
 * selectors 8..11 replicate a sign bit (bits 15, 31, 47, 63), 12 gives
 * 0x00, 13 and above 0xff (RDNA3/4 ISA, V_PERM_B32). */
static uint32_t perm_byte(uint64_t ab, unsigned sel) {
  if (sel < 8)
    return (uint32_t)(ab >> (8 * sel)) & 0xff;
  if (sel < 12)
    return (ab >> (16 * (sel - 8) + 15)) & 1 ? 0xff : 0;
  return sel == 12 ? 0 : 0xff;
}

int exec_perm(Ctx *c, const Inst *in) {
  const uint32_t exec = c->exec;
  uint64_t *restrict d = W(in->dst);
  const uint64_t *a = R(in->a), *b = R(in->b), *cc = R(in->c);
  VLOOP(in->n, {
    uint64_t ab = (a[i] & 0xffffffffu) << 32 | (b[i] & 0xffffffffu);
    uint32_t r = 0;
    for (unsigned k = 0; k < 4; ++k)
      r |= perm_byte(ab, (unsigned)(cc[i] >> (8 * k)) & 0xff) << (8 * k);
    d[i] = r;
  });
  return EX_NEXT;
}

static double reduce_fp(int sub, int sk, double acc, double x) {
  switch (sub) {
  case RD_FADD: return emu_load_fp(emu_store_fp(acc + x, sk), sk);
  case RD_FMUL: return emu_load_fp(emu_store_fp(acc * x, sk), sk);
  case RD_FMIN: return emu_fmath2(FM_MINNUM, acc, x);
  case RD_FMAX: return emu_fmath2(FM_MAXNUM, acc, x);
  case RD_FMINIMUM: return emu_fmath2(FM_MINIMUM, acc, x);
  default: return emu_fmath2(FM_MAXIMUM, acc, x);
  }
}

static uint64_t reduce_int(int sub, int bits, uint64_t acc, uint64_t x) {
  switch (sub) {
  case RD_ADD: return acc + x;
  case RD_MUL: return acc * x;
  case RD_AND: return acc & x;
  case RD_OR: return acc | x;
  case RD_XOR: return acc ^ x;
  case RD_UMIN: return x < acc ? x : acc;
  case RD_UMAX: return x > acc ? x : acc;
  case RD_SMIN: return emu_sext(x, bits) < emu_sext(acc, bits) ? x : acc;
  default: return emu_sext(x, bits) > emu_sext(acc, bits) ? x : acc;
  }
}

int exec_reduce(Ctx *c, const Inst *in) {
  uint64_t *restrict d = W(in->dst);
  const int fp = in->sub >= RD_FADD, ordered = in->sub == RD_FADD || in->sub == RD_FMUL;
  const uint64_t *v = R(fp && ordered ? in->b : in->a);
  const uint64_t *start = R(in->a);
  const uint32_t n = (uint32_t)in->imm;
  const int sk = in->sk, bits = in->bits;
  const uint64_t mk = in->mask;
  FOR_LANES(c->exec, l) {
    if (fp) {
      double acc = emu_load_fp(ordered ? start[l] : v[l], sk);
      for (uint32_t e = ordered ? 0 : 1; e < n; e++)
        acc = reduce_fp(in->sub, sk, acc, emu_load_fp(v[(size_t)e * NLANES + l], sk));
      d[l] = emu_store_fp(acc, sk);
    } else {
      uint64_t acc = v[l];
      for (uint32_t e = 1; e < n; e++)
        acc = reduce_int(in->sub, bits, acc, v[(size_t)e * NLANES + l]) & mk;
      d[l] = acc & mk;
    }
  }
  return EX_NEXT;
}
