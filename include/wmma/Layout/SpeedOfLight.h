/* Speed of light: a lower bound on a kernel's time on a product (SKU),
 * from what it executes (the emulator's counters, or any hand-made set)
 * and what its ISA allocates (VGPRs, LDS -> occupancy).  One bound per
 * resource, the one that dominates, and the fraction of the WMMA peak the
 * bound leaves, at the boost and at the sustained clock.  The model, its
 * assumptions and what it cannot see: docs/speed-of-light/model.md. */
#ifndef WMMA_LAYOUT_SPEEDOFLIGHT_H
#define WMMA_LAYOUT_SPEEDOFLIGHT_H

#include "wmma/Layout/Layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a launch executed, summed over its waves (wave32 instructions). */
typedef struct {
  uint64_t wmma[WMMA_INSTR_COUNT]; /* WMMA instructions by wmma_instr */
  uint64_t valu_instructions;      /* VALU, WMMA excluded */
  uint64_t lds_instructions;
  uint64_t lds_bytes_read, lds_bytes_written;
  uint64_t lds_bank_conflicts;     /* extra LDS cycles */
  uint64_t global_instructions;
  uint64_t global_bytes_loaded, global_bytes_stored;
  uint64_t dram_bytes; /* bytes DRAM must move at least (each buffer once);
                          0: global_bytes_loaded + global_bytes_stored */
  uint64_t barriers;   /* per wave, summed (reported, not modelled) */
  uint64_t workgroups, waves;
  /* Sparse WMMAs (v_swmmac) by wmma_sparse_instr: the pipe is busy for
   * the arch's swmmac issue cycles (as long as the dense WMMA of the same
   * types, for twice its K); their operations count the products of the
   * nonzeros (m x n x k/2 multiply-adds), so the fraction of the WMMA
   * peak stays that of the pipe's time. */
  uint64_t swmmac[WMMA_SPARSE_COUNT];
} wmma_sol_counters;

/* What the kernel's ISA allocates (the HSACO metadata).  0 VGPRs: unknown,
 * no VGPR limit on occupancy. */
typedef struct {
  int vgprs;     /* per wave */
  int sgprs;     /* per wave; not an occupancy limit on gfx10+ */
  int lds_bytes; /* per workgroup, static + dynamic */
  int spills;    /* VGPR + SGPR spills (reported) */
} wmma_sol_isa;

typedef enum {
  WMMA_SOL_SIMD,    /* WMMA pipe + VALU issue on the busiest SIMD */
  WMMA_SOL_LDS,     /* LDS bandwidth of the busiest WGP */
  WMMA_SOL_DRAM,    /* DRAM bytes over the SKU's bandwidth */
  WMMA_SOL_LATENCY, /* global latency occupancy cannot hide */
  WMMA_SOL_BOUND_COUNT
} wmma_sol_bound;

/* Global memory latency of the latency bound, in shader clocks: LLVM's
 * scheduling model's WriteVMEM (SISchedule.td, GFX11/GFX12SpeedModel), a
 * model constant; no cycle-accurate latency is published. */
#define WMMA_SOL_GLOBAL_LATENCY_CYCLES 320

typedef struct {
  int clock_mhz;
  double seconds[WMMA_SOL_BOUND_COUNT];
  double wmma_seconds, valu_seconds; /* the SIMD bound's two parts */
  double time;                       /* the largest bound */
  wmma_sol_bound dominant;
  /* The WMMA pipes' busy fraction over `time` on every SIMD: for one WMMA
   * type, the achieved fraction of that type's peak at this clock. */
  double wmma_peak_fraction;
  /* The VALU issue time of the busiest SIMD over `time`: what a kernel
   * without WMMA (an f32 VALU GEMM, a softmax) is reported by instead of
   * its 0% of the WMMA peak. */
  double valu_busy_fraction;
} wmma_sol_at_clock;

typedef struct {
  const wmma_sku_info *sku;
  int occupancy;                /* waves resident per SIMD */
  const char *occupancy_limit;  /* "VGPRs", "LDS", "waves per SIMD" */
  int waves_per_workgroup;
  uint64_t busiest_wgp_workgroups;
  uint64_t busiest_simd_waves;
  double quantisation;          /* even spread / busiest SIMD (<= 1) */
  double wmma_ops;              /* 2 M N K per WMMA, summed */
  wmma_instr main_wmma;         /* the type with the most pipe cycles */
  wmma_sol_at_clock boost, sustained;
} wmma_sol_result;

/* The model on sku; 0, or -1 with `why` (no SKU, no waves, an instruction
 * the SKU's architecture lacks). */
WMMA_CAPI_EXPORTED int wmma_speed_of_light(const wmma_sol_counters *c,
                                           const wmma_sol_isa *isa,
                                           const wmma_sku_info *sku,
                                           wmma_sol_result *out, char *why,
                                           size_t cap);

/* Name of a bound: "WMMA pipe" / "VALU issue" (the SIMD bound by its
 * larger part), "LDS bandwidth", "DRAM bandwidth", "latency". */
WMMA_CAPI_EXPORTED const char *
wmma_sol_bound_name(const wmma_sol_at_clock *at, wmma_sol_bound b);

/* Two lines: "speed of light: T on PRODUCT at F MHz (boost), bound: B,
 * N% of WMMA peak; at F MHz (sustained): T, N%" and the bounds,
 * occupancy and quantisation; a launch that executed no WMMA says "no
 * WMMA, VALU busy N%" for each "N% of WMMA peak".  Returns the length
 * (like snprintf). */
WMMA_CAPI_EXPORTED size_t wmma_sol_format(const wmma_sol_result *r, char *buf,
                                          size_t cap);

/* A program: launches run one after another, none overlapping the next,
 * so its time is the sum of its launches' bounds, each taken alone. */
typedef struct {
  int clock_mhz;
  double time;               /* the launches' times summed */
  double wmma_peak_fraction; /* WMMA pipe busy time, summed, over `time` */
  int slowest;               /* the launch with the largest time */
  double valu_busy_fraction; /* busiest SIMDs' VALU time, summed, over `time` */
} wmma_sol_program_at_clock;

typedef struct {
  const wmma_sku_info *sku;
  int nlaunches;
  int nmodelled; /* launches that ran (the others add nothing) */
  wmma_sol_program_at_clock boost, sustained;
} wmma_sol_program_result;

/* The program of n launches: launches[i] the model of launch i where
 * modelled[i] (else it did not run).  0, or -1 when none ran. */
WMMA_CAPI_EXPORTED int wmma_sol_program(const wmma_sol_result *launches,
                                        const int *modelled, int n,
                                        wmma_sol_program_result *out);

/* "speed of light: T on PRODUCT at F MHz (boost), program of N launches
 * (...), N% of WMMA peak; at F MHz (sustained): T, N%", then a line per
 * launch (names[i]: its kernel): its time, bound, % of WMMA peak and share
 * of the program's time.  Returns the length (like snprintf). */
WMMA_CAPI_EXPORTED size_t wmma_sol_program_format(
    const wmma_sol_program_result *p, const wmma_sol_result *launches,
    const int *modelled, const char *const *names, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* WMMA_LAYOUT_SPEEDOFLIGHT_H */
