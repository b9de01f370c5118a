/* wmma-emu: runs an amdgcn kernel given as LLVM IR on the CPU with exact
 * RDNA3/RDNA4 wave32 semantics.
 *
 *   wmma-emu KERNEL.ll --kernel NAME --grid X[,Y[,Z]] --block X[,Y[,Z]]
 *            [--arg SPEC]... [--chip CHIP] [--stats] [--stats-json FILE]
 *            [--threads N] [--dynamic-lds BYTES] [--max-instructions N]
 *            [--l2-bytes N] [--l2-workgroups N]
 *
 * Exit status: 0 success, 1 fault, failed check or invalid module, 2 usage
 * error (command line, unreadable input). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* strdup */
#endif
#include "wmma-c/Emulator.h"
#include "wmma/Layout/Layout.h"
#include "IntOption.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(FILE *o) {
  fprintf(o,
          "usage: wmma-emu KERNEL.ll|KERNEL.bc --kernel NAME --grid X[,Y[,Z]] "
          "--block X[,Y[,Z]]\n"
          "                [--arg SPEC]... [--chip CHIP] [--stats] "
          "[--stats-json FILE]\n"
          "                [--threads N] [--dynamic-lds BYTES] [--max-instructions N]\n"
          "                [--l2-bytes N] [--l2-workgroups N] [--list]\n"
          "  --grid      number of workgroups in x, y, z\n"
          "  --block     work-items per workgroup in x, y, z (at most 1024)\n"
          "  --arg SPEC  one per kernel parameter, in order:\n"
          "                in:FILE             global buffer from FILE (raw bytes)\n"
          "                out:FILE:BYTES      zero-filled buffer written to FILE\n"
          "                inout:INFILE:OUTFILE\n"
          "                i32:V i64:V f32:V f16:V f64:V   scalars\n"
          "              a buffer spec ending in @AxBx.. (digits) is a memref descriptor\n"
          "              (the ABI of MLIR's GPU lowering: allocated and aligned\n"
          "              pointer, offset 0, the sizes, row-major strides), e.g.\n"
          "              in:A.bin@64x128 fills 7 parameters\n"
          "  --chip      gfx1100.. (RDNA3), gfx1200/gfx1201 (RDNA4); default: the\n"
          "              kernel's \"target-cpu\" attribute\n"
          "  --threads N        worker threads running workgroups (default: the\n"
          "                     number of cores); results and counters do not\n"
          "                     depend on it\n"
          "  --dynamic-lds BYTES  dynamic LDS per workgroup (HIP's sharedMemBytes,\n"
          "                     for `extern __shared__` arrays); static + dynamic\n"
          "                     LDS must fit 65536 bytes\n"
          "  --max-instructions N  fault after N wave-instructions in the launch\n"
          "                     (default %llu, or 2^18 per workgroup in large\n"
          "                     grids; 0 = no limit)\n"
          "  --l2-bytes N, --l2-workgroups N  the L2 model of the DRAM estimate:\n"
          "                     its size and the workgroups resident at a time\n"
          "                     (default: from the chip's largest part)\n"
          "  --stats, --stats-json FILE  print / write the counters\n"
          "  --list      print the kernels and their parameters\n",
          (unsigned long long)WMMA_EMU_DEFAULT_INSTRUCTION_LIMIT);
}

/* Whether s is a memref shape: digits, each run separated by one 'x'. */
static int is_shape(const char *s) {
  if (*s < '0' || *s > '9')
    return 0;
  for (; *s; s++)
    if (!((*s >= '0' && *s <= '9') || (*s == 'x' && s[1] >= '0' && s[1] <= '9')))
      return 0;
  return 1;
}

/* Largest size of a memref descriptor's dimension. */
#define MAX_MEMREF_DIM 2147483647LL

/* Appends spec to specs, or, for a buffer spec ending in @AxB.. (digits:
 * otherwise the '@' belongs to a path), the parameters of a memref
 * descriptor: the buffer, "same:I" (the same buffer again), i64:0, the
 * sizes and the row-major strides.  Generated strings go to owned (freed by
 * the caller).  0, or -1 for a shape with too many or too large sizes. */
static int push_spec(const char *spec, const char **specs, int *nspecs,
                     char **owned, int *nowned) {
  const char *at = strrchr(spec, '@');
  if (!at || !is_shape(at + 1)) {
    specs[(*nspecs)++] = spec;
    return 0;
  }
  long long dims[8];
  int rank = 0;
  if (int_list(at + 1, 'x', 0, MAX_MEMREF_DIM, dims, 8, &rank))
    return -1;
  long long strides[8];
  for (int d = rank - 1; d >= 0; --d) /* row-major, each fitting an i64 */
    if (d == rank - 1)
      strides[d] = 1;
    else if (__builtin_mul_overflow(strides[d + 1], dims[d + 1], &strides[d]))
      return -1;
  int first = *nspecs;
  char *base = strndup(spec, (size_t)(at - spec));
  owned[(*nowned)++] = base;
  specs[(*nspecs)++] = base;
  char buf[64];
  snprintf(buf, sizeof buf, "same:%d", first);
  specs[(*nspecs)++] = owned[(*nowned)++] = strdup(buf);
  specs[(*nspecs)++] = "i64:0";
  for (int d = 0; d < rank; ++d) {
    snprintf(buf, sizeof buf, "i64:%lld", dims[d]);
    specs[(*nspecs)++] = owned[(*nowned)++] = strdup(buf);
  }
  for (int d = 0; d < rank; ++d) {
    snprintf(buf, sizeof buf, "i64:%lld", strides[d]);
    specs[(*nspecs)++] = owned[(*nowned)++] = strdup(buf);
  }
  return 0;
}

static void free_specs(const char **specs, char **owned, int nowned) {
  for (int i = 0; i < nowned; ++i)
    free(owned[i]);
  free(owned);
  free(specs);
}

static int fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "wmma-emu: error: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  return code;
}

/* X[,Y[,Z]], each in 1..UINT32_MAX; missing ones are 1. */
static int parse_dims(const char *s, unsigned out[3]) {
  long long v[3] = {1, 1, 1};
  int n;
  if (int_list(s, ',', 1, 0xffffffffLL, v, 3, &n))
    return -1;
  for (int i = 0; i < 3; i++)
    out[i] = (unsigned)v[i];
  return 0;
}

/* Progress of long runs, only for a person watching a terminal. */
static int g_progress_shown;
static void show_progress(void *user, uint64_t done, uint64_t total, double seconds) {
  (void)user;
  if (seconds < 2.0)
    return;
  fprintf(stderr, "\rwmma-emu: %llu/%llu workgroups (%.0f%%), %.0f s",
          (unsigned long long)done, (unsigned long long)total,
          total ? 100.0 * (double)done / (double)total : 100.0, seconds);
  g_progress_shown = 1;
}

/* Largest --arg buffer, read from a file or zero-filled (the emulator's
 * own limit is larger). */
#define MAX_ARG_FILE_BYTES ((size_t)1 << 32)

/* The whole file, or NULL with errno set (EFBIG past MAX_ARG_FILE_BYTES,
 * ENOMEM when memory runs out). */
static void *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    if (n == cap) {
      char *grown = cap < MAX_ARG_FILE_BYTES ? realloc(buf, cap * 2) : NULL;
      if (!grown) {
        int why = cap < MAX_ARG_FILE_BYTES ? ENOMEM : EFBIG;
        free(buf);
        fclose(f);
        errno = why;
        return NULL;
      }
      buf = grown, cap *= 2;
    }
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (r == 0)
      break;
  }
  int err = !buf || ferror(f);
  fclose(f);
  if (err) {
    free(buf);
    errno = buf ? EIO : ENOMEM;
    return NULL;
  }
  *size = n;
  return buf;
}

typedef struct {
  int buffer;           /* -1 for scalars */
  char *out_path; /* written after the run */
} ArgOut;

/* The scalar parameter kind spelled as the API names it ("i32", "f16", ...);
 * WMMA_EMU_PARAM_UNSUPPORTED for anything else (buffers included). */
static wmma_emu_param_kind scalar_kind(const char *name) {
  for (int k = 0; k < WMMA_EMU_PARAM_UNSUPPORTED; k++)
    if (k != WMMA_EMU_PARAM_POINTER &&
        !strcmp(name, wmma_emu_param_kind_name((wmma_emu_param_kind)k)))
      return (wmma_emu_param_kind)k;
  return WMMA_EMU_PARAM_UNSUPPORTED;
}

/* Finds a kernel by exact name, or by the identifier of an Itanium-mangled
 * name (HIP kernels are _Z<len><name>...). */
static int find_kernel(wmma_emu_module *m, const char *name) {
  int k = wmma_emu_find_kernel(m, name);
  if (k >= 0)
    return k;
  char prefix[512];
  snprintf(prefix, sizeof prefix, "_Z%zu%s", strlen(name), name);
  int found = -1;
  for (int i = 0; i < wmma_emu_kernel_count(m); i++) {
    const char *kn = wmma_emu_kernel_name(m, i);
    if (strncmp(kn, prefix, strlen(prefix)) == 0) {
      if (found >= 0)
        return -2; /* ambiguous */
      found = i;
    }
  }
  return found;
}

int main(int argc, char **argv) {
  const char *input = NULL, *kname = NULL, *chip = NULL, *json = NULL;
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  int have_grid = 0, have_block = 0, stats = 0, list = 0, have_limit = 0;
  unsigned long long limit = 0, threads = 0, dyn_lds = 0, l2_bytes = 0, l2_workgroups = 0;
  /* A memref spec expands to at most 3 + 2 * 8 parameters. */
  const char **specs = calloc((size_t)(argc + 1) * 19, sizeof *specs);
  char **owned = calloc((size_t)(argc + 1) * 19, sizeof *owned);
  int nspecs = 0, nowned = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
#define NEED_VALUE()                                                           \
  do {                                                                         \
    if (i + 1 >= argc) {                                                       \
      free_specs(specs, owned, nowned);                                        \
      return fail(2, "%s needs a value", a);                                   \
    }                                                                          \
  } while (0)
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      free_specs(specs, owned, nowned);
      return 0;
    } else if (!strcmp(a, "--kernel")) {
      NEED_VALUE();
      kname = argv[++i];
    } else if (!strcmp(a, "--grid") || !strcmp(a, "--block")) {
      NEED_VALUE();
      int is_grid = a[2] == 'g';
      if (parse_dims(argv[++i], is_grid ? grid : block)) {
        free_specs(specs, owned, nowned);
        return fail(2, "bad %s value '%s' (expected X[,Y[,Z]], integers in "
                       "1..4294967295)", a, argv[i]);
      }
      *(is_grid ? &have_grid : &have_block) = 1;
    } else if (!strcmp(a, "--arg")) {
      NEED_VALUE();
      if (push_spec(argv[++i], specs, &nspecs, owned, &nowned)) {
        free_specs(specs, owned, nowned);
        return fail(2, "bad memref shape in --arg '%s' (expected "
                       "SPEC@AxB.., at most 8 sizes in 0..%lld whose strides "
                       "fit in 64 bits)", argv[i], MAX_MEMREF_DIM);
      }
    } else if (!strcmp(a, "--chip")) {
      NEED_VALUE();
      chip = argv[++i];
    } else if (!strcmp(a, "--stats")) {
      stats = 1;
    } else if (!strcmp(a, "--stats-json")) {
      NEED_VALUE();
      json = argv[++i];
    } else if (!strcmp(a, "--max-instructions")) {
      NEED_VALUE();
      if (uint_value(argv[++i], UINT64_MAX, &limit)) {
        free_specs(specs, owned, nowned);
        return fail(2, "bad --max-instructions value '%s' (a count of "
                    "wave-instructions in 0..%llu, 0 = no limit)", argv[i],
                    (unsigned long long)UINT64_MAX);
      }
      have_limit = 1;
    } else if (!strcmp(a, "--threads")) {
      NEED_VALUE();
      if (uint_value(argv[++i], 256, &threads) || threads == 0) {
        free_specs(specs, owned, nowned);
        return fail(2, "bad --threads value '%s' (1..256)", argv[i]);
      }
    } else if (!strcmp(a, "--dynamic-lds")) {
      NEED_VALUE();
      if (uint_value(argv[++i], 65536, &dyn_lds)) {
        free_specs(specs, owned, nowned);
        return fail(2, "bad --dynamic-lds value '%s' (bytes, 0..65536)", argv[i]);
      }
    } else if (!strcmp(a, "--l2-bytes") || !strcmp(a, "--l2-workgroups")) {
      NEED_VALUE();
      int is_bytes = a[5] == 'b';
      if (uint_value(argv[++i], is_bytes ? (1ull << 40) : (1ull << 24),
                     is_bytes ? &l2_bytes : &l2_workgroups) ||
          (is_bytes ? l2_bytes < 128 : l2_workgroups == 0)) {
        free_specs(specs, owned, nowned);
        return fail(2, "bad %s value '%s' (%s)", a, argv[i],
                    is_bytes ? "bytes, 128..2^40" : "1..2^24");
      }
    } else if (!strcmp(a, "--list")) {
      list = 1;
    } else if (a[0] == '-' && a[1]) {
      free_specs(specs, owned, nowned);
      usage(stderr);
      return fail(2, "unknown option '%s'", a);
    } else if (!input) {
      input = a;
    } else {
      free_specs(specs, owned, nowned);
      return fail(2, "more than one input file ('%s' and '%s')", input, a);
    }
  }
  if (!input) {
    free_specs(specs, owned, nowned);
    usage(stderr);
    return fail(2, "no input file");
  }
  wmma_emu_module *m = NULL;
  int lrc = wmma_emu_open_file(input, &m);
  if (lrc) {
    free_specs(specs, owned, nowned);
    return fail(lrc, "%s", wmma_emu_last_error(NULL));
  }
  int rc = 0;
  ArgOut *outs = calloc((size_t)nspecs + 1, sizeof *outs);
  wmma_emu_arg *args = calloc((size_t)nspecs + 1, sizeof *args);
  if (list) {
    for (int k = 0; k < wmma_emu_kernel_count(m); k++) {
      printf("%s", wmma_emu_kernel_name(m, k));
      const char *kc = wmma_emu_kernel_chip(m, k);
      printf(" [%s](", kc ? kc : "no chip");
      for (int p = 0; p < wmma_emu_param_count(m, k); p++)
        printf("%s%s", p ? ", " : "",
               wmma_emu_param_kind_name(wmma_emu_param_kind_of(m, k, p)));
      printf(")\n");
    }
    goto done;
  }
  if (chip && wmma_emu_set_chip(m, chip)) {
    rc = fail(2, "--chip: %s", wmma_emu_last_error(m));
    goto done;
  }
  int k;
  if (!kname) {
    if (wmma_emu_kernel_count(m) != 1) {
      rc = fail(2, "%s has %d kernels: choose one with --kernel", input,
                wmma_emu_kernel_count(m));
      goto done;
    }
    k = 0;
  } else {
    k = find_kernel(m, kname);
    if (k < 0) {
      rc = fail(2, "--kernel: %s kernel '%s' in %s",
                k == -2 ? "ambiguous" : "no", kname, input);
      goto done;
    }
  }
  const char *kn = wmma_emu_kernel_name(m, k);
  if (!have_grid || !have_block) {
    rc = fail(2, "--grid and --block are required");
    goto done;
  }
  int nparams = wmma_emu_param_count(m, k);
  if (nspecs != nparams) {
    rc = fail(2, "kernel '%s' takes %d arguments, %d --arg given", kn, nparams,
              nspecs);
    goto done;
  }
  for (int i = 0; i < nspecs; i++) {
    wmma_emu_param_kind want = wmma_emu_param_kind_of(m, k, i);
    char *spec = strdup(specs[i]);
    char *kind = spec, *rest = strchr(spec, ':');
    outs[i].buffer = -1;
    if (!rest) {
      free(spec);
      rc = fail(2, "--arg %d: bad spec '%s' (expected in:, out:, inout: or a "
                   "scalar TYPE:VALUE)", i, specs[i]);
      goto done;
    }
    *rest++ = 0;
    if (!strcmp(kind, "same")) { /* a memref descriptor's aligned pointer */
      long long of = -1;
      if (int_value(rest, 0, i - 1, &of) || outs[of].buffer < 0 ||
          want != WMMA_EMU_PARAM_POINTER) {
        rc = fail(2, "argument %d: the descriptor's second pointer does not "
                     "match a buffer parameter", i);
        free(spec);
        goto done;
      }
      args[i] = args[of];
      free(spec);
      continue;
    }
    if (!strcmp(kind, "in") || !strcmp(kind, "out") || !strcmp(kind, "inout")) {
      if (want != WMMA_EMU_PARAM_POINTER) {
        rc = fail(2, "--arg %d: argument %d of kernel '%s' is %s, not a buffer ('%s')", i, i,
                  kn, wmma_emu_param_kind_name(want), specs[i]);
        free(spec);
        goto done;
      }
      void *data = NULL;
      size_t size = 0;
      if (!strcmp(kind, "out")) {
        char *colon = strrchr(rest, ':');
        unsigned long long bytes = 0;
        if (!colon || colon == rest || uint_value(colon + 1, UINT64_MAX, &bytes)) {
          rc = fail(2, "--arg %d: expected out:FILE:BYTES (BYTES in 0..%zu), "
                       "got '%s'", i, MAX_ARG_FILE_BYTES, specs[i]);
          free(spec);
          goto done;
        }
        *colon = 0;
        if (bytes > MAX_ARG_FILE_BYTES) {
          rc = fail(2, "--arg %d: out: buffer of %llu bytes is over %zu bytes "
                       "(4 GiB), wmma-emu's limit per buffer", i, bytes,
                    MAX_ARG_FILE_BYTES);
          free(spec);
          goto done;
        }
        size = (size_t)bytes;
        outs[i].out_path = strdup(rest);
        outs[i].buffer = wmma_emu_buffer_create(m, size, NULL);
      } else {
        char *path = rest;
        if (!strcmp(kind, "inout")) {
          char *colon = strchr(rest, ':');
          if (!colon || !colon[1]) {
            rc = fail(2, "--arg %d: expected inout:INFILE:OUTFILE, got '%s'", i, specs[i]);
            free(spec);
            goto done;
          }
          *colon = 0;
          outs[i].out_path = strdup(colon + 1);
        }
        data = read_file(path, &size);
        if (!data) {
          rc = errno == EFBIG
                   ? fail(2, "--arg %d: '%s' is larger than %zu bytes (4 GiB), "
                             "wmma-emu's limit per input file", i, path,
                          MAX_ARG_FILE_BYTES)
                   : fail(2, "--arg %d: cannot read '%s': %s", i, path,
                          strerror(errno));
          free(spec);
          goto done;
        }
        outs[i].buffer = wmma_emu_buffer_create(m, size, data);
        free(data);
      }
      if (outs[i].buffer < 0) {
        rc = fail(2, "--arg %d: %s", i, wmma_emu_last_error(m));
        free(spec);
        goto done;
      }
      args[i] = wmma_emu_arg_buffer(outs[i].buffer);
    } else {
      char *end = rest;
      long long iv = 0;
      int bits = 0;
      wmma_emu_arg a;
      memset(&a, 0, sizeof a);
      a.kind = scalar_kind(kind);
      errno = 0;
      switch (a.kind) {
      case WMMA_EMU_PARAM_I32: case WMMA_EMU_PARAM_I16: case WMMA_EMU_PARAM_I8:
        /* signed, or the unsigned bit pattern (0xffffffff) */
        bits = a.kind == WMMA_EMU_PARAM_I32 ? 32 : a.kind == WMMA_EMU_PARAM_I16 ? 16 : 8;
        if (int_value(rest, -(1LL << (bits - 1)), (1LL << bits) - 1, &iv)) {
          rc = fail(2, "--arg %d: %s takes an integer in %lld..%lld, got '%s'",
                    i, kind, -(1LL << (bits - 1)), (1LL << bits) - 1, rest);
          free(spec);
          goto done;
        }
        a.u.i32 = (int32_t)(uint32_t)iv;
        end = rest + strlen(rest);
        break;
      case WMMA_EMU_PARAM_I64:
        if (int_value(rest, INT64_MIN, INT64_MAX, &iv)) {
          rc = fail(2, "--arg %d: i64 takes an integer in %lld..%lld, got '%s'",
                    i, (long long)INT64_MIN, (long long)INT64_MAX, rest);
          free(spec);
          goto done;
        }
        a.u.i64 = iv;
        end = rest + strlen(rest);
        break;
      case WMMA_EMU_PARAM_F32: a.u.f32 = strtof(rest, &end); break;
      case WMMA_EMU_PARAM_F64: a.u.f64 = strtod(rest, &end); break;
      case WMMA_EMU_PARAM_F16:
        a.u.f16_bits = wmma_emu_f32_to_f16(strtof(rest, &end));
        break;
      default:
        rc = fail(2, "--arg %d: unknown kind '%s' in '%s'", i, kind, specs[i]);
        free(spec);
        goto done;
      }
      if (end == rest || *end || errno) {
        rc = fail(2, "--arg %d: bad value in '%s'", i, specs[i]);
        free(spec);
        goto done;
      }
      if (a.kind != want) {
        rc = fail(2, "--arg %d: argument %d of kernel '%s' is %s, but '%s' "
                     "was given", i, i, kn, wmma_emu_param_kind_name(want),
                  specs[i]);
        free(spec);
        goto done;
      }
      args[i] = a;
    }
    free(spec);
  }
  if (have_limit)
    wmma_emu_set_instruction_limit(m, limit);
  wmma_emu_set_threads(m, (unsigned)threads);
  wmma_emu_set_l2_model(m, l2_bytes, (unsigned)l2_workgroups);
  if (wmma_emu_set_dynamic_lds(m, (uint32_t)dyn_lds)) {
    rc = fail(2, "%s", wmma_emu_last_error(m));
    goto done;
  }
  if (isatty(2))
    wmma_emu_set_progress(m, show_progress, NULL);
  rc = wmma_emu_launch(m, k, args, nspecs, grid, block);
  if (g_progress_shown)
    fputc('\n', stderr);
  if (rc) {
    fail(rc, "%s", wmma_emu_last_error(m));
    goto done;
  }
  for (int i = 0; i < nspecs; i++) {
    if (!outs[i].out_path)
      continue;
    FILE *f = fopen(outs[i].out_path, "wb");
    size_t size = wmma_emu_buffer_size(m, outs[i].buffer);
    if (!f || fwrite(wmma_emu_buffer_data(m, outs[i].buffer), 1, size, f) != size) {
      rc = fail(2, "cannot write '%s': %s", outs[i].out_path, strerror(errno));
      if (f)
        fclose(f);
      goto done;
    }
    fclose(f);
  }
  if (stats || json) {
    size_t n = wmma_emu_stats_json(m, NULL, 0) + wmma_emu_stats_text(m, NULL, 0) + 1;
    char *buf = malloc(n);
    if (stats) {
      wmma_emu_stats_text(m, buf, n);
      printf("kernel: %s\n%s", kn, buf);
    }
    if (json) {
      wmma_emu_stats_json(m, buf, n);
      FILE *f = fopen(json, "w");
      if (!f || fputs(buf, f) < 0) {
        rc = fail(2, "cannot write '%s': %s", json, strerror(errno));
      }
      if (f)
        fclose(f);
    }
    free(buf);
  }
done:
  for (int i = 0; i < nspecs; i++)
    free(outs[i].out_path);
  for (int i = 0; i < nowned; i++)
    free(owned[i]);
  free(owned);
  free(outs);
  free(args);
  free(specs);
  wmma_emu_destroy(m);
  return rc;
}
