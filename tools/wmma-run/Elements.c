/* wmma-run's element handling: the seeded generator, the element types
 * it fills and compares, and their reads and writes in buffer bytes. */
#include "Elements.h"

#include "wmma-c/Runner.h"

#include <math.h>
#include <string.h>

/* xorshift64*: small, seeded, reproducible across platforms. */
static uint64_t rng_state;

void rng_seed(uint64_t seed) {
  rng_state = seed * 0x9E3779B97F4A7C15ULL + 0x1234567ULL;
}

double rng_uniform(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  uint64_t x = rng_state * 0x2545F4914F6CDD1DULL;
  return (double)(x >> 11) * (1.0 / 9007199254740992.0);
}

elem_kind elem_kind_of(const char *t) {
  static const char *const kNames[] = {"f16", "bf16", "f32", "i32", "i8",
                                       "f8E4M3FN", "f8E5M2", "i4", "i1", "i16",
                                       "i64"};
  for (int k = 0; k < ELEM_UNSUPPORTED; ++k)
    if (!strcmp(t, kNames[k]))
      return (elem_kind)k;
  return ELEM_UNSUPPORTED;
}

double load_elem(elem_kind k, const void *data, size_t i) {
  const unsigned char *p = data;
  uint16_t h;
  float f;
  int32_t v;
  switch (k) {
  case ELEM_F16:
    memcpy(&h, p + 2 * i, 2);
    return wmma_emu_f16_to_f32(h);
  case ELEM_BF16:
    memcpy(&h, p + 2 * i, 2);
    return wmma_emu_bf16_to_f32(h);
  case ELEM_F32:
    memcpy(&f, p + 4 * i, 4);
    return f;
  case ELEM_I32:
    memcpy(&v, p + 4 * i, 4);
    return v;
  case ELEM_I8:
    return (int8_t)p[i];
  case ELEM_FP8:
    return wmma_emu_fp8_to_f32(p[i]);
  case ELEM_BF8:
    return wmma_emu_bf8_to_f32(p[i]);
  case ELEM_I4: /* one byte per element (MLIR's addressing): the low nibble */
    return (int8_t)(unsigned char)(p[i] << 4) >> 4;
  case ELEM_I1: /* a byte per element too: its low bit */
    return p[i] & 1;
  case ELEM_I16: {
    int16_t s16;
    memcpy(&s16, p + 2 * i, 2);
    return s16;
  }
  case ELEM_I64: { /* positions (argmax): exact below 2^53 */
    int64_t s64;
    memcpy(&s64, p + 8 * i, 8);
    return (double)s64;
  }
  default:
    return NAN;
  }
}

/* A random input of kind k: floats uniform in [-scale, scale); integers:
 * i8 and i4 over their whole range (read as u8 / u4 by unsigned
 * products), i32 small enough that sums stay exact. */
double draw(elem_kind k, double scale) {
  double v = 2.0 * rng_uniform() - 1.0;
  if (k == ELEM_I8)
    return floor(v * 128.0);
  if (k == ELEM_I4)
    return floor(v * 8.0);
  if (k == ELEM_I1)
    return v < 0 ? 0 : 1;
  if (k == ELEM_I32 || k == ELEM_I16 || k == ELEM_I64)
    return floor(v * 1024.0);
  return v * scale;
}


void store_elem(elem_kind k, void *data, size_t i, double v) {
  unsigned char *p = data;
  uint16_t h;
  float f = (float)v;
  int32_t x = (int32_t)v;
  switch (k) {
  case ELEM_F16:
    h = wmma_emu_f32_to_f16(f);
    memcpy(p + 2 * i, &h, 2);
    break;
  case ELEM_BF16:
    h = wmma_emu_f32_to_bf16(f);
    memcpy(p + 2 * i, &h, 2);
    break;
  case ELEM_F32:
    memcpy(p + 4 * i, &f, 4);
    break;
  case ELEM_I32:
    memcpy(p + 4 * i, &x, 4);
    break;
  case ELEM_I8: /* two's complement: the magnitude of -128 wraps to it */
    p[i] = (unsigned char)(int64_t)v;
    break;
  case ELEM_I4: /* the nibble zero-extended into its byte, as LLVM stores an
                   i4 (its loads assume the high bits zero); 8 wraps to -8 */
    p[i] = (unsigned char)((int64_t)v & 0xF);
    break;
  case ELEM_I1: /* 0 or 1 in its byte, as LLVM stores an i1 */
    p[i] = (unsigned char)((int64_t)v & 1);
    break;
  case ELEM_I16: {
    int16_t s16 = (int16_t)(int64_t)v;
    memcpy(p + 2 * i, &s16, 2);
    break;
  }
  case ELEM_I64: {
    int64_t s64 = (int64_t)v;
    memcpy(p + 8 * i, &s64, 8);
    break;
  }
  case ELEM_FP8:
    p[i] = wmma_emu_f32_to_fp8(f, 1);
    break;
  case ELEM_BF8:
    p[i] = wmma_emu_f32_to_bf8(f, 1);
    break;
  default:
    break;
  }
}

double sp_load(void *ctx, int arg, const void *data, size_t e) {
  return load_elem(((const elem_ctx *)ctx)->kinds[arg], data, e);
}
void sp_store(void *ctx, int arg, void *data, size_t e, double v) {
  store_elem(((const elem_ctx *)ctx)->kinds[arg], data, e, v);
}
double sp_draw(void *ctx, int arg) {
  const elem_ctx *c = ctx;
  return draw(c->kinds[arg], c->scale);
}

