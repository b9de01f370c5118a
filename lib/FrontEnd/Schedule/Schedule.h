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
} fe_options;

/* One grid dimension: the product of ceil(size / div) over its terms. */
typedef struct {
  int nterms;
  struct {
    fe_size size;
    int64_t div;
  } t[3];
} fe_grid_dim;

/* One kernel's schedule: small, typed, chosen by a template's cost rule. */
typedef struct {
  const char *template_name;
  wmma_instr instr;       /* the products' WMMA instruction */
  fe_staging staging;
  int tile_m, tile_n;     /* workgroup output tile */
  int waves_m, waves_n;   /* wave grid */
  int wave_m, wave_n;     /* 16x16 WMMA tiles per wave */
  int k_step;             /* K per main-loop step */
  int stages;             /* LDS buffers (ping-pong: 2) */
  bool k_tail, m_tail, n_tail; /* tails possible (masked code is built) */
  int rows_per_block;     /* chain in LDS: intermediate rows per workgroup */
  int64_t lds_bytes;
  int vgprs;              /* estimated VGPRs per lane (budget check) */
  double cost;            /* the cost rule's value (lower is better) */
  fe_grid_dim grid[3];    /* workgroups in x, y, z */
  int threads;            /* per workgroup (x) */
} fe_schedule;

int fe_waves(const fe_schedule *s);
/* The cost rule (Select.c): sizes for estimates, and the cost of a grid
 * issuing `wmma` WMMAs and requesting `bytes` from `workgroups`. */
int64_t fe_estimate(fe_size s);
double fe_cost(const wmma_chip_info *chip, double workgroups, double wmma,
               double bytes);
/* VGPRs a wave may use without spilling (wave32). */
#define FE_VGPR_BUDGET 256

#endif /* WMMA_FRONTEND_SCHEDULE_SCHEDULE_H */
