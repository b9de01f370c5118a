/* wmma-run: compile a linalg pipeline, run the kernel on seeded random
 * inputs (emulator or HIP), compute the original function on the CPU with
 * MLIR's own lowering, and compare element-wise against a bound derived
 * from the data types and contraction lengths. */
#include "wmma-c/Runner.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f) {
  fprintf(f,
          "usage: wmma-run INPUT.mlir --chip gfxNNNN [--backend emu|hip] [--seed N]\n"
          "                [--func NAME] [--strategy permlanex16|bpermute] [--stats]\n"
          "                [--reference REF.mlir] [--no-tiling]\n"
          "\n"
          "Compiles the function, fills its inputs with seeded random data, runs\n"
          "the kernel (default backend: the emulator), computes the original\n"
          "function on the CPU (MLIR linalg -> LLVM, JIT), and prints the maximum\n"
          "absolute and relative error per output with PASS/FAIL.  An element\n"
          "passes when |kernel - reference| <= gamma * M, where M is the function\n"
          "evaluated on the absolute values of the inputs and gamma sums 2*K*u32\n"
          "per f32-accumulated contraction of length K and one ulp per rounding to\n"
          "a narrower type.  --reference takes the reference function (same name\n"
          "and signature) from another file instead of INPUT.\n"
          "Exit status: 0 PASS, 1 FAIL or error, 2 usage.\n");
}

/* xorshift64*: small, seeded, reproducible across platforms. */
static uint64_t rng_state;
static double rng_uniform(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  uint64_t x = rng_state * 0x2545F4914F6CDD1DULL;
  return (double)(x >> 11) * (1.0 / 9007199254740992.0);
}

/* Largest buffer wmma-run allocates for one argument (it keeps three
 * copies: kernel, reference, magnitudes). */
#define MAX_BUFFER_BYTES ((size_t)1 << 30)

/* The bytes of buffer argument a into *bytes; 0 if the shape (from the
 * input program) needs more than MAX_BUFFER_BYTES or overflows. */
static int buffer_bytes(const wmma_kernel_arg *a, size_t *bytes) {
  size_t n = a->elem_bytes > 0 ? (size_t)a->elem_bytes : 1;
  for (int d = 0; d < a->rank; ++d) {
    if (a->shape[d] < 0 ||
        (a->shape[d] > 0 && n > MAX_BUFFER_BYTES / (uint64_t)a->shape[d]))
      return 0;
    n *= (size_t)a->shape[d];
  }
  *bytes = n;
  return n <= MAX_BUFFER_BYTES;
}

static size_t element_count(const wmma_kernel_arg *a) {
  size_t n = 1;
  for (int d = 0; d < a->rank; ++d)
    n *= (size_t)a->shape[d];
  return n;
}

/* Element types wmma-run can fill and compare, resolved once per argument
 * so that the per-element loops do no string compares. */
typedef enum { ELEM_F16, ELEM_BF16, ELEM_F32, ELEM_I32, ELEM_I8, ELEM_UNSUPPORTED } elem_kind;

static elem_kind elem_kind_of(const char *t) {
  static const char *const kNames[] = {"f16", "bf16", "f32", "i32", "i8"};
  for (int k = 0; k < ELEM_UNSUPPORTED; ++k)
    if (!strcmp(t, kNames[k]))
      return (elem_kind)k;
  return ELEM_UNSUPPORTED;
}

static double load_elem(elem_kind k, const void *data, size_t i) {
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
  default:
    return NAN;
  }
}

static void store_elem(elem_kind k, void *data, size_t i, double v) {
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
  case ELEM_I8:
    p[i] = (unsigned char)(int8_t)v;
    break;
  default:
    break;
  }
}

int main(int argc, char **argv) {
  const char *input = NULL, *reference = NULL;
  wmma_compile_options o;
  memset(&o, 0, sizeof o);
  o.strategy = WMMA_XLANE_PERMLANEX16;
  wmma_backend backend = WMMA_BACKEND_EMU;
  uint64_t seed = 1;
  int want_stats = 0;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = (i + 1 < argc) ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--chip") && v) {
      o.chip = v, ++i;
    } else if (!strcmp(a, "--func") && v) {
      o.func = v, ++i;
    } else if (!strcmp(a, "--seed") && v) {
      char *end;
      seed = strtoull(v, &end, 0);
      if (*end) {
        fprintf(stderr, "wmma-run: error: --seed takes an integer, got '%s'\n", v);
        return 2;
      }
      ++i;
    } else if (!strcmp(a, "--backend") && v) {
      if (!strcmp(v, "emu"))
        backend = WMMA_BACKEND_EMU;
      else if (!strcmp(v, "hip"))
        backend = WMMA_BACKEND_HIP;
      else {
        fprintf(stderr, "wmma-run: error: unknown --backend '%s' (expected emu or hip)\n", v);
        return 2;
      }
      ++i;
    } else if (!strcmp(a, "--strategy") && v) {
      int st = wmma_strategy_parse(v);
      if (st < 0) {
        fprintf(stderr, "wmma-run: error: unknown --strategy '%s'\n", v);
        return 2;
      }
      o.strategy = (wmma_xlane_strategy)st, ++i;
    } else if (!strcmp(a, "--reference") && v) {
      reference = v, ++i;
    } else if (!strcmp(a, "--no-tiling")) {
      o.no_tiling = 1;
    } else if (!strcmp(a, "--stats")) {
      want_stats = 1;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "wmma-run: error: unknown or incomplete option '%s'\n", a);
      usage(stderr);
      return 2;
    } else if (!input) {
      input = a;
    } else {
      fprintf(stderr, "wmma-run: error: more than one input ('%s')\n", a);
      return 2;
    }
  }
  if (!input || !o.chip) {
    fprintf(stderr, "wmma-run: error: %s is required\n", !input ? "an input file" : "--chip");
    usage(stderr);
    return 2;
  }
  size_t src_size = 0;
  char *src = wmma_read_file(input, &src_size);
  if (!src) {
    fprintf(stderr, "wmma-run: error: cannot read '%s'\n", input);
    return 2;
  }
  size_t ref_size = src_size;
  char *ref_src = src;
  if (reference && !(ref_src = wmma_read_file(reference, &ref_size))) {
    fprintf(stderr, "wmma-run: error: cannot read '%s'\n", reference);
    free(src);
    return 2;
  }
  o.emit = backend == WMMA_BACKEND_EMU ? WMMA_EMIT_LLVM : WMMA_EMIT_HSACO;
  wmma_compile_result k;
  int rc = wmma_compile_source(src, src_size, input, &o, &k);
  if (k.diagnostics && *k.diagnostics)
    fputs(k.diagnostics, stderr);
  if (rc) {
    wmma_compile_result_free(&k);
    if (ref_src != src)
      free(ref_src);
    free(src);
    return rc;
  }

  /* Buffers: kernel copy, reference copy, magnitude copy (|inputs|). */
  int n = k.nargs, status = 1;
  wmma_host_arg kargs[WMMA_MAX_KERNEL_ARGS];
  void *ref_data[WMMA_MAX_KERNEL_ARGS] = {0}, *mag_data[WMMA_MAX_KERNEL_ARGS] = {0};
  void *ref_ptrs[WMMA_MAX_KERNEL_ARGS], *mag_ptrs[WMMA_MAX_KERNEL_ARGS];
  void *ref_args[WMMA_MAX_KERNEL_ARGS], *mag_args[WMMA_MAX_KERNEL_ARGS];
  elem_kind kinds[WMMA_MAX_KERNEL_ARGS];
  float scalars[WMMA_MAX_KERNEL_ARGS], mag_scalars[WMMA_MAX_KERNEL_ARGS];
  memset(kargs, 0, sizeof kargs);
  rng_state = seed * 0x9E3779B97F4A7C15ULL + 0x1234567ULL;
  for (int i = 0; i < n; ++i) {
    const wmma_kernel_arg *a = &k.args[i];
    kinds[i] = elem_kind_of(a->type);
    if (kinds[i] == ELEM_UNSUPPORTED) {
      fprintf(stderr, "wmma-run: error: argument '%s' has type %s, which wmma-run "
                      "cannot fill\n", a->name, a->type);
      goto out;
    }
    if (!a->is_buffer) {
      if (kinds[i] != ELEM_F32) {
        fprintf(stderr, "wmma-run: error: scalar '%s' must be f32\n", a->name);
        goto out;
      }
      scalars[i] = (float)(0.5 + rng_uniform());
      mag_scalars[i] = fabsf(scalars[i]);
      kargs[i].data = &scalars[i];
      kargs[i].bytes = 4;
      ref_args[i] = &scalars[i];
      mag_args[i] = &mag_scalars[i];
      continue;
    }
    size_t count = element_count(a), bytes;
    if (!buffer_bytes(a, &bytes)) {
      fprintf(stderr, "wmma-run: error: argument '%s' needs more than %zu bytes "
                      "(1 GiB), wmma-run's limit per buffer\n", a->name,
              MAX_BUFFER_BYTES);
      goto out;
    }
    kargs[i].data = calloc(1, bytes ? bytes : 1);
    kargs[i].bytes = bytes;
    ref_data[i] = calloc(1, bytes ? bytes : 1);
    mag_data[i] = calloc(1, bytes ? bytes : 1);
    if (!kargs[i].data || !ref_data[i] || !mag_data[i]) {
      fprintf(stderr, "wmma-run: error: cannot allocate 3 x %zu bytes for "
                      "argument '%s'\n", bytes, a->name);
      goto out;
    }
    if (strcmp(a->role, "output"))
      for (size_t e = 0; e < count; ++e) {
        double v = 2.0 * rng_uniform() - 1.0;
        if (!strcmp(a->type, "i8") || !strcmp(a->type, "i32"))
          v = floor(v * 8.0);
        store_elem(kinds[i], kargs[i].data, e, v);
        store_elem(kinds[i], mag_data[i], e, fabs(load_elem(kinds[i], kargs[i].data, e)));
      }
    memcpy(ref_data[i], kargs[i].data, bytes);
    ref_ptrs[i] = ref_data[i];
    mag_ptrs[i] = mag_data[i];
    ref_args[i] = &ref_ptrs[i];
    mag_args[i] = &mag_ptrs[i];
  }

  const char *backend_name = backend == WMMA_BACKEND_EMU ? "emu" : "hip";
  printf("kernel %s on %s (%s): grid [%u, %u, %u], block [%u, %u, %u], LDS %" PRIu64
         " bytes, seed %" PRIu64 "\n",
         k.kernel, k.chip, backend_name, k.grid[0], k.grid[1], k.grid[2], k.block[0],
         k.block[1], k.block[2], k.lds_bytes, seed);
  wmma_emu_stats stats;
  char *diag = NULL;
  if (wmma_launch(&k, backend, kargs, n, want_stats ? &stats : NULL, &diag)) {
    fprintf(stderr, "wmma-run: %s", diag ? diag : "error: launch failed\n");
    free(diag);
    goto out;
  }
  double gamma = 0;
  const char *ref_func = o.func ? o.func : k.kernel;
  /* One JIT: the reference on the inputs, then on their absolute values. */
  void **const arg_sets[2] = {ref_args, mag_args};
  if (wmma_reference_run(ref_src, ref_size, ref_func, arg_sets, 2, n, &gamma, &diag)) {
    fprintf(stderr, "wmma-run: %s", diag ? diag : "error: reference failed\n");
    free(diag);
    goto out;
  }
  free(diag);

  int all_pass = 1, outputs = 0;
  for (int i = 0; i < n; ++i) {
    const wmma_kernel_arg *a = &k.args[i];
    if (!a->is_buffer || !strcmp(a->role, "input"))
      continue;
    ++outputs;
    size_t count = element_count(a), bad = 0, worst = 0;
    double max_abs = 0, max_rel = 0, worst_ratio = 0;
    for (size_t e = 0; e < count; ++e) {
      double got = load_elem(kinds[i], kargs[i].data, e);
      double want = load_elem(kinds[i], ref_data[i], e);
      double mag = load_elem(kinds[i], mag_data[i], e);
      double err = fabs(got - want);
      double tol = gamma * fabs(mag);
      if (!(err <= tol)) /* also catches NaN */
        ++bad;
      if (err > max_abs || isnan(err))
        max_abs = err;
      if (want != 0 && err / fabs(want) > max_rel)
        max_rel = err / fabs(want);
      double ratio = tol > 0 ? err / tol : (err > 0 ? INFINITY : 0);
      if (ratio > worst_ratio)
        worst_ratio = ratio, worst = e;
    }
    char shape[96] = "";
    for (int d = 0; d < a->rank; ++d)
      snprintf(shape + strlen(shape), sizeof shape - strlen(shape), "%s%" PRId64,
               d ? "x" : "", a->shape[d]);
    printf("output %s [%s %s]: max abs err %.3g, max rel err %.3g, gamma %.3g, "
           "%zu of %zu outside the bound -> %s\n",
           a->name, shape, a->type, max_abs, max_rel, gamma, bad, count,
           bad ? "FAIL" : "PASS");
    if (bad)
      printf("  worst element %zu: kernel %.9g, reference %.9g, bound %.3g\n", worst,
             load_elem(kinds[i], kargs[i].data, worst),
             load_elem(kinds[i], ref_data[i], worst),
             gamma * load_elem(kinds[i], mag_data[i], worst));
    all_pass &= bad == 0;
  }
  if (!outputs) {
    fprintf(stderr, "wmma-run: error: the kernel has no output buffer to check\n");
    goto out;
  }
  if (want_stats && backend == WMMA_BACKEND_EMU) {
    printf("emulator: %" PRIu64 " lane-instructions, %" PRIu64 " wave-instructions, %" PRIu64
           " WMMA, %" PRIu64 " ds_bpermute, %" PRIu64 " permlanex16, %" PRIu64 " dpp, "
           "global %" PRIu64 " B loaded / %" PRIu64 " B stored, LDS %" PRIu64
           " B read / %" PRIu64 " B written, %" PRIu64 " barriers\n",
           stats.lane_instructions, stats.wave_instructions, stats.wmma_total,
           stats.ds_bpermute, stats.permlanex16, stats.dpp, stats.global_bytes_loaded,
           stats.global_bytes_stored, stats.lds_bytes_read, stats.lds_bytes_written,
           stats.barriers);
  }
  printf("%s\n", all_pass ? "PASS" : "FAIL");
  status = all_pass ? 0 : 1;

out:
  for (int i = 0; i < n; ++i)
    if (k.args[i].is_buffer) {
      free(kargs[i].data);
      free(ref_data[i]);
      free(mag_data[i]);
    }
  wmma_compile_result_free(&k);
  if (ref_src != src)
    free(ref_src);
  free(src);
  return status;
}
