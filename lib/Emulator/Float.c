/* Exact conversions between double and the small float formats used by
 * WMMA (f16, bf16, OCP fp8 E4M3 "FN", OCP bf8 E5M2).  Decoders are exact
 * (tables for the hot ones); encoders round to nearest even from double in
 * one step (a double holds every f32 exactly, so f32 -> f16 through here is
 * single-rounded). */
#include "Scalar.h"

#include <math.h>
#include <pthread.h>

float g_emu_f16_table[65536];
double g_emu_fp8_table[256], g_emu_bf8_table[256];

/* Decodes sign/exponent/mantissa fields of an IEEE-like format. */
static double decode_ieee(uint32_t v, int ebits, int mbits, int has_inf) {
  int sign = (v >> (ebits + mbits)) & 1;
  uint32_t e = (v >> mbits) & ((1u << ebits) - 1);
  uint32_t mant = v & ((1u << mbits) - 1);
  int bias = (1 << (ebits - 1)) - 1;
  double r;
  if (e == (1u << ebits) - 1 && has_inf)
    r = mant ? NAN : INFINITY;
  else if (e == 0)
    r = ldexp((double)mant, 1 - bias - mbits);
  else
    r = ldexp((double)(mant | (1u << mbits)), (int)e - bias - mbits);
  return sign ? -r : r;
}

static void fill_tables(void) {
  for (uint32_t i = 0; i < 65536; i++)
    g_emu_f16_table[i] = (float)decode_ieee(i, 5, 10, 1);
  for (uint32_t v = 0; v < 256; v++) {
    /* E4M3FN: no infinities; only S.1111.111 is NaN (max finite 448). */
    g_emu_fp8_table[v] = (v & 0x7f) == 0x7f ? NAN : decode_ieee(v, 4, 3, 0);
    g_emu_bf8_table[v] = decode_ieee(v, 5, 2, 1);
  }
}

void emu_float_init(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, fill_tables);
}

/* Round-to-nearest-even encoder from double (formats with infinities). */
static uint32_t encode_ieee(double x, int ebits, int mbits, uint32_t qnan) {
  uint32_t sign = signbit(x) ? 1u << (ebits + mbits) : 0;
  int bias = (1 << (ebits - 1)) - 1;
  uint32_t inf = ((1u << ebits) - 1) << mbits;
  if (isnan(x))
    return sign | inf | qnan; /* a quiet NaN: all-ones exponent, top mantissa bit */
  double a = fabs(x);
  if (isinf(a))
    return sign | inf;
  if (a == 0)
    return sign;
  int e2;
  frexp(a, &e2); /* a = f * 2^e2, f in [0.5, 1) */
  int E = e2 - 1;  /* a = 1.xxx * 2^E */
  int emin = 1 - bias;
  if (E < emin) {
    /* Subnormal: quantum 2^(emin - mbits); a carry into the exponent field
     * yields the smallest normal, which is the right encoding. */
    double q = rint(ldexp(a, mbits - emin));
    return sign | (uint32_t)q;
  }
  double q = rint(ldexp(a, mbits - E)); /* in [2^mbits, 2^(mbits+1)] */
  if (q >= ldexp(1.0, mbits + 1)) {
    q = ldexp(q, -1);
    E++;
  }
  if (E + bias >= (1 << ebits) - 1)
    return sign | inf;
  return sign | ((uint32_t)(E + bias) << mbits) |
         ((uint32_t)q - (1u << mbits));
}

/* OCP E4M3FN from double, round to nearest even.  The format has no
 * infinities: exponent field 15 holds normal numbers up to 1.75 * 2^8 =
 * 448, and S.1111.111 is the only NaN.  A magnitude that rounds above 448
 * (or an infinity) saturates to +-448 when `saturate`, else becomes NaN
 * (the OCP specification allows both; ML conversions saturate). */
uint8_t emu_double_to_fp8(double x, int saturate) {
  uint8_t sign = signbit(x) ? 0x80 : 0;
  if (isnan(x))
    return sign | 0x7f;
  double a = fabs(x);
  if (a == 0)
    return sign;
  if (isinf(a))
    return sign | (saturate ? 0x7e : 0x7f);
  int e2;
  frexp(a, &e2);
  int E = e2 - 1; /* a = 1.xxx * 2^E */
  if (E < -6)     /* subnormal: quantum 2^-9 (carry gives the smallest normal) */
    return sign | (uint8_t)rint(ldexp(a, 9));
  double q = rint(ldexp(a, 3 - E)); /* in [8, 16] */
  if (q >= 16) {
    q = 8;
    E++;
  }
  uint32_t code = ((uint32_t)(E + 7) << 3) | ((uint32_t)q - 8);
  if (E + 7 > 15 || code > 0x7e)
    return sign | (saturate ? 0x7e : 0x7f);
  return sign | (uint8_t)code;
}

/* OCP E5M2 (IEEE-like: infinities and NaNs), round to nearest even;
 * overflow becomes an infinity, or +-57344 when `saturate`. */
uint8_t emu_double_to_bf8(double x, int saturate) {
  uint32_t c = encode_ieee(x, 5, 2, 0x2);
  if (saturate && !isnan(x) && (c & 0x7f) == 0x7c)
    c = (c & 0x80) | 0x7b;
  return (uint8_t)c;
}

double emu_bf16_to_double(uint16_t h) {
  union { uint32_t u; float f; } x; /* bf16 is the top half of an f32 */
  x.u = (uint32_t)h << 16;
  return x.f;
}

uint16_t emu_double_to_f16(double x) {
  return (uint16_t)encode_ieee(x, 5, 10, 0x200);
}
uint16_t emu_double_to_bf16(double x) {
  return (uint16_t)encode_ieee(x, 8, 7, 0x40);
}

uint16_t emu_float_to_f16_rtz(float x) {
  /* Round toward zero: truncate the magnitude to the f16 grid. */
  double a = fabs((double)x);
  if (isnan(x) || isinf(x) || a == 0)
    return emu_double_to_f16(x);
  int e2;
  frexp(a, &e2);
  int E = e2 - 1;
  int lsb = (E < -14 ? -14 : E) - 10;
  double t = ldexp(trunc(ldexp(a, -lsb)), lsb);
  if (t > 65504.0)
    t = 65504.0;
  return emu_double_to_f16(signbit(x) ? -t : t);
}
