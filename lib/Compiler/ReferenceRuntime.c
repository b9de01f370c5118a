/* The run-time functions the JIT-compiled CPU reference may call, given to
 * the execution engine by name instead of loading MLIR's runner-utility
 * libraries: soft-float conversions (the emulator's exact ones), rsqrt, and
 * memrefCopy, which MLIR's memref lowering calls for copies between views
 * that are not contiguous (a tensor.pad's interior, a subview). */
#include "ReferenceRuntime.h"

#include "wmma-c/Emulator.h"
#include "wmma/Support/CAPIUtil.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* x86-64 passes and returns _Float16/__bf16 in the low bits of xmm0, like a
 * float; these wrappers use float bit patterns so they need no compiler
 * support for those types. */
static float bits_as_float(uint32_t b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}
static uint16_t low16(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return (uint16_t)(b & 0xffffu);
}
static float ref_truncsfhf2(float x) { return bits_as_float(wmma_emu_f32_to_f16(x)); }
static float ref_extendhfsf2(float x) { return wmma_emu_f16_to_f32(low16(x)); }
static float ref_truncsfbf2(float x) { return bits_as_float(wmma_emu_f32_to_bf16(x)); }
static float ref_extendbfsf2(float x) { return wmma_emu_bf16_to_f32(low16(x)); }
static float ref_rsqrtf(float x) { return 1.0f / sqrtf(x); }
static double ref_rsqrt(double x) { return 1.0 / sqrt(x); }

/* MLIR's unranked memref: a rank and a pointer to the ranked descriptor
 * {allocated, aligned, offset, sizes[rank], strides[rank]}. */
typedef struct {
  int64_t rank;
  void *descriptor;
} unranked_memref;

typedef struct {
  char *aligned;
  int64_t offset;
  const int64_t *sizes, *strides;
} view_t;

static view_t view_of(const unranked_memref *m) {
  char **ptrs = m->descriptor;
  const int64_t *fields = (const int64_t *)(ptrs + 2);
  return (view_t){ptrs[1], fields[0], fields + 1, fields + 1 + m->rank};
}

/* Element-by-element strided copy in row-major order of the destination's
 * index space (source and destination have the same sizes). */
static void ref_memref_copy(int64_t elem_size, unranked_memref *src,
                            unranked_memref *dst) {
  int64_t rank = src->rank;
  if (rank != dst->rank || rank < 0 || rank > 16 || elem_size <= 0)
    return;
  view_t s = view_of(src), d = view_of(dst);
  int64_t idx[16] = {0};
  for (int64_t r = 0; r < rank; ++r)
    if (s.sizes[r] <= 0)
      return;
  for (;;) {
    int64_t so = s.offset, dof = d.offset;
    for (int64_t r = 0; r < rank; ++r) {
      so += idx[r] * s.strides[r];
      dof += idx[r] * d.strides[r];
    }
    memmove(d.aligned + dof * elem_size, s.aligned + so * elem_size,
            (size_t)elem_size);
    int64_t r = rank - 1;
    while (r >= 0 && ++idx[r] == s.sizes[r])
      idx[r--] = 0;
    if (r < 0)
      return;
  }
}

void ref_register_runtime(MlirExecutionEngine jit) {
  static const struct {
    const char *name;
    void *fn;
  } table[] = {
      {"rsqrtf", (void *)ref_rsqrtf},
      {"rsqrt", (void *)ref_rsqrt},
      {"__truncsfhf2", (void *)ref_truncsfhf2},
      {"__extendhfsf2", (void *)ref_extendhfsf2},
      {"__gnu_f2h_ieee", (void *)ref_truncsfhf2},
      {"__gnu_h2f_ieee", (void *)ref_extendhfsf2},
      {"__truncsfbf2", (void *)ref_truncsfbf2},
      {"__extendbfsf2", (void *)ref_extendbfsf2},
      {"memrefCopy", (void *)ref_memref_copy},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i)
    mlirExecutionEngineRegisterSymbol(jit, wmma_sref(table[i].name),
                                      table[i].fn);
}
