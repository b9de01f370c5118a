/* C API for running compiled kernels and checking them: launch on the
 * emulator or through the HIP runtime, the independent CPU reference of the
 * original linalg function, and exact 16-bit float conversions. */
#ifndef WMMA_C_RUNNER_H
#define WMMA_C_RUNNER_H

#include "wmma-c/Support.h"

#include <stddef.h>
#include <stdint.h>

#include "wmma-c/Compiler.h"
#include "wmma-c/Emulator.h"
#include "wmma/Layout/SpeedOfLight.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  WMMA_BACKEND_EMU, /* wmma-emu, needs a result compiled with WMMA_EMIT_LLVM */
  WMMA_BACKEND_HIP, /* HIP runtime, needs WMMA_EMIT_HSACO and an AMD GPU */
} wmma_backend;

/* One kernel argument on the host, in manifest order: a buffer (data points
 * to `bytes` bytes, read before and written back after the launch; shape:
 * its sizes, NULL to take the manifest's static shape) or a scalar (data
 * points to the value, bytes = its size).  A buffer of a strided layout
 * holds the elements its static strides and offset address. */
typedef struct {
  void *data;
  size_t bytes;
  const int64_t *shape;
} wmma_host_arg;

/* Bytes a buffer argument of this shape occupies (its strides' extent for
 * a strided layout); 0 if the shape is invalid. */
WMMA_CAPI_EXPORTED size_t wmma_arg_bytes(const wmma_kernel_arg *a,
                                         const int64_t *shape);

/* Launches kernel->kernel: the grid from the arguments' shapes and the
 * launch record (wmma_launch_geometry), memref arguments passed as
 * descriptors.  Returns 0, or 1 with *diagnostics (malloc'ed) saying why: a
 * fault, a failed hardware check, no GPU, or arguments that do not match the
 * manifest.  stats may be NULL (emulator counters otherwise).  Sizes of 0
 * are valid: a grid with no workgroup launches nothing and returns 0 with
 * the outputs as given (stats zero); buffers of 0 bytes may be NULL. */
WMMA_CAPI_EXPORTED int wmma_launch(const wmma_compile_result *kernel,
                                   wmma_backend backend,
                                   const wmma_host_arg *args, int nargs,
                                   wmma_emu_stats *stats, char **diagnostics);

/* The same for a program (kernel->nlaunches > 0: a function compiled
 * into several kernels): args are the function's arguments then its
 * results (kernel->args); every launch runs in order on them and on the
 * program's intermediates (allocated for the run).  per_launch (NULL, or
 * kernel->nlaunches entries) receives each launch's counters, total their
 * sum.  For a single kernel it is wmma_launch (per_launch[0] = total). */
WMMA_CAPI_EXPORTED int wmma_launch_each(const wmma_compile_result *kernel,
                                        wmma_backend backend,
                                        const wmma_host_arg *args, int nargs,
                                        wmma_emu_stats *per_launch,
                                        wmma_emu_stats *total,
                                        char **diagnostics);

/* The same, for a program with loops or conditionals too (kernel->nsteps
 * > 0: the launches run as its steps say, each launch site possibly many
 * times): per_launch[i] sums launch site i's counters over its runs and
 * counts[i] (NULL, or kernel->nlaunches entries) counts them.  Fails with a
 * message on a loop of non-positive step, a view a loop moves outside its
 * buffer, or more than 100000 launches. */
WMMA_CAPI_EXPORTED int wmma_launch_program(const wmma_compile_result *kernel,
                                           wmma_backend backend,
                                           const wmma_host_arg *args,
                                           int nargs,
                                           wmma_emu_stats *per_launch,
                                           uint64_t *counts,
                                           wmma_emu_stats *total,
                                           char **diagnostics);

/* The run-time sizes of a program (kernel->nsizes of them, at most 64)
 * for these arguments: those their shapes give (a buffer's shape may hold
 * -1 for a dimension not known yet, e.g. a result's), then those the host
 * computes (kernel->size_values) from them and the scalar arguments --
 * what a runner needs to size the results before wmma_launch_program.
 * sizes[s] is -1 for a size nothing gives.  Returns 0, or 1 with
 * *diagnostics (arguments that disagree, a division by zero). */
WMMA_CAPI_EXPORTED int wmma_program_sizes(const wmma_compile_result *kernel,
                                          const wmma_host_arg *args,
                                          int nargs, int64_t *sizes,
                                          char **diagnostics);

/* Runs the original function `func` (NULL: the only func.func) of the MLIR
 * source on the CPU through MLIR's own lowering (tensors bufferized with
 * results as trailing out-parameters, linalg -> loops -> LLVM) and JIT,
 * once per argument set (compiled once).  arg_sets[s] holds kernel->nargs
 * arguments in the kernel's order (the function's arguments, then its
 * results), as for wmma_launch.  arg_sets[0] runs the function; the other
 * sets run its magnitude bound (every operation replaced by its Lipschitz
 * rule: a - b -> a + b, tanh x -> x, exp x -> exp(x) (1 + x), ...), meant
 * for the absolute values of the inputs: its result M bounds the error.
 * Contractions with f16/bf16 outputs accumulate in f32 and round once (the
 * products the kernel sums, not MLIR's round-after-every-add).  When gamma
 * is non-NULL it receives the relative error bound (for the sizes of
 * arg_sets[0]) of the kernel's own accumulation (kernel->accumulate: f32
 * sums, or one rounding of the output type per WMMA K step): a correct
 * kernel satisfies |kernel - reference| <= gamma * M element-wise.  The
 * function must take the kernel's arguments (count, element types, ranks,
 * static sizes); otherwise the error names the one that differs.  A function with no such bound (sqrt, log,
 * division by a computed value) gets gamma = NaN and a note naming the
 * operation in *diagnostics; the other sets are then not run.  Integer
 * results are exact (gamma 0).  Returns 0, or 1 with *diagnostics. */
WMMA_CAPI_EXPORTED int wmma_reference_run(const char *source, size_t size,
                                          const char *func,
                                          const wmma_compile_result *kernel,
                                          const wmma_host_arg *const *arg_sets,
                                          int nsets, double *gamma,
                                          char **diagnostics);
/* As wmma_reference_run; with nsets > 2 and error_bounded non-NULL,
 * arg_sets[2] (the inputs themselves) receives in each output a running
 * error bound E (lib/Compiler/RunningError.c): |kernel - reference| <= E
 * element-wise as well, tighter than gamma * M where values cancel.
 * *error_bounded says whether it was computed (the function's operations
 * all have rules); otherwise arg_sets[2] is left as it was.  It is
 * computed also when *gamma is NaN (no magnitude bound): E alone bounds
 * the error then. */
WMMA_CAPI_EXPORTED int wmma_reference_run_bounds(
    const char *source, size_t size, const char *func,
    const wmma_compile_result *kernel, const wmma_host_arg *const *arg_sets,
    int nsets, double *gamma, int *error_bounded, char **diagnostics);
/* As wmma_reference_run_bounds; with lambda > 0, E is the probabilistic
 * bound instead (lib/Compiler/RunningError.c, "Probabilistic bounds"):
 * lambda times a sub-Gaussian scale of kernel - reference when rounding
 * errors are independent with mean zero (Higham & Mary, 2019), the terms
 * of a contraction adding in quadrature: exceeded with probability at most
 * 2 exp(-lambda^2 / 2) per element under that model. */
WMMA_CAPI_EXPORTED int wmma_reference_run_probabilistic(
    const char *source, size_t size, const char *func,
    const wmma_compile_result *kernel, const wmma_host_arg *const *arg_sets,
    int nsets, double lambda, double *gamma, int *error_bounded,
    char **diagnostics);

/* The speed-of-light model's inputs (wmma/Layout/SpeedOfLight.h):
 * the emulator's counters (ds_bpermute and ds_swizzle as 128-byte LDS
 * accesses) with the bytes DRAM moves: the counters' DRAM estimate (the
 * emulator's L2 model) when it covers every launch, else dram_bytes (0:
 * the global bytes counted); */
WMMA_CAPI_EXPORTED void wmma_sol_counters_from_stats(const wmma_emu_stats *s,
                                                     uint64_t dram_bytes,
                                                     wmma_sol_counters *out);
/* those bytes for a launch on args: every input buffer read once, every
 * output written once (inouts both); */
WMMA_CAPI_EXPORTED uint64_t wmma_sol_dram_bytes(const wmma_compile_result *k,
                                                const wmma_host_arg *args,
                                                int nargs);
/* and the resources of `kernel` (NULL: the first) from the HSACO metadata
 * of an ISA listing (WMMA_EMIT_ISA): VGPRs, SGPRs, spills, static LDS.
 * 0, or -1 if the listing has no such kernel. */
WMMA_CAPI_EXPORTED int wmma_isa_resources(const char *isa, size_t size,
                                          const char *kernel,
                                          wmma_sol_isa *out);
/* The same from MLIR source: compiled with options o to its ISA listing
 * (o->emit ignored); 0, or -1 if it does not compile or has no kernel. */
WMMA_CAPI_EXPORTED int wmma_compile_isa_resources(
    const char *src, size_t size, const char *name,
    const wmma_compile_options *o, const char *kernel, wmma_sol_isa *out);
/* A program's (k->nlaunches > 0): the source compiled once to its ISA
 * listing, out[i] the resources of launch i's kernel; 0, or -1 if it does
 * not compile or a kernel is missing from the listing. */
WMMA_CAPI_EXPORTED int wmma_compile_program_isa_resources(
    const char *src, size_t size, const char *name,
    const wmma_compile_options *o, const wmma_compile_result *k,
    wmma_sol_isa *out);
/* What wmma-run --stats prints: the model (wmma_sol_format) on one
 * kernel's counters for sku, then its ISA facts (isa NULL: not known), or a
 * line saying why there is no model (a program, no product, no waves).
 * Returns the length (like snprintf). */
WMMA_CAPI_EXPORTED size_t wmma_sol_report(
    const wmma_compile_result *k, const wmma_sol_isa *isa,
    const wmma_host_arg *args, int nargs, const wmma_emu_stats *st,
    const wmma_sku_info *sku, char *buf, size_t cap);

/* The same for a program (kernel->nlaunches > 0): each launch modelled on
 * its own counters (per_launch, as wmma_launch_program gives them: a
 * launch run several times summed into one) and resources (isas: one per
 * launch, or NULL), DRAM from the emulator's L2 estimate or the global
 * bytes; the program's time is their sum (wmma_sol_program_format). */
WMMA_CAPI_EXPORTED size_t wmma_sol_program_report(
    const wmma_compile_result *k, const wmma_sol_isa *isas,
    const wmma_emu_stats *per_launch, const wmma_sku_info *sku, char *buf,
    size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_C_RUNNER_H */
