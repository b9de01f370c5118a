/* Bottom layer of the emulator: how one scalar value is held and computed.
 *
 * A register slot holds one scalar for all 32 lanes (uint64_t[32]); a value
 * of kind sk and width bits sits in the low bits of each lane's uint64_t
 * (integers masked to their width, floats as their IEEE bit patterns).
 * Everything here is pure: no module, no memory, no LLVM. */
#ifndef WMMA_EMULATOR_SCALAR_H
#define WMMA_EMULATOR_SCALAR_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* strdup, strndup */
#endif

#include <stdint.h>

#define NLANES 32
#define FULL_EXEC 0xffffffffu

/* Scalar kinds of an element. */
typedef enum {
  SK_INT,
  SK_F16,
  SK_BF16,
  SK_F32,
  SK_F64,
  SK_PTR,
  SK_AGG, /* struct/array SSA value flattened into slots */
} ScalarKind;

/* Type of an SSA value: n slots of kind sk.  An integer wider than 64 bits
 * (iN, N a multiple of 64) is held as N/64 slots of i64 ("limbs", limb 0
 * the low bits: LLVM's little-endian bitcast image); such values are only
 * moved, never computed on (the decoder refuses the rest). */
typedef struct {
  uint8_t sk;
  uint8_t bits;   /* integer width, pointer width, or float width (64 for limbs) */
  uint16_t as;    /* pointer address space */
  uint32_t n;     /* slots: elements times limbs */
  uint8_t limbs;  /* slots per element: N/64 for wide integers, else 0 or 1 */
} VType;

#define EMU_MAX_WIDE_BITS 4096 /* widest integer held in limbs */
static inline uint32_t emu_limbs(const VType *t) { return t->limbs > 1 ? t->limbs : 1; }

/* Sub-operations of the arithmetic opcodes (Opcodes.h). */
enum { IB_ADD, IB_SUB, IB_MUL, IB_UDIV, IB_SDIV, IB_UREM, IB_SREM, IB_SHL,
       IB_LSHR, IB_ASHR, IB_AND, IB_OR, IB_XOR };
enum { FB_ADD, FB_SUB, FB_MUL, FB_DIV, FB_REM };
enum { CV_TRUNC, CV_ZEXT, CV_SEXT, CV_FPCONV, CV_FPTOUI, CV_FPTOSI,
       CV_UITOFP, CV_SITOFP, CV_PTRTOINT, CV_INTTOPTR, CV_ASCAST };
enum { FM_FABS, FM_SQRT, FM_EXP2, FM_EXP, FM_LOG2, FM_LOG, FM_LOG10,
       FM_SIN, FM_COS, FM_FLOOR, FM_CEIL, FM_TRUNC, FM_RINT, FM_ROUND,
       FM_RCP, FM_RSQ, FM_FRACT, FM_CANON, FM_EXP10, FM_AMD_SIN, FM_AMD_COS,
       FM_TAN,
       /* binary */
       FM_MINNUM, FM_MAXNUM, FM_MINIMUM, FM_MAXIMUM, FM_COPYSIGN, FM_POW,
       FM_POWI, FM_ATAN2 };
enum { IM_ABS, IM_CTPOP, IM_CTLZ, IM_CTTZ, IM_BSWAP, IM_BITREV,
       /* binary */
       IM_UMIN, IM_UMAX, IM_SMIN, IM_SMAX, IM_UADD_SAT, IM_SADD_SAT,
       IM_USUB_SAT, IM_SSUB_SAT, IM_UADD_O, IM_SADD_O, IM_USUB_O, IM_SSUB_O,
       IM_UMUL_O, IM_SMUL_O };
enum { RD_ADD, RD_MUL, RD_AND, RD_OR, RD_XOR, RD_UMIN, RD_UMAX, RD_SMIN,
       RD_SMAX, RD_FADD, RD_FMUL, RD_FMIN, RD_FMAX, RD_FMINIMUM,
       RD_FMAXIMUM };
/* Follows LLVMAtomicRMWBinOp. */
enum { AR_XCHG, AR_ADD, AR_SUB, AR_AND, AR_NAND, AR_OR, AR_XOR, AR_MAX,
       AR_MIN, AR_UMAX, AR_UMIN, AR_FADD, AR_FSUB, AR_FMAX, AR_FMIN,
       AR_UINC_WRAP, AR_UDEC_WRAP };

/* Float.c: exact conversions (decoders exact, encoders round to nearest
 * even in one step).  emu_float_init fills the lookup tables (thread-safe,
 * idempotent); the module loader calls it. */
void emu_float_init(void);
extern float g_emu_f16_table[65536];
extern double g_emu_fp8_table[256], g_emu_bf8_table[256];
static inline double emu_f16_to_double(uint16_t h) { return g_emu_f16_table[h]; }
double emu_bf16_to_double(uint16_t h);
static inline double emu_fp8_to_double(uint8_t v) { return g_emu_fp8_table[v]; }
static inline double emu_bf8_to_double(uint8_t v) { return g_emu_bf8_table[v]; }
uint16_t emu_double_to_f16(double x);
uint16_t emu_double_to_bf16(double x);
uint8_t emu_double_to_fp8(double x, int saturate); /* OCP E4M3FN */
uint8_t emu_double_to_bf8(double x, int saturate); /* OCP E5M2 */
uint16_t emu_float_to_f16_rtz(float x);

static inline float emu_as_f32(uint64_t v) {
  union { uint32_t u; float f; } x;
  x.u = (uint32_t)v;
  return x.f;
}
static inline uint64_t emu_from_f32(float f) {
  union { uint32_t u; float f; } x;
  x.f = f;
  return x.u;
}
static inline double emu_as_f64(uint64_t v) {
  union { uint64_t u; double f; } x;
  x.u = v;
  return x.f;
}
static inline uint64_t emu_from_f64(double f) {
  union { uint64_t u; double f; } x;
  x.f = f;
  return x.u;
}

/* Loads a float of kind sk from slot bits, and stores back (rounding RNE). */
static inline double emu_load_fp(uint64_t v, int sk) {
  switch (sk) {
  case SK_F16: return emu_f16_to_double((uint16_t)v);
  case SK_BF16: return emu_bf16_to_double((uint16_t)v);
  case SK_F32: return emu_as_f32(v);
  default: return emu_as_f64(v);
  }
}
static inline uint64_t emu_store_fp(double d, int sk) {
  switch (sk) {
  case SK_F16: return emu_double_to_f16(d);
  case SK_BF16: return emu_double_to_bf16(d);
  case SK_F32: return emu_from_f32((float)d);
  default: return emu_from_f64(d);
  }
}
static inline uint64_t emu_mask(int bits) {
  return bits >= 64 ? ~0ull : ((1ull << bits) - 1);
}
static inline int64_t emu_sext(uint64_t v, int bits) {
  if (bits >= 64)
    return (int64_t)v;
  return (int64_t)(v << (64 - bits)) >> (64 - bits);
}

/* ScalarOps.c: scalar semantics shared by the interpreter and the constant
 * folder.  Address-space casts are not here (Memory.h: they depend on the
 * memory model). */
uint64_t emu_cast_scalar(int sub, uint64_t v, int sk2, int bits2, int sk,
                         int bits);
int emu_fcmp(int pred, double x, double y);
int emu_icmp(int pred, uint64_t a, uint64_t b, int bits);
double emu_fmath1(int sub, double x);
double emu_fmath2(int sub, double x, double y);
/* Bit index of v's class in llvm.is.fpclass's test mask. */
int emu_fp_class(uint64_t v, int sk);

#endif /* WMMA_EMULATOR_SCALAR_H */
