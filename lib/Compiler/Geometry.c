/* Launch geometry from the launch record: the run-time sizes read off the
 * arguments' shapes, checked against every static dimension and against
 * each other, and the grid's affine expressions evaluated on them. */
#include "wmma-c/Compiler.h"

#include <stdarg.h>
#include <stdio.h>

static int fail(char *msg, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(char *msg, size_t cap, const char *fmt, ...) {
  if (msg && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
  }
  return 1;
}

static int eval(const wmma_grid_op *prog, int len, const int64_t *sizes,
                int64_t *out) {
  int64_t st[WMMA_MAX_GRID_PROGRAM];
  int sp = 0;
  for (int i = 0; i < len; ++i) {
    const wmma_grid_op *o = &prog[i];
    if (o->op == WMMA_GRID_CONST || o->op == WMMA_GRID_SIZE) {
      if (sp >= WMMA_MAX_GRID_PROGRAM)
        return 1;
      st[sp++] = o->op == WMMA_GRID_CONST ? o->value : sizes[o->value];
      continue;
    }
    if (sp < 2)
      return 1;
    int64_t b = st[--sp], a = st[--sp], r;
    switch (o->op) {
    case WMMA_GRID_ADD: r = a + b; break;
    case WMMA_GRID_MUL: r = a * b; break;
    case WMMA_GRID_CEILDIV:
      if (b <= 0)
        return 1;
      r = (a + b - 1) / b;
      break;
    case WMMA_GRID_FLOORDIV:
      if (b <= 0)
        return 1;
      r = a / b;
      break;
    case WMMA_GRID_MOD:
      if (b <= 0)
        return 1;
      r = a % b;
      break;
    default:
      return 1;
    }
    st[sp++] = r;
  }
  if (sp != 1)
    return 1;
  *out = st[0];
  return 0;
}

int wmma_launch_geometry(const wmma_compile_result *k,
                         const int64_t *const *shapes, unsigned grid[3],
                         char *msg, size_t cap) {
  int64_t sizes[64];
  int known[64] = {0};
  if (!k || k->nsizes < 0 || k->nsizes > 64)
    return fail(msg, cap, "no compiled kernel");
  for (int i = 0; i < k->nargs; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    if (!a->is_buffer)
      continue;
    const int64_t *shape = shapes ? shapes[i] : NULL;
    for (int d = 0; d < a->rank; ++d) {
      int64_t want = a->shape[d];
      if (want >= 0) {
        if (shape && shape[d] != want)
          return fail(msg, cap, "argument '%s' has size %lld in dimension "
                                "%d; the kernel was compiled for %lld",
                      a->name, (long long)shape[d], d, (long long)want);
        continue;
      }
      int s = (int)(-1 - want);
      if (!shape)
        return fail(msg, cap, "argument '%s' has run-time sizes: give its "
                              "shape",
                    a->name);
      if (shape[d] < 0)
        return fail(msg, cap, "argument '%s' has a negative size", a->name);
      if (s >= 64)
        return fail(msg, cap, "too many run-time sizes");
      if (known[s] && sizes[s] != shape[d])
        return fail(msg, cap, "argument '%s' dimension %d is %lld, but the "
                              "program needs it equal to another argument's "
                              "size %lld",
                    a->name, d, (long long)shape[d], (long long)sizes[s]);
      sizes[s] = shape[d];
      known[s] = 1;
    }
  }
  for (int s = 0; s < k->nsizes; ++s)
    if (!known[s])
      return fail(msg, cap, "run-time size s%d is not given by any "
                            "argument",
                  s);
  /* A program has a grid per launch (wmma_launch_each). */
  if (k->nlaunches) {
    grid[0] = grid[1] = grid[2] = 0;
    return 0;
  }
  for (int i = 0; i < 3; ++i) {
    int64_t v;
    if (eval(k->grid_program[i], k->grid_len[i], sizes, &v))
      return fail(msg, cap, "malformed grid expression");
    if (v < 0 || v > 0xffffffffLL)
      return fail(msg, cap, "the grid (%lld workgroups in dimension %d) is "
                            "outside 0..2^32-1",
                  (long long)v, i);
    grid[i] = (unsigned)v;
  }
  return 0;
}
