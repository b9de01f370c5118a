/* Schedules (Select.c): the pass options templates read, the schedule
 * record a template plans, the cost rule that ranks configurations. */
#ifndef WMMA_FRONTEND_SCHEDULE_SCHEDULE_H
#define WMMA_FRONTEND_SCHEDULE_SCHEDULE_H

#include "Problem/Problem.h"

#include "wmma-c/Passes.h"

#define FE_DEFAULT_WAVES 4

/*===--- schedules ----------------------------------------------------------===*/
typedef enum { FE_STAGE_REGS, FE_STAGE_LDS } fe_staging;

/* The options of the pass that reach the templates. */
typedef struct {
  int waves;            /* waves per workgroup where a template lets the
                           user choose */
  wmma_staging staging; /* forced staging, or the cost rule's (auto) */
  int tile_m, tile_n;   /* forced workgroup tile of single GEMMs, or 0 */
  wmma_accumulate accumulate; /* 16-bit outputs: wide or native */
  bool no_packing;            /* RDNA3 16-bit accumulators unpacked */
  bool whole;                 /* functions converted whole or not at all */
  /* A schedule given on the function (wmma.schedule): the template plans
   * exactly its choices or refuses (fe_select compares the result). */
  bool pinned;
  wmma_schedule_desc pin;
  /* A remark per function with the configurations the cost rule weighed
   * and their modelled times (wmma-linalg-to-kernels{explain-cost}). */
  bool explain_cost;
} fe_options;

/* One grid dimension: the product of ceil(size / div) over its terms. */
typedef struct {
  int nterms;
  struct {
    fe_size size;
    int64_t div;
  } t[FE_MAX_BATCH]; /* (grid z: up to FE_MAX_BATCH batch loops) */
} fe_grid_dim;

/* One kernel's schedule: small, typed, chosen by a template's cost rule
 * (or given: fe_options.pin).  Prescriptive: the builders read every
 * decision from it (printed as #wmma.schedule, ScheduleAttr.c). */
typedef struct {
  const char *template_name;
  wmma_instr instr;       /* the products' WMMA instruction */
  fe_staging staging;
  int tile_m, tile_n;     /* workgroup output tile */
  int waves_m, waves_n;   /* wave grid */
  int wave_m, wave_n;     /* 16x16 WMMA tiles per wave */
  int k_step;             /* K per main-loop step */
  int stages;             /* LDS buffers (2, or a pin's 3) */
  bool k_tail, m_tail, n_tail; /* tails possible (masked code is built) */
  int rows_per_block;     /* chain in LDS: intermediate rows per workgroup */
  bool lds_padded;        /* chain in LDS: its rows padded (and swizzled)
                             against bank conflicts (ChainLds.c) */
  double lds_conflicts;   /* chain in LDS: the bank conflicts (extra LDS
                             cycles) its layout costs, summed */
  double lds_read;        /* chain in LDS: the LDS bytes it plans to read */
  int64_t lds_bytes;
  int vgprs;              /* estimated VGPRs per lane (budget check) */
  double cost;            /* the cost rule's value (lower is better) */
  double tie_cost;        /* gemm: the rule's fe_cost, which breaks ties
                             of the modelled time (cost) */
  double cost_simd;       /* gemm: the modelled SIMD bound (WMMA pipe +
                             VALU), which breaks ties of tie_cost (0: not
                             modelled) */
  double tie_bytes;       /* chain_lds: the bytes the rule charged, which
                             break ties of the SIMD bound (0: not set) */
  fe_grid_dim grid[3];    /* workgroups in x, y, z */
  int threads;            /* per workgroup (x) */
  MlirType kacc;          /* the kernel's accumulator type */
  int acc_pack;           /* tiles per accumulator value: 1, or 2 (RDNA3
                             16-bit accumulators in both OPSEL halves) */
  wmma_acc_form form;     /* gemm: the accumulator layout, or computed
                             swapped so that lanes hold row segments */
  wmma_copy_kind copy[2]; /* how the (first) product's A and B tiles reach
                             LDS (attention: K and V); NONE: not staged */
  bool causal;            /* attention: keys after the last query skipped */
  /* A split across workgroups (Pass/ConvertSplit.c): decode_attention's
   * KV sequence (wave_n workgroups), decode's K (k_parts workgroups per
   * column block).  This kernel combines their partial results: the
   * second of the two launches. */
  bool combine;
  int k_parts; /* decode: workgroups along K (0 or 1: no split) */
} fe_schedule;

/* ScheduleAttr.c: the record as #wmma.schedule (null if invalid), as its
 * plain data, and the first field where a built schedule differs from a
 * pinned one (0 if none, else -1 with the field in why). */
void fe_schedule_desc(const fe_schedule *s, wmma_schedule_desc *d);
MlirAttribute fe_schedule_attr(MlirContext ctx, const fe_schedule *s);
int fe_schedule_match(const wmma_schedule_desc *pin,
                      const wmma_schedule_desc *got, char *why, size_t cap);
/* Does the pin (if any) leave this choice open or make it?  The template's
 * candidate is kept only if it matches every choice the pin makes. */
bool fe_pin_allows_tile(const fe_options *o, fe_staging staging, int tile_m,
                        int tile_n, int waves_m, int waves_n);

int fe_waves(const fe_schedule *s);
/* The cost rule (Select.c): sizes for estimates, and the cost of a grid
 * issuing `wmma` WMMAs and requesting `bytes` from `workgroups`. */
int64_t fe_estimate(fe_size s);
/* The estimate of a product's M (fe_estimate), except for a depthwise
 * convolution with a channel multiplier at run-time sizes, whose M is one
 * output row's columns: FE_ROW_ESTIMATE (Select.c says why). */
#define FE_ROW_ESTIMATE 16
int64_t fe_estimate_m(const fe_problem *p, fe_size m);
double fe_cost(const wmma_chip_info *chip, double workgroups, double wmma,
               double bytes);
/* The modelled cost of a WMMA grid (Select.c): the speed-of-light time
 * (wmma/Layout/SpeedOfLight.h) on the chip's largest part of the work a
 * template plans -- `wmma` WMMAs of `instr` and `valu` VALU
 * instructions from `workgroups` of
 * `waves_per_wg` waves, LDS bytes read and written, `dram_bytes` each
 * buffer moves once, a wave's `vgprs` and a workgroup's `lds_bytes` for
 * occupancy -- or the L2 time of `l2_bytes`, whichever is longer; in
 * seconds.  Chips without a published part fall back to fe_cost.  A
 * sparse template adds `swmmac` sparse WMMAs of `sparse_instr` (the
 * dense template leaves them 0). */
typedef struct {
  wmma_instr instr;
  double wmma, workgroups;
  double valu; /* VALU instructions the plan is known to add (summed over waves) */
  int waves_per_wg;
  double lds_read, lds_written, l2_bytes, dram_bytes;
  int vgprs, lds_bytes;
  wmma_sparse_instr sparse_instr;
  double swmmac;
  /* The waves that do the work (0: every wave of every workgroup); the
   * work is theirs alone, the rest of a workgroup's waves exit at once. */
  double waves_with_work;
  /* Extra LDS cycles of bank conflicts the plan's layout costs (summed
   * over the grid; the model serialises them on the LDS bound). */
  double lds_conflicts;
} fe_grid_work;
double fe_modelled_cost(const wmma_chip_info *chip, const fe_grid_work *w);
/* The same, and the model's SIMD bound (WMMA pipe + VALU on the busiest
 * SIMD, at boost) in *simd (0 where the model does not apply). */
double fe_modelled_costs(const wmma_chip_info *chip, const fe_grid_work *w,
                         double *simd);
/* The explain-cost remark of one candidate schedule s of template `name`
 * ("candidate" or "chosen" as `what`): staging, tiles, waves, modelled time
 * and the older rule's cost. */
/* Does candidate s beat best (none yet when !found)?  The modelled time
 * decides when the two differ by more than margin (a fraction of best's);
 * closer, the rule's tie_cost; equal again, the modelled SIMD bound
 * where both have one; equal again, the fewer tie_bytes where both have
 * them. */
bool fe_candidate_better(const fe_schedule *s, const fe_schedule *best,
                         bool found, double margin);
/* The margin the templates give fe_candidate_better (and the depthwise
 * choice, Pass/DepthwiseChoice.c): the model sees no VALU of a template's
 * per-iteration overhead (a 4x2 wave tile costs up to 4% more SIMD time
 * than 4x4 at 4096^3 on the emulator, bench/sol.py; the chain's
 * conversion and LDS round trip), so it overrides the rule only beyond
 * 5%. */
#define FE_MODEL_MARGIN 0.05
/* Of candidates with modelled times t[0..n) (skip[i] excluded; simd[i],
 * their SIMD bounds, break equal times; either may be NULL): the
 * shortest, or `old` (the old rule's) where it is within FE_MODEL_MARGIN
 * of the shortest. */
int fe_model_choose(const double *t, const double *simd, const bool *skip,
                    int n, int old);
/* The same with another margin (a choice between templates, whose plans'
 * models miss more than one template's configurations do). */
int fe_model_choose_margin(const double *t, const double *simd,
                           const bool *skip, int n, int old, double margin);
/* The margin of a choice between templates (the depthwise convolution's
 * VALU or GEMM kernel, Pass/DepthwiseChoice.c): the plans' models see
 * neither the GEMM's chain of global loads per wave on a small grid (the
 * latency bound: 1 x 13 x 11 x 5 i8 with multiplier 3 modelled 0.141 us,
 * emulated 0.319 us on gfx1100) nor the VALU's gather arithmetic. */
#define FE_TEMPLATE_MARGIN 0.25
void fe_explain_candidate(const fe_problem *p, const char *name,
                          const fe_schedule *s, const char *what);

/* VGPRs a wave may use without spilling (wave32). */
#define FE_VGPR_BUDGET 256

#endif /* WMMA_FRONTEND_SCHEDULE_SCHEDULE_H */
