/* wmma-run's element handling (Elements.c): a seeded generator and the
 * element types wmma-run can fill and compare, resolved once per argument
 * so that the per-element loops do no string compares. */
#ifndef WMMA_TOOLS_WMMA_RUN_ELEMENTS_H
#define WMMA_TOOLS_WMMA_RUN_ELEMENTS_H

#include <stddef.h>
#include <stdint.h>

/* xorshift64*: small, seeded, reproducible across platforms. */
void rng_seed(uint64_t seed);
/* Uniform in [0, 1). */
double rng_uniform(void);

typedef enum {
  ELEM_F16, ELEM_BF16, ELEM_F32, ELEM_I32, ELEM_I8, ELEM_FP8, ELEM_BF8,
  ELEM_I4, ELEM_I1, ELEM_I16, ELEM_I64, ELEM_UNSUPPORTED
} elem_kind;

/* The kind of an element type as the compile result names it. */
elem_kind elem_kind_of(const char *t);
/* Element i of a buffer of kind k, as a double (exact for every kind). */
double load_elem(elem_kind k, const void *data, size_t i);
/* v stored as element i (rounded to nearest even, integers wrapped). */
void store_elem(elem_kind k, void *data, size_t i, double v);
/* A random input of kind k: floats uniform in [-scale, scale); integers:
 * i8 and i4 over their whole range (read as u8 / u4 by unsigned
 * products), i32 and i16 small enough that sums stay exact. */
double draw(elem_kind k, double scale);

/* The element callbacks of 2:4 inputs (Sparse24.c): ctx is an elem_ctx. */
typedef struct {
  const elem_kind *kinds;
  double scale;
} elem_ctx;
double sp_load(void *ctx, int arg, const void *data, size_t e);
void sp_store(void *ctx, int arg, void *data, size_t e, double v);
double sp_draw(void *ctx, int arg);

#endif /* WMMA_TOOLS_WMMA_RUN_ELEMENTS_H */
