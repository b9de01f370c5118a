/* C API of wmma-emu, the CPU emulator of AMDGPU wave32 kernels (RDNA3 /
 * RDNA4) given as LLVM IR.  Plain C types and opaque handles only, so that
 * tests, tools and a ctypes package can call it.
 *
 * Typical use:
 *   wmma_emu_module *m = wmma_emu_load_file("k.ll");
 *   int k = wmma_emu_find_kernel(m, "gemm");
 *   int a = wmma_emu_buffer_create(m, bytes, host_ptr);
 *   wmma_emu_arg args[] = {wmma_emu_arg_buffer(a), wmma_emu_arg_i32(64)};
 *   unsigned grid[3] = {4, 4, 1}, block[3] = {32, 1, 1};
 *   if (wmma_emu_launch(m, k, args, 2, grid, block) != 0)
 *     puts(wmma_emu_last_error(m));
 *   wmma_emu_buffer_read(m, a, host_ptr, bytes);
 *   wmma_emu_destroy(m);
 */
#ifndef WMMA_C_EMULATOR_H
#define WMMA_C_EMULATOR_H

#include "wmma-c/Support.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wmma_emu_module wmma_emu_module;

/* Status codes returned by the functions below (also the CLI exit codes). */
enum {
  WMMA_EMU_OK = 0,
  WMMA_EMU_FAULT = 1, /* execution fault, failed hardware check, or host
                         memory ran out ("out of host memory ...") */
  WMMA_EMU_USAGE = 2, /* bad arguments, unknown kernel, unreadable input */
};

/* Loading: LLVM IR text (.ll) or bitcode (.bc), detected from the bytes.
 * Returns NULL on failure; wmma_emu_last_error(NULL) then says why. */
WMMA_CAPI_EXPORTED wmma_emu_module *wmma_emu_load_file(const char *path);
WMMA_CAPI_EXPORTED wmma_emu_module *
wmma_emu_load_memory(const void *data, size_t size, const char *name);
/* The same, returning a status: WMMA_EMU_USAGE when the input cannot be
 * read or parsed, WMMA_EMU_FAULT when it parses but is not a valid module
 * (LLVM's verifier, debug info included) or its globals cannot be laid out.
 * Bad input never ends the process. */
WMMA_CAPI_EXPORTED int wmma_emu_open_file(const char *path,
                                          wmma_emu_module **out);
WMMA_CAPI_EXPORTED int wmma_emu_open_memory(const void *data, size_t size,
                                            const char *name,
                                            wmma_emu_module **out);
WMMA_CAPI_EXPORTED void wmma_emu_destroy(wmma_emu_module *m);

/* Last error message of m (or of the last failed load when m is NULL);
 * "" when there was none.  Valid until the next call on m. */
WMMA_CAPI_EXPORTED const char *wmma_emu_last_error(const wmma_emu_module *m);

/* Chip override ("gfx1100", "gfx1201", ...); NULL restores the default,
 * the kernel's "target-cpu" attribute.  Returns WMMA_EMU_USAGE for an
 * unknown chip. */
WMMA_CAPI_EXPORTED int wmma_emu_set_chip(wmma_emu_module *m, const char *chip);

/* Kernels (amdgpu_kernel functions with a body) and their parameters. */
WMMA_CAPI_EXPORTED int wmma_emu_kernel_count(const wmma_emu_module *m);
WMMA_CAPI_EXPORTED const char *wmma_emu_kernel_name(const wmma_emu_module *m,
                                                    int kernel);
WMMA_CAPI_EXPORTED int wmma_emu_find_kernel(const wmma_emu_module *m,
                                            const char *name); /* -1 */
/* The chip of the kernel's "target-cpu" attribute, or NULL. */
WMMA_CAPI_EXPORTED const char *wmma_emu_kernel_chip(const wmma_emu_module *m,
                                                    int kernel);

typedef enum {
  WMMA_EMU_PARAM_POINTER,
  WMMA_EMU_PARAM_I32,
  WMMA_EMU_PARAM_I64,
  WMMA_EMU_PARAM_F32,
  WMMA_EMU_PARAM_F16,
  WMMA_EMU_PARAM_F64,
  WMMA_EMU_PARAM_I16,
  WMMA_EMU_PARAM_I8,
  WMMA_EMU_PARAM_UNSUPPORTED,
} wmma_emu_param_kind;

WMMA_CAPI_EXPORTED int wmma_emu_param_count(const wmma_emu_module *m,
                                            int kernel);
WMMA_CAPI_EXPORTED wmma_emu_param_kind
wmma_emu_param_kind_of(const wmma_emu_module *m, int kernel, int param);
WMMA_CAPI_EXPORTED const char *wmma_emu_param_kind_name(wmma_emu_param_kind k);

/* Decodes the kernel and its callees without running it: reports
 * unsupported instructions/intrinsics and irreducible control flow. */
WMMA_CAPI_EXPORTED int wmma_emu_prepare(wmma_emu_module *m, int kernel);

/* Global buffers live in the emulated global address space.  init may be
 * NULL (zero-filled).  Returns a buffer id >= 0, or -1. */
WMMA_CAPI_EXPORTED int wmma_emu_buffer_create(wmma_emu_module *m, size_t bytes,
                                              const void *init);
WMMA_CAPI_EXPORTED size_t wmma_emu_buffer_size(const wmma_emu_module *m,
                                               int buffer);
/* Direct access to the bytes (valid until the module is destroyed). */
WMMA_CAPI_EXPORTED void *wmma_emu_buffer_data(wmma_emu_module *m, int buffer);
WMMA_CAPI_EXPORTED int wmma_emu_buffer_write(wmma_emu_module *m, int buffer,
                                             size_t offset, const void *src,
                                             size_t bytes);
WMMA_CAPI_EXPORTED int wmma_emu_buffer_read(const wmma_emu_module *m,
                                            int buffer, void *dst,
                                            size_t bytes);

typedef struct {
  wmma_emu_param_kind kind;
  union {
    int buffer; /* WMMA_EMU_PARAM_POINTER: a buffer id */
    int32_t i32;
    int64_t i64;
    float f32;
    double f64;
    uint16_t f16_bits; /* IEEE binary16 bits */
  } u;
} wmma_emu_arg;

/* Argument constructors: wmma_emu_arg_buffer(id), wmma_emu_arg_i32(v),
 * wmma_emu_arg_i64(v), wmma_emu_arg_f32(v). */
#define WMMA_EMU_ARG_CTOR(name, kind_, field, type)                           \
  static inline wmma_emu_arg wmma_emu_arg_##name(type v) {                   \
    wmma_emu_arg a;                                                          \
    a.kind = kind_;                                                          \
    a.u.field = v;                                                           \
    return a;                                                                \
  }
WMMA_EMU_ARG_CTOR(buffer, WMMA_EMU_PARAM_POINTER, buffer, int)
WMMA_EMU_ARG_CTOR(i32, WMMA_EMU_PARAM_I32, i32, int32_t)
WMMA_EMU_ARG_CTOR(i64, WMMA_EMU_PARAM_I64, i64, int64_t)
WMMA_EMU_ARG_CTOR(f32, WMMA_EMU_PARAM_F32, f32, float)
#undef WMMA_EMU_ARG_CTOR

/* Runs the kernel over grid[0..2] workgroups of block[0..2] work-items
 * (block[0]*block[1]*block[2] <= 1024; at most 2^24 workgroups; grid times
 * block below 2^32 in each dimension).  Workgroups run on the threads set
 * by wmma_emu_set_threads; results and counters do not depend on their
 * number, except for kernels whose workgroups communicate (atomics whose
 * returned values are used, reading what other workgroups write).  When
 * several workgroups fault, the lowest-numbered one's error is reported.
 * Returns WMMA_EMU_OK, WMMA_EMU_FAULT (see wmma_emu_last_error) or
 * WMMA_EMU_USAGE. */
WMMA_CAPI_EXPORTED int wmma_emu_launch(wmma_emu_module *m, int kernel,
                                       const wmma_emu_arg *args, int nargs,
                                       const unsigned grid[3],
                                       const unsigned block[3]);

/* Budget of wave-instructions per launch, past which the launch faults
 * ("instruction limit exceeded").  The default, 10^8 or 2^18 per workgroup
 * for grids of more than 381 workgroups, ends an endless loop within
 * seconds in a small launch and is far above what GEMMs need (a 1024^3
 * tiled GEMM runs 3 * 10^6, 2^16 per workgroup).  0: no limit;
 * UINT64_MAX: back to the default. */
#define WMMA_EMU_DEFAULT_INSTRUCTION_LIMIT 100000000ull
WMMA_CAPI_EXPORTED void wmma_emu_set_instruction_limit(wmma_emu_module *m,
                                                       uint64_t limit);

/* Worker threads running workgroups (0, the default: the number of cores). */
WMMA_CAPI_EXPORTED void wmma_emu_set_threads(wmma_emu_module *m,
                                             unsigned threads);

/* Dynamic LDS per workgroup in bytes (HIP's sharedMemBytes): the memory of
 * the kernel's external zero-sized LDS arrays (`extern __shared__`), placed
 * after its static LDS.  Static plus dynamic LDS must fit the 65536 bytes
 * of a workgroup (checked at launch).  WMMA_EMU_USAGE when bytes > 65536. */
WMMA_CAPI_EXPORTED int wmma_emu_set_dynamic_lds(wmma_emu_module *m,
                                                uint32_t bytes);

/* Progress of launches: fn(user, workgroups done, workgroups in the
 * launch, seconds since the start) about twice a second while a launch
 * runs and once when it ends (done = total unless a workgroup faulted),
 * from the thread that called wmma_emu_launch.  NULL turns it off. */
typedef void (*wmma_emu_progress_fn)(void *user, uint64_t done, uint64_t total,
                                     double seconds);
WMMA_CAPI_EXPORTED void
wmma_emu_set_progress(wmma_emu_module *m, wmma_emu_progress_fn fn, void *user);

/* Counters, accumulated over launches until reset. */
typedef struct {
  uint64_t lane_instructions; /* sum over executed instructions of active lanes */
  uint64_t wave_instructions; /* executed instructions, once per wave */
  uint64_t wmma[16];          /* by wmma_instr (wmma/Layout/Layout.h) */
  uint64_t wmma_total;
  uint64_t ds_bpermute, permlanex16, dpp, ds_swizzle;
  uint64_t global_bytes_loaded, global_bytes_stored;
  uint64_t lds_bytes_read, lds_bytes_written;
  uint64_t barriers; /* s_barrier executions, counted per wave */
  uint64_t workgroups, waves;
  /* Extra LDS cycles from bank conflicts (model in lib/Layout/LdsBanks.c:
   * 32 banks of 4 bytes, phases of 128 bytes), reads and writes. */
  uint64_t lds_bank_conflicts;
  /* Distinct 128-byte lines touched per global memory instruction (loads,
   * stores, atomics, buffer accesses), summed. */
  uint64_t global_lines;
  /* For the speed-of-light model (wmma-c/SpeedOfLight.h), per wave: memory
   * instructions that reached LDS / global memory, a lane's access of b
   * bytes counting ceil(b / 16) (the widest access is 16 bytes), and a
   * lower bound of the wave32 VALU instructions (lib/Emulator/Cost.c: the
   * emulator runs LLVM IR, so uniform arithmetic the SALU would do counts
   * too, and address arithmetic does not). */
  uint64_t lds_instructions, global_instructions;
  uint64_t valu_instructions;
  /* Sparse WMMAs by wmma_sparse_instr (11 used; also in wmma_total). */
  uint64_t swmmac[16];
  /* Bytes of the distinct addresses each wave-level global memory
   * instruction touches, summed: what the memory system moves to and from
   * the waves (the bytes above count each lane's, so lanes repeating
   * another lane's bytes - RDNA3's replicated WMMA operands - count twice
   * there and once here).  Atomics count as stored. */
  uint64_t global_distinct_bytes_loaded, global_distinct_bytes_stored;
  /* The DRAM estimate (docs/emulator-traffic.md): each launch's global
   * accesses replayed through a model of its chip's L2 (size from the chip
   * table's largest part, 128-byte lines, LRU, write-back; the resident
   * workgroups interleaved in dispatch order).  Lines read from DRAM and
   * dirty lines written back, 128 bytes each. */
  uint64_t dram_est_bytes_read, dram_est_bytes_written;
  /* Launches the L2 model did not estimate (no part with a published L2
   * for the chip, or traces over the model's memory bound): their DRAM
   * traffic is missing from the two above. */
  uint64_t dram_est_unmodelled_launches;
} wmma_emu_stats;

/* The L2 model of the DRAM estimate: its size in bytes and how many
 * workgroups are resident at a time (0: from the chip, see
 * docs/emulator-traffic.md).  Applies to later launches. */
WMMA_CAPI_EXPORTED void wmma_emu_set_l2_model(wmma_emu_module *m,
                                              uint64_t l2_bytes,
                                              unsigned resident_workgroups);

WMMA_CAPI_EXPORTED void wmma_emu_get_stats(const wmma_emu_module *m,
                                           wmma_emu_stats *out);
WMMA_CAPI_EXPORTED void wmma_emu_reset_stats(wmma_emu_module *m);
/* The counters as a JSON object, and as human-readable lines.  Return the
 * length (like snprintf: the output is truncated to cap bytes). */
WMMA_CAPI_EXPORTED size_t wmma_emu_stats_json(const wmma_emu_module *m,
                                              char *buf, size_t cap);
WMMA_CAPI_EXPORTED size_t wmma_emu_stats_text(const wmma_emu_module *m,
                                              char *buf, size_t cap);
/* The same for a counters struct (e.g. the one wmma_launch fills). */
WMMA_CAPI_EXPORTED size_t wmma_emu_stats_to_json(const wmma_emu_stats *s,
                                                 char *buf, size_t cap);

/* Exact conversions used by the emulator (exported for tests and tools):
 * round-to-nearest-even encoders from double and exact decoders. */
WMMA_CAPI_EXPORTED uint16_t wmma_emu_f32_to_f16(float x);
WMMA_CAPI_EXPORTED float wmma_emu_f16_to_f32(uint16_t h);
WMMA_CAPI_EXPORTED uint16_t wmma_emu_f32_to_bf16(float x);
WMMA_CAPI_EXPORTED float wmma_emu_bf16_to_f32(uint16_t h);
WMMA_CAPI_EXPORTED float wmma_emu_fp8_to_f32(uint8_t v);  /* OCP E4M3 (FN) */
WMMA_CAPI_EXPORTED float wmma_emu_bf8_to_f32(uint8_t v);  /* OCP E5M2 */
/* Round to nearest even; `saturate`: overflow gives the largest finite
 * value (448 / 57344) instead of NaN (E4M3FN has no infinity) / infinity. */
WMMA_CAPI_EXPORTED uint8_t wmma_emu_f32_to_fp8(float x, int saturate);
WMMA_CAPI_EXPORTED uint8_t wmma_emu_f32_to_bf8(float x, int saturate);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_C_EMULATOR_H */
