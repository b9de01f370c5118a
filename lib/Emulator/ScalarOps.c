/* Scalar semantics shared by the interpreter and the constant folder:
 * casts, comparisons, float math and classification. */
#include "Scalar.h"

#include <llvm-c/Core.h> /* LLVMIntPredicate values */

#include <math.h>

uint64_t emu_cast_scalar(int sub, uint64_t v, int sk2, int bits2, int sk,
                         int bits) {
  switch (sub) {
  case CV_TRUNC: case CV_PTRTOINT: case CV_INTTOPTR:
    return v & emu_mask(bits);
  case CV_ZEXT:
    return v & emu_mask(bits2);
  case CV_SEXT:
    return (uint64_t)emu_sext(v, bits2) & emu_mask(bits);
  case CV_FPCONV:
    if (sk2 == SK_F32 && sk == SK_F64)
      return emu_from_f64((double)emu_as_f32(v));
    return emu_store_fp(emu_load_fp(v, sk2), sk);
  case CV_FPTOUI: case CV_FPTOSI: {
    double x = trunc(emu_load_fp(v, sk2));
    if (isnan(x))
      return 0;
    if (sub == CV_FPTOUI) {
      if (x <= 0)
        return 0;
      if (x >= 18446744073709551615.0)
        return emu_mask(bits);
      return (uint64_t)x & emu_mask(bits);
    }
    if (x <= -9223372036854775808.0)
      return (1ull << 63) & emu_mask(bits);
    if (x >= 9223372036854775807.0)
      return emu_mask(bits) >> 1;
    return (uint64_t)(int64_t)x & emu_mask(bits);
  }
  case CV_UITOFP: case CV_SITOFP: {
    int64_t s = sub == CV_SITOFP ? emu_sext(v, bits2) : 0;
    uint64_t u = v & emu_mask(bits2);
    if (sk == SK_F32)
      return emu_from_f32(sub == CV_SITOFP ? (float)s : (float)u);
    if (sk == SK_F64)
      return emu_from_f64(sub == CV_SITOFP ? (double)s : (double)u);
    return emu_store_fp(sub == CV_SITOFP ? (double)s : (double)u, sk);
  }
  }
  return v & emu_mask(bits);
}

int emu_fcmp(int p, double x, double y) {
  if (p == 0) return 0;
  if (p == 15) return 1;
  int uno = isnan(x) || isnan(y);
  if (p == 7) return !uno;
  if (p == 8) return uno;
  int r;
  switch (p & 7) {
  case 1: r = x == y; break;
  case 2: r = x > y; break;
  case 3: r = x >= y; break;
  case 4: r = x < y; break;
  case 5: r = x <= y; break;
  default: r = x < y || x > y; break;
  }
  return p < 8 ? (!uno && r) : (uno || r);
}

int emu_icmp(int p, uint64_t a, uint64_t b, int bits) {
  switch (p) {
  case LLVMIntEQ: return a == b;
  case LLVMIntNE: return a != b;
  case LLVMIntUGT: return a > b;
  case LLVMIntUGE: return a >= b;
  case LLVMIntULT: return a < b;
  case LLVMIntULE: return a <= b;
  case LLVMIntSGT: return emu_sext(a, bits) > emu_sext(b, bits);
  case LLVMIntSGE: return emu_sext(a, bits) >= emu_sext(b, bits);
  case LLVMIntSLT: return emu_sext(a, bits) < emu_sext(b, bits);
  default: return emu_sext(a, bits) <= emu_sext(b, bits);
  }
}

double emu_fmath1(int sub, double x) {
  switch (sub) {
  case FM_FABS: return fabs(x);
  case FM_SQRT: return sqrt(x);
  case FM_EXP2: return exp2(x);
  case FM_EXP: return exp(x);
  case FM_EXP10: return pow(10.0, x);
  case FM_LOG2: return log2(x);
  case FM_LOG: return log(x);
  case FM_LOG10: return log10(x);
  case FM_SIN: return sin(x);
  case FM_COS: return cos(x);
  case FM_TAN: return tan(x);
  case FM_AMD_SIN: return sin(x * 6.283185307179586);
  case FM_AMD_COS: return cos(x * 6.283185307179586);
  case FM_FLOOR: return floor(x);
  case FM_CEIL: return ceil(x);
  case FM_TRUNC: return trunc(x);
  case FM_RINT: return rint(x);
  case FM_ROUND: return round(x);
  case FM_RCP: return 1.0 / x;
  case FM_RSQ: return 1.0 / sqrt(x);
  case FM_FRACT: return isinf(x) ? NAN : x - floor(x);
  default: return x; /* canonicalize */
  }
}

double emu_fmath2(int sub, double x, double y) {
  switch (sub) {
  case FM_MINNUM: return isnan(x) ? y : isnan(y) ? x : (x < y || (x == y && signbit(x))) ? x : y;
  case FM_MAXNUM: return isnan(x) ? y : isnan(y) ? x : (x > y || (x == y && !signbit(x))) ? x : y;
  case FM_MINIMUM: return isnan(x) || isnan(y) ? NAN : (x < y || (x == y && signbit(x))) ? x : y;
  case FM_MAXIMUM: return isnan(x) || isnan(y) ? NAN : (x > y || (x == y && !signbit(x))) ? x : y;
  case FM_COPYSIGN: return copysign(x, y);
  case FM_POW: return pow(x, y);
  case FM_ATAN2: return atan2(x, y);
  default: return x;
  }
}

int emu_fp_class(uint64_t v, int sk) {
  int eb, mb;
  switch (sk) {
  case SK_F16: eb = 5, mb = 10; break;
  case SK_BF16: eb = 8, mb = 7; break;
  case SK_F32: eb = 8, mb = 23; break;
  default: eb = 11, mb = 52; break;
  }
  int neg = (int)((v >> (eb + mb)) & 1);
  uint64_t e = (v >> mb) & ((1ull << eb) - 1);
  uint64_t man = v & ((1ull << mb) - 1);
  if (e == (1ull << eb) - 1) {
    if (man)
      return (man >> (mb - 1)) & 1 ? 1 : 0; /* qNaN : sNaN */
    return neg ? 2 : 9;
  }
  if (e == 0)
    return man ? (neg ? 4 : 7) : (neg ? 5 : 6);
  return neg ? 3 : 8;
}
