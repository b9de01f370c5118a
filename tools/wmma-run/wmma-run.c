/* wmma-run: compile a linalg pipeline, run the kernel on seeded random
 * inputs (emulator or HIP), compute the original function on the CPU with
 * MLIR's own lowering, and compare element-wise against a bound derived
 * from the data types and contraction lengths. */
#include "wmma-c/Passes.h"
#include "wmma-c/Runner.h"
#include "IntOption.h"
#include "Elements.h"
#include "Shapes.h"
#include "Sparse24.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --bound probabilistic: how many sub-Gaussian scales E allows. */
static const double kProbabilisticLambda = 6.0;

static void usage(FILE *f) {
  fprintf(f,
          "usage: wmma-run INPUT.mlir --chip gfxNNNN [--backend emu|hip] [--seed N]\n"
          "                [--func NAME] [--strategy permlanex16|bpermute] [--stats]\n"
          "                [--reference REF.mlir] [--size NAME=AxB...]\n"
          "                [--staging auto|registers|lds] [--tile MxN] [--no-tiling]\n"
          "                [--accumulate wide|native] [--rtol R] [--atol A]\n"
          "                [--bound worst|probabilistic]\n"
          "                [--kernel-ir K.ll] [--input-scale [NAME=]S] [--sku KEY]\n"
          "\n"
          "Compiles the function, fills its inputs with seeded random data, runs\n"
          "the kernel (default backend: the emulator), computes the original\n"
          "function on the CPU (MLIR linalg -> LLVM, JIT), and prints the maximum\n"
          "absolute and relative error per output with PASS/FAIL.  An element\n"
          "passes when |kernel - reference| <= gamma * M, where M is the function's\n"
          "magnitude bound (each operation replaced by its Lipschitz rule) on the\n"
          "absolute values of the inputs and gamma bounds the kernel's own\n"
          "accumulation: 2*K*u32 per contraction of length K (the reference sums\n"
          "f16/bf16 outputs in f32 too, rounding once), one ulp more when its\n"
          "products are not exact (f32 x f32: the reference rounds each product,\n"
          "a kernel's fma does not), one ulp per rounding to a\n"
          "narrower type, one rounding of the output type per WMMA K step (16)\n"
          "for a kernel built with --accumulate native, and 8 ulp per math\n"
          "function; integer results must be equal.  A running error bound E\n"
          "computed beside the reference's values (math functions, selects and\n"
          "views included) judges too: the smaller of the two per element, E\n"
          "alone where the function has no magnitude bound (sqrt, rsqrt, log,\n"
          "division by a computed value: \"gamma none\").  Each output prints\n"
          "gamma and its margin (the median of |reference| / bound).  A bound\n"
          "that cannot tell the result from zero (gamma >= 0.5, or no element\n"
          "whose reference exceeds its bound) is vacuous: FAIL.  Functions with\n"
          "neither bound (cbrt, powf, ...) need --rtol R\n"
          "and/or --atol A: |kernel - reference| <= A + R * |reference|, which\n"
          "also replace the bound and its vacuity check.\n"
          "--bound probabilistic: E is lambda = %g times a sub-Gaussian scale of the\n"
          "error if roundings are independent with mean zero (Higham & Mary): sums\n"
          "round by sqrt(K) u, terms' errors add in quadrature; an element falls\n"
          "outside with probability <= 2 exp(-lambda^2 / 2) (README, Testing).\n"
          "(float inputs are uniform in [-1, 1), [-S, S) with --input-scale S, argument\n"
          "NAME's with --input-scale NAME=S (repeatable); i8, i4 and i1 inputs cover their\n"
          "whole range, i4 and i1 a byte per element as MLIR addresses them;\n"
          "i16, i32 and i64 buffers are uniform in [-1024, 1024);\n"
          "i32 scalars are uniform in [-128, 128), index scalars, positions,\n"
          "in 0..the largest dimension; --size N=V gives index scalar N the\n"
          "value V).\n"
          "--reference takes the reference function (same name and signature)\n"
          "from another file instead of INPUT.  --kernel-ir K.ll runs the kernel\n"
          "in K.ll (LLVM IR, its manifest K.ll.json beside it, as wmma-compile\n"
          "--emit llvm -o K.ll writes them) on the emulator instead of compiling\n"
          "INPUT, whose function is the reference.  --size gives the run-time sizes\n"
          "of an argument with dynamic dimensions (repeat per\n"
          "argument: --size A=77x33, or --size A=77x33,B=33x9); results of a\n"
          "function on tensors and outputs take their sizes from the inputs.\n"
          "Each --sizes SET starts another run of the same compiled kernel.\n"
          "--stats prints the emulator's counters and the speed-of-light\n"
          "model (docs/speed-of-light/model.md) on them: a line 'speed of light:'\n"
          "with the least time the counted work needs on a product, the bound\n"
          "that dominates and the %% of WMMA peak at its boost and sustained\n"
          "clocks; --sku KEY picks the product (rx7900xtx, rx9070xt, ...;\n"
          "default: the chip's largest part).\n"
          "Exit status: 0 PASS, 1 FAIL or error, 2 usage.\n",
          kProbabilisticLambda);
}

/* Largest buffer wmma-run allocates for one argument (it keeps three
 * copies: kernel, reference, magnitudes). */
#define MAX_BUFFER_BYTES ((size_t)1 << 30)

static void print_stats(const char *head, const wmma_emu_stats *st) {
  printf("%s: %" PRIu64 " lane-instructions, %" PRIu64 " wave-instructions, %" PRIu64
         " WMMA, %" PRIu64 " ds_bpermute, %" PRIu64 " permlanex16, %" PRIu64 " dpp, "
         "global %" PRIu64 " B loaded / %" PRIu64 " B stored, LDS %" PRIu64
         " B read / %" PRIu64 " B written, %" PRIu64 " barriers, %" PRIu64
         " LDS bank conflicts\n",
         head, st->lane_instructions, st->wave_instructions, st->wmma_total,
         st->ds_bpermute, st->permlanex16, st->dpp, st->global_bytes_loaded,
         st->global_bytes_stored, st->lds_bytes_read, st->lds_bytes_written,
         st->barriers, st->lds_bank_conflicts);
}

/* The memory system's view of the same launches: bytes by distinct
 * addresses per wave instruction and the L2 model's DRAM estimate. */
static void print_traffic(const wmma_emu_stats *st) {
  printf("memory: global %" PRIu64 " B loaded / %" PRIu64 " B stored by distinct "
         "addresses per wave instruction; DRAM estimate %" PRIu64 " B read / %" PRIu64
         " B written (L2 model)",
         st->global_distinct_bytes_loaded, st->global_distinct_bytes_stored,
         st->dram_est_bytes_read, st->dram_est_bytes_written);
  if (st->dram_est_unmodelled_launches)
    printf(", %" PRIu64 " launch(es) not modelled", st->dram_est_unmodelled_launches);
  printf("\n");
}

/* The margin of an output: the median over its elements of |reference| /
 * bound, and whether any element's reference exceeds its bound (if none
 * does, writing zeros would pass). */
typedef struct {
  double *ratios;
  size_t n, above, count;
} bound_margin;

static int margin_init(bound_margin *m, size_t count) {
  memset(m, 0, sizeof *m);
  m->count = count;
  m->ratios = malloc(count ? count * sizeof(double) : 1);
  if (!m->ratios)
    fprintf(stderr, "wmma-run: error: cannot allocate %zu bytes for the "
                    "margin\n", count * sizeof(double));
  return !m->ratios;
}

static void margin_add(bound_margin *m, double magnitude, double bound) {
  m->above += magnitude > bound;
  m->ratios[m->n++] = bound > 0 ? magnitude / bound
                                : (magnitude > 0 ? INFINITY : 0);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void margin_text(bound_margin *m, double gamma, int tolerances,
                        char *buf, size_t cap) {
  if (!tolerances && gamma == 0) {
    snprintf(buf, cap, "exact");
    return;
  }
  if (!m->n) {
    snprintf(buf, cap, "none");
    return;
  }
  qsort(m->ratios, m->n, sizeof(double), cmp_double);
  snprintf(buf, cap, "%.3g", m->ratios[m->n / 2]);
}

/* Why the bound cannot tell this output from zero, or NULL. */
static const char *margin_vacuous(const bound_margin *m, double gamma) {
  if (gamma >= 0.5)
    return "gamma >= 0.5, the bound is at least half the result's magnitude "
           "bound";
  if (m->count && !m->above)
    return "no element's reference exceeds its bound, so an all-zero output "
           "would pass";
  return NULL;
}

static void margin_free(bound_margin *m) { free(m->ratios); }

/* One run: seeded inputs of the sizes given, the kernel, the reference,
 * the comparison.  0 PASS, 1 FAIL or error. */
typedef struct {
  const wmma_compile_result *k;
  wmma_backend backend;
  const char *ref_src;
  size_t ref_size;
  const char *ref_func;
  uint64_t seed;
  int want_stats;
  double rtol; /* > 0: |kernel - reference| <= atol + rtol * |reference| */
  double atol;
  double lambda; /* > 0: --bound probabilistic's E, lambda sub-Gaussian scales */
  double input_scale; /* float inputs uniform in [-scale, scale) */
  const char *const *scale_names; /* --input-scale NAME=S: argument NAME's */
  const double *scales;
  int nscales;
  const wmma_sku_info *sku; /* the speed-of-light model's product */
  const wmma_sol_isa *isa;  /* the kernel's resources (NULL: unknown) */
  const wmma_sol_isa *launch_isas; /* a program's, one per launch (NULL:
                                      unknown) */
} run_ctx;

/* The speed-of-light lines (wmma_sol_report). */
static void print_speed_of_light(const run_ctx *r, const wmma_host_arg *args,
                                 int nargs, const wmma_emu_stats *st,
                                 const wmma_emu_stats *per_launch) {
  char text[8192];
  if (r->k->nlaunches && per_launch)
    wmma_sol_program_report(r->k, r->launch_isas, per_launch, r->sku, text,
                            sizeof text);
  else
    wmma_sol_report(r->k, r->isa, args, nargs, st, r->sku, text, sizeof text);
  fputs(text, stdout);
}

static int run_once(const run_ctx *r, const size_opt *sizes, int nsizes) {
  const wmma_compile_result *k = r->k;
  int n = k->nargs, status = 1;
  static int64_t shapes[WMMA_MAX_KERNEL_ARGS][WMMA_MAX_RANK];
  wmma_host_arg kargs[WMMA_MAX_KERNEL_ARGS], rargs[WMMA_MAX_KERNEL_ARGS],
      margs[WMMA_MAX_KERNEL_ARGS], eargs[WMMA_MAX_KERNEL_ARGS];
  elem_kind kinds[WMMA_MAX_KERNEL_ARGS];
  float scalars[WMMA_MAX_KERNEL_ARGS], mag_scalars[WMMA_MAX_KERNEL_ARGS];
  int64_t positions[WMMA_MAX_KERNEL_ARGS];
  sparse24_inputs sparse = {0};
  int32_t iscalars[WMMA_MAX_KERNEL_ARGS];
  size_t counts[WMMA_MAX_KERNEL_ARGS];
  memset(kargs, 0, sizeof kargs);
  memset(rargs, 0, sizeof rargs);
  memset(margs, 0, sizeof margs);
  memset(eargs, 0, sizeof eargs);
  if (resolve_shapes(k, sizes, nsizes, shapes))
    goto out;
  for (int j = 0; j < r->nscales; ++j) {
    int found = 0;
    for (int i = 0; i < n; ++i)
      found |= !strcmp(k->args[i].name, r->scale_names[j]);
    if (!found) {
      fprintf(stderr, "wmma-run: error: --input-scale names '%s', which is not "
                      "an argument of %s\n", r->scale_names[j], k->kernel);
      goto out;
    }
  }
  rng_seed(r->seed);
  /* Index scalars are positions (a sequence length in a mask): uniform in
   * 0..the largest dimension of any buffer, so masks cut inside them. */
  int64_t largest = 1;
  for (int i = 0; i < n; ++i)
    for (int d = 0; k->args[i].is_buffer && d < k->args[i].rank; ++d)
      largest = shapes[i][d] > largest ? shapes[i][d] : largest;
  /* Sizes a program computes may take the scalars: then they come first
   * (pass 0), the buffers after (pass 1); otherwise one pass, in order. */
  bool computed = k->size_values != NULL;
  for (int i = 0, pass = computed ? 0 : 1; pass < 2; i = 0, ++pass)
  for (; i < n; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    if (computed && pass == 1 && i == 0) {
      for (int j = 0; j < n; ++j)
        if (k->args[j].is_buffer)
          kargs[j] = (wmma_host_arg){NULL, 0, shapes[j]};
      if (computed_shapes(k, kargs, shapes))
        goto out;
    }
    if (computed && a->is_buffer != (pass == 1))
      continue;
    if (!a->is_buffer && !strcmp(a->type, "index")) {
      kinds[i] = ELEM_I32; /* never compared: inputs only */
      positions[i] = (int64_t)(rng_uniform() * (double)(largest + 1));
      /* --size NAME=V gives an index scalar its value. */
      for (int j = 0; j < nsizes; ++j)
        if (!strcmp(sizes[j].name, a->name) && sizes[j].rank == 1)
          positions[i] = sizes[j].dims[0];
      kargs[i] = rargs[i] = margs[i] = eargs[i] =
          (wmma_host_arg){&positions[i], sizeof positions[i], NULL};
      continue;
    }
    kinds[i] = elem_kind_of(a->type);
    if (kinds[i] == ELEM_UNSUPPORTED) {
      fprintf(stderr, "wmma-run: error: argument '%s' has type %s, which wmma-run "
                      "cannot fill\n", a->name, a->type);
      goto out;
    }
    if (!a->is_buffer && kinds[i] == ELEM_I32) {
      /* i32 scalars: zero points, offsets -- an i8's range. */
      positions[i] = (int64_t)(rng_uniform() * 256.0) - 128;
      iscalars[i] = (int32_t)positions[i];
      kargs[i] = rargs[i] = margs[i] = eargs[i] =
          (wmma_host_arg){&iscalars[i], sizeof iscalars[i], NULL};
      continue;
    }
    if (!a->is_buffer) {
      if (kinds[i] != ELEM_F32) {
        fprintf(stderr, "wmma-run: error: scalar '%s' must be f32, i32 or "
                        "index\n", a->name);
        goto out;
      }
      scalars[i] = (float)(0.5 + rng_uniform());
      mag_scalars[i] = fabsf(scalars[i]);
      kargs[i] = rargs[i] = eargs[i] = (wmma_host_arg){&scalars[i], 4, NULL};
      margs[i] = (wmma_host_arg){&mag_scalars[i], 4, NULL};
      continue;
    }
    size_t bytes = wmma_arg_bytes(a, shapes[i]);
    if (bytes > MAX_BUFFER_BYTES) {
      fprintf(stderr, "wmma-run: error: argument '%s' needs more than %zu "
                      "bytes (1 GiB), wmma-run's limit per buffer\n",
              a->name, MAX_BUFFER_BYTES);
      goto out;
    }
    counts[i] = bytes / (size_t)a->elem_bytes;
    void *kd = calloc(1, bytes ? bytes : 1), *rd = calloc(1, bytes ? bytes : 1),
         *md = calloc(1, bytes ? bytes : 1);
    kargs[i] = (wmma_host_arg){kd, bytes, shapes[i]};
    rargs[i] = (wmma_host_arg){rd, bytes, shapes[i]};
    margs[i] = (wmma_host_arg){md, bytes, shapes[i]};
    if (!kd || !rd || !md) {
      fprintf(stderr, "wmma-run: error: cannot allocate 3 x %zu bytes for "
                      "argument '%s'\n", bytes, a->name);
      goto out;
    }
    /* 2:4 sparse parts are made from their dense matrix below. */
    double scale = r->input_scale;
    for (int j = 0; j < r->nscales; ++j)
      if (!strcmp(r->scale_names[j], a->name))
        scale = r->scales[j];
    if (strcmp(a->role, "output") && !a->sparse)
      for (size_t e = 0; e < counts[i]; ++e) {
        store_elem(kinds[i], kd, e, draw(kinds[i], scale));
        store_elem(kinds[i], md, e, fabs(load_elem(kinds[i], kd, e)));
      }
    memcpy(rd, kd, bytes);
    /* The running-error run's copy of the inputs (RunningError.c). */
    void *ed = malloc(bytes ? bytes : 1);
    eargs[i] = (wmma_host_arg){ed, bytes, shapes[i]};
    if (!ed) {
      fprintf(stderr, "wmma-run: error: cannot allocate %zu bytes for "
                      "argument '%s'\n", bytes, a->name);
      goto out;
    }
    memcpy(ed, kd, bytes);
  }
  /* 2:4 sparse arguments: the kernel's compressed form of a pruned dense
   * matrix, which the reference takes. */
  elem_ctx ec = {kinds, r->input_scale};
  sparse24_elems el = {&ec, sp_load, sp_store, sp_draw};
  char smsg[256];
  if (sparse24_inputs_make(k, shapes, kargs, rargs, margs, &el, &sparse, smsg,
                           sizeof smsg)) {
    fprintf(stderr, "wmma-run: error: %s\n", smsg);
    goto out;
  }

  unsigned grid[3];
  {
    const int64_t *sp[WMMA_MAX_KERNEL_ARGS];
    for (int i = 0; i < n; ++i)
      sp[i] = k->args[i].is_buffer ? shapes[i] : NULL;
    char msg[256];
    if (wmma_launch_geometry(k, sp, grid, msg, sizeof msg)) {
      fprintf(stderr, "wmma-run: error: %s\n", msg);
      goto out;
    }
  }
  const char *backend_name = r->backend == WMMA_BACKEND_EMU ? "emu" : "hip";
  if (k->nlaunches)
    printf("program %s on %s (%s): %d launches%s, seed %" PRIu64 "\n",
           k->kernel, k->chip, backend_name, k->nlaunches,
           k->nsteps ? " (in loops or conditionals)" : "", r->seed);
  else
    printf("kernel %s on %s (%s): grid [%u, %u, %u], block [%u, %u, %u], LDS %" PRIu64
           " bytes, seed %" PRIu64 "\n",
           k->kernel, k->chip, backend_name, grid[0], grid[1], grid[2], k->block[0],
           k->block[1], k->block[2], k->lds_bytes, r->seed);
  wmma_emu_stats stats;
  wmma_emu_stats per_launch[64];
  uint64_t launch_counts[64];
  char *diag = NULL;
  bool per = r->want_stats && k->nlaunches <= 64;
  if (wmma_launch_program(k, r->backend, kargs, n, per ? per_launch : NULL,
                          per ? launch_counts : NULL,
                          r->want_stats ? &stats : NULL, &diag)) {
    fprintf(stderr, "wmma-run: %s", diag ? diag : "error: launch failed\n");
    free(diag);
    goto out;
  }
  double gamma = 0;
  /* One JIT: the reference on the inputs, then on their absolute values,
   * then its running error bound on the inputs (not for 2:4 sparse ones). */
  const wmma_host_arg *const arg_sets[3] = {
      sparse.ref ? sparse.args[0] : rargs, sparse.ref ? sparse.args[1] : margs,
      eargs};
  int error_bounded = 0;
  if (wmma_reference_run_probabilistic(r->ref_src, r->ref_size, r->ref_func,
                                       sparse.ref ? sparse.ref : k, arg_sets,
                                       sparse.ref ? 2 : 3, r->lambda, &gamma,
                                       &error_bounded, &diag)) {
    fprintf(stderr, "wmma-run: %s", diag ? diag : "error: reference failed\n");
    free(diag);
    goto out;
  }
  /* Without a bound (an operation with an unbounded derivative), the
   * comparison needs --rtol. */
  bool magnitude = !isnan(gamma);
  if (!magnitude) {
    if (diag)
      fputs(diag, stdout);
    if (!(r->rtol > 0) && !(r->atol > 0) && error_bounded)
      printf("note: the running error bound alone judges\n");
    else if (!(r->rtol > 0) && !(r->atol > 0)) {
      fprintf(stderr, "wmma-run: error: the reference has no error bound; "
                      "compare with tolerances (--rtol R, --atol A: "
                      "|kernel - reference| <= A + R * |reference|)\n");
      free(diag);
      goto out;
    }
    if (!error_bounded || r->rtol > 0 || r->atol > 0)
      gamma = 0;
  }
  free(diag);
  if (r->lambda > 0 && error_bounded && !(r->rtol > 0) && !(r->atol > 0))
    printf("bound: probabilistic, lambda %g: an element outside with probability "
           "<= %.2g if roundings are independent with mean zero\n", r->lambda,
           2 * exp(-r->lambda * r->lambda / 2));
  else if (r->lambda > 0)
    printf("note: --bound probabilistic has no running error bound here\n");
  /* Without a magnitude bound only E judges (fmin takes it over NaN). */
  double mag_scale = magnitude ? gamma : NAN;

  int all_pass = 1, outputs = 0;
  int tolerances = r->rtol > 0 || r->atol > 0;
  for (int i = 0; i < n; ++i) {
    const wmma_kernel_arg *a = &k->args[i];
    if (!a->is_buffer || !strcmp(a->role, "input"))
      continue;
    ++outputs;
    size_t count = counts[i], bad = 0, worst = 0;
    double max_abs = 0, max_rel = 0, worst_ratio = 0;
    bound_margin margin;
    if (margin_init(&margin, count))
      goto out;
    for (size_t e = 0; e < count; ++e) {
      double got = load_elem(kinds[i], kargs[i].data, e);
      double want = load_elem(kinds[i], rargs[i].data, e);
      double mag = load_elem(kinds[i], margs[i].data, e);
      double err = fabs(got - want);
      double tol = r->rtol > 0 || r->atol > 0
                       ? r->atol + r->rtol * fabs(want)
                       : mag_scale == 0 ? 0 /* exact: also where M is inf */
                                        : mag_scale * fabs(mag);
      /* Both bounds are sound: the smaller judges. */
      if (!tolerances && error_bounded)
        tol = fmin(tol, fabs(load_elem(kinds[i], eargs[i].data, e)));
      if (!(err <= tol)) /* also catches NaN */
        ++bad;
      if (err > max_abs || isnan(err))
        max_abs = err;
      if (want != 0 && err / fabs(want) > max_rel)
        max_rel = err / fabs(want);
      double ratio = tol > 0 ? err / tol : (err > 0 ? INFINITY : 0);
      if (ratio > worst_ratio)
        worst_ratio = ratio, worst = e;
      margin_add(&margin, fabs(want), tol);
    }
    char shape[96] = "";
    for (int d = 0; d < a->rank; ++d)
      snprintf(shape + strlen(shape), sizeof shape - strlen(shape), "%s%" PRId64,
               d ? "x" : "", shapes[i][d]);
    /* A bound that would let an all-zero output pass judges nothing. */
    const char *vacuous = tolerances ? NULL : margin_vacuous(&margin, gamma);
    char mtext[32];
    margin_text(&margin, gamma, tolerances, mtext, sizeof mtext);
    char gtext[32] = "none"; /* no magnitude bound: the running one judged */
    if (!isnan(gamma))
      snprintf(gtext, sizeof gtext, "%.3g", gamma);
    printf("output %s [%s %s]: max abs err %.3g, max rel err %.3g, gamma %s, "
           "margin %s, %zu of %zu outside the bound -> %s\n",
           a->name, shape, a->type, max_abs, max_rel, gtext, mtext, bad, count,
           bad || vacuous ? "FAIL" : "PASS");
    if (!count)
      printf("  (no elements: an empty output passes trivially)\n");
    if (vacuous)
      printf("  the check is vacuous: %s; give explicit tolerances (--rtol R, "
             "--atol A) to compare anyway%s\n", vacuous,
             r->lambda > 0 ? "" : ", or try --bound probabilistic");
    margin_free(&margin);
    /* How near a probabilistic bound the worst element came. */
    if (r->lambda > 0 && !tolerances && count)
      printf("  largest |kernel - reference| / bound: %.3g\n", worst_ratio);
    if (bad)
      printf("  worst element %zu: kernel %.9g, reference %.9g, bound %.3g\n", worst,
             load_elem(kinds[i], kargs[i].data, worst),
             load_elem(kinds[i], rargs[i].data, worst),
             r->rtol > 0 || r->atol > 0
               ? r->atol + r->rtol * fabs(load_elem(kinds[i], rargs[i].data, worst))
               : error_bounded
                     ? fmin(mag_scale * load_elem(kinds[i], margs[i].data, worst),
                            fabs(load_elem(kinds[i], eargs[i].data, worst)))
                     : gamma * load_elem(kinds[i], margs[i].data, worst));
    all_pass &= bad == 0 && !vacuous;
  }
  if (!outputs) {
    fprintf(stderr, "wmma-run: error: the kernel has no output buffer to check\n");
    goto out;
  }
  if (r->want_stats && r->backend == WMMA_BACKEND_EMU) {
    /* A program: each launch, then the total. */
    for (int i = 0; i < k->nlaunches && k->nlaunches <= 64; ++i) {
      char head[192];
      /* Launches in loops run several times: their counters summed. */
      if (k->nsteps)
        snprintf(head, sizeof head, "launch %d (%s) x%" PRIu64, i,
                 k->launches[i].kernel, launch_counts[i]);
      else
        snprintf(head, sizeof head, "launch %d (%s)", i,
                 k->launches[i].kernel);
      print_stats(head, &per_launch[i]);
    }
    print_stats("emulator", &stats);
    print_traffic(&stats);
    print_speed_of_light(r, kargs, n, &stats, per ? per_launch : NULL);
  }
  printf("%s\n", all_pass ? "PASS" : "FAIL");
  status = all_pass ? 0 : 1;

out:
  sparse24_inputs_free(&sparse);
  for (int i = 0; i < n; ++i)
    if (k->args[i].is_buffer) {
      free(kargs[i].data);
      free(rargs[i].data);
      free(margs[i].data);
      free(eargs[i].data);
    }
  return status;
}

#define MAX_SETS 16

int main(int argc, char **argv) {
  const char *input = NULL, *reference = NULL, *kernel_ir = NULL;
  int compile_option = 0; /* an option --kernel-ir leaves unused */
  wmma_compile_options o;
  memset(&o, 0, sizeof o);
  o.strategy = WMMA_XLANE_PERMLANEX16;
  wmma_backend backend = WMMA_BACKEND_EMU;
  uint64_t seed = 1;
  int want_stats = 0;
  const char *sku_key = NULL;
  double rtol = 0, atol = 0, input_scale = 1, lambda = 0;
  static char scale_names[WMMA_MAX_KERNEL_ARGS][64];
  static const char *scale_ptrs[WMMA_MAX_KERNEL_ARGS];
  static double scales[WMMA_MAX_KERNEL_ARGS];
  int nscales = 0;
  /* Size sets: --size adds to the current set, --sizes starts a new one. */
  static size_opt sets[MAX_SETS][WMMA_MAX_KERNEL_ARGS];
  int nset[MAX_SETS] = {0}, nsets = 1;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = (i + 1 < argc) ? argv[i + 1] : NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--chip") && v) {
      o.chip = v, ++i;
    } else if (!strcmp(a, "--func") && v) {
      o.func = v, ++i;
    } else if (!strcmp(a, "--rtol") && v) {
      char *end;
      rtol = strtod(v, &end);
      if (*end || !*v || !(rtol > 0) || rtol >= 1) {
        fprintf(stderr, "wmma-run: error: --rtol takes a number in (0, 1), "
                        "got '%s'\n", v);
        return 2;
      }
      ++i;
    } else if (!strcmp(a, "--bound") && v) {
      if (strcmp(v, "worst") && strcmp(v, "probabilistic")) {
        fprintf(stderr, "wmma-run: error: --bound takes worst or probabilistic, "
                        "got '%s'\n", v);
        return 2;
      }
      lambda = strcmp(v, "worst") ? kProbabilisticLambda : 0, ++i;
    } else if (!strcmp(a, "--atol") && v) {
      char *end;
      atol = strtod(v, &end);
      if (*end || !*v || !(atol > 0) || atol >= 1) {
        fprintf(stderr, "wmma-run: error: --atol takes a number in (0, 1), "
                        "got '%s'\n", v);
        return 2;
      }
      ++i;
    } else if (!strcmp(a, "--input-scale") && v) {
      /* S (every float input) or NAME=S (argument NAME's). */
      const char *eq = strchr(v, '=');
      const char *num = eq ? eq + 1 : v;
      char *end;
      double sc = strtod(num, &end);
      if (*end || !*num || !(sc > 0) || sc > 1e6 || eq == v ||
          (eq && nscales == WMMA_MAX_KERNEL_ARGS)) {
        fprintf(stderr, "wmma-run: error: --input-scale takes a number in "
                        "(0, 1e6] or NAME=number, got '%s'\n", v);
        return 2;
      }
      if (eq) {
        snprintf(scale_names[nscales], sizeof scale_names[nscales], "%.*s",
                 (int)(eq - v), v);
        scale_ptrs[nscales] = scale_names[nscales];
        scales[nscales++] = sc;
      } else {
        input_scale = sc;
      }
      ++i;
    } else if (!strcmp(a, "--seed") && v) {
      unsigned long long sd;
      if (uint_option("wmma-run", "--seed", v, UINT64_MAX, &sd))
        return 2;
      seed = sd, ++i;
    } else if ((!strcmp(a, "--size") || !strcmp(a, "--sizes")) && v) {
      int set = nsets - 1;
      if (a[6] == 's' && nset[set]) {
        if (nsets == MAX_SETS) {
          fprintf(stderr, "wmma-run: error: at most %d --sizes sets\n", MAX_SETS);
          return 2;
        }
        set = nsets++;
      }
      /* NAME=AxB[,NAME=AxB...] */
      char buf[512];
      snprintf(buf, sizeof buf, "%s", v);
      for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (nset[set] >= WMMA_MAX_KERNEL_ARGS ||
            parse_size(tok, &sets[set][nset[set]])) {
          fprintf(stderr, "wmma-run: error: %s takes NAME=AxB[,NAME=AxB...] "
                          "(sizes: integers in 0..%lld), got '%s'\n", a,
                  MAX_SIZE, v);
          return 2;
        }
        nset[set]++;
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
        fprintf(stderr, "wmma-run: error: unknown --strategy '%s' (expected "
                        "permlanex16 or bpermute)\n", v);
        return 2;
      }
      o.strategy = (wmma_xlane_strategy)st, ++i;
      compile_option = 1;
    } else if (!strcmp(a, "--reference") && v) {
      reference = v, ++i;
    } else if (!strcmp(a, "--kernel-ir") && v) {
      kernel_ir = v, ++i;
    } else if (!strcmp(a, "--no-tiling")) {
      o.staging = WMMA_STAGING_REGISTERS;
      compile_option = 1;
    } else if (!strcmp(a, "--tile") && v) {
      long long mn[2];
      int n;
      if (int_list(v, 'x', 1, 4096, mn, 2, &n) || n != 2) {
        fprintf(stderr, "wmma-run: error: --tile takes MxN, integers in "
                        "1..4096, got '%s'\n", v);
        return 2;
      }
      o.tile_m = (int)mn[0], o.tile_n = (int)mn[1], ++i;
      compile_option = 1;
    } else if (!strcmp(a, "--accumulate") && v) {
      int acc = wmmaAccumulateParse(v);
      if (acc < 0) {
        fprintf(stderr, "wmma-run: error: unknown --accumulate '%s' (expected "
                        "wide or native)\n", v);
        return 2;
      }
      o.accumulate = acc, ++i;
      compile_option = 1;
    } else if (!strcmp(a, "--staging") && v) {
      int st = wmmaStagingParse(v);
      if (st < 0) {
        fprintf(stderr, "wmma-run: error: unknown --staging '%s' (expected "
                        "auto, registers or lds)\n", v);
        return 2;
      }
      o.staging = st, ++i;
      compile_option = 1;
    } else if (!strcmp(a, "--stats")) {
      want_stats = 1;
    } else if (!strcmp(a, "--sku") && v) {
      sku_key = v, ++i;
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
  const wmma_sku_info *sku = NULL;
  if (want_stats && backend == WMMA_BACKEND_EMU) {
    const wmma_chip_info *chip = wmma_chip_get(o.chip);
    sku = sku_key ? wmma_sku_get(sku_key) : chip ? chip->largest : NULL;
    if (sku_key && !sku) {
      fprintf(stderr, "wmma-run: error: unknown --sku '%s'; products:", sku_key);
      for (int s = 0; s < wmma_sku_count(); ++s)
        fprintf(stderr, " %s", wmma_sku_at(s)->key);
      fprintf(stderr, "\n");
      return 2;
    }
    if (sku && strcmp(sku->chip, o.chip)) {
      fprintf(stderr, "wmma-run: error: --sku %s is a %s, not a %s\n",
              sku_key, sku->chip, o.chip);
      return 2;
    }
  } else if (sku_key) {
    fprintf(stderr, "wmma-run: error: --sku picks the product of the "
                    "speed-of-light model, which --stats prints on the "
                    "emulator\n");
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
  if (kernel_ir && (compile_option || backend != WMMA_BACKEND_EMU)) {
    fprintf(stderr, "wmma-run: error: --kernel-ir runs the given LLVM IR on "
                    "the emulator as it is: --%s does not apply\n",
            backend != WMMA_BACKEND_EMU ? "backend hip"
                                        : "tile, --staging, --no-tiling, "
                                          "--strategy or --accumulate");
    if (ref_src != src)
      free(ref_src);
    free(src);
    return 2;
  }
  o.emit = backend == WMMA_BACKEND_EMU ? WMMA_EMIT_LLVM : WMMA_EMIT_HSACO;
  wmma_compile_result k;
  /* --kernel-ir: the kernel (and its manifest) given; INPUT only the
   * reference. */
  int status = kernel_ir ? wmma_load_kernel(kernel_ir, NULL, o.chip, &k)
                         : wmma_compile_source(src, src_size, input, &o, &k);
  if (kernel_ir && status == 2)
    status = 1;
  if (k.diagnostics && *k.diagnostics)
    fputs(k.diagnostics, stderr);
  for (int s = 0; !status && s < nsets; ++s)
    for (int j = 0; j < nset[s]; ++j) {
      int found = 0;
      for (int i = 0; i < k.nargs; ++i)
        found |= (k.args[i].is_buffer ||
                  (!strcmp(k.args[i].type, "index") && sets[s][j].rank == 1)) &&
                 !strcmp(k.args[i].name, sets[s][j].name);
      if (!found) {
        fprintf(stderr, "wmma-run: error: --size %s: kernel '%s' has no "
                        "buffer or index scalar argument of that name\n",
                sets[s][j].name, k.kernel);
        status = 2;
      }
    }
  /* One compilation, one run per size set. */
  /* A loaded kernel's name need not be the function's: then SRC's only
   * function is the reference. */
  /* The model's ISA facts: the same kernel compiled to its ISA listing. */
  wmma_sol_isa isa;
  int have_isa = !status && sku && !kernel_ir && !k.nlaunches &&
                 !wmma_compile_isa_resources(src, src_size, input, &o, k.kernel,
                                             &isa);
  /* A program's: each launch's kernel in the one listing. */
  static wmma_sol_isa launch_isas[64];
  int have_launch_isas = !status && sku && want_stats && !kernel_ir &&
                         k.nlaunches &&
                         k.nlaunches <= 64 &&
                         !wmma_compile_program_isa_resources(
                             src, src_size, input, &o, &k, launch_isas);
  run_ctx r = {&k, backend, ref_src, ref_size,
               o.func ? o.func : kernel_ir ? NULL : k.kernel,
               seed, want_stats, rtol, atol, lambda, input_scale, scale_ptrs, scales,
               nscales, sku,
               have_isa ? &isa : NULL,
               have_launch_isas ? launch_isas : NULL};
  for (int s = 0; !status && s < nsets; ++s)
    status = run_once(&r, sets[s], nset[s]);
  wmma_compile_result_free(&k);
  if (ref_src != src)
    free(ref_src);
  free(src);
  return status;
}
