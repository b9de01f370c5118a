/* Shared by the GEMM template's two stagings (Gemm.c: registers and
 * planning; GemmLds.c: LDS ping-pong): where a wave's tiles are, their
 * accumulators, and the epilogue with its store. */
#ifndef WMMA_FRONTEND_GEMM_H
#define WMMA_FRONTEND_GEMM_H

#include "Kernel/Kernel.h"

#define FE_MAX_WAVE_TILES 16 /* accumulators a wave keeps (4 x 4) */
#define FE_MAX_REG_TILES 4   /* registers staging: tiles per wave side */

typedef struct {
  MlirValue batch[FE_MAX_BATCH];
  MlirValue m0, n0;  /* origin of the wave's first tile */
  MlirValue bm0, bn0; /* origin of the workgroup's tile */
  MlirValue acc[FE_MAX_OUTS * FE_MAX_WAVE_TILES]; /* per product (dual:
                                          each set after the previous) */
  int form; /* FE_FORM_ACC, or FE_FORM_ROWSEG: computed swapped */
  /* Zero points (GemmZeroPoints.c): rowsum(A) of each of the wave's tile
   * rows, then colsum(B) of each tile column, as accumulator tiles. */
  int nrowsums, ncolsums;
  MlirValue sums[2 * FE_MAX_REG_TILES];
} fe_gemm_wave;

/* The schedule's form: computed swapped (D^T = B^T A^T, lanes hold row
 * segments of the output, RowSeg.c) or not.  Sets w->form and, swapped,
 * the kernel's atom (operand types and signedness swapped). */
void fe_gemm_apply_form(fe_kb *kb, fe_gemm_wave *w);

/* Block and wave indices -> tile origins. */
void fe_gemm_wave_origin(fe_kb *kb, fe_gemm_wave *w);
/* A wave whose tiles all lie outside the output does nothing: the
 * condition (null when the schedule has no M/N tails). */
MlirValue fe_gemm_wave_active(fe_kb *kb, const fe_gemm_wave *w);
void fe_gemm_acc_init(fe_kb *kb, fe_gemm_wave *w);
/* The accumulator values the wave carries for one product (after
 * fe_gemm_acc_init: two tiles per value when packed, Accumulators.c). */
int fe_gemm_nacc(fe_kb *kb);
/* How many products the kernel multiplies A with: 2 or 3 for a dual
 * problem (horizontal fusion, Problem/ProblemDual.c: two combined into one
 * output, or one per output), else 1. */
static inline int fe_gemm_nsets(const fe_problem *p) {
  return p->shape == FE_SHAPE_DUAL ? p->ngemms : 1;
}
/* The epilogue on every accumulator, then its single (masked on tails)
 * store. */
void fe_gemm_epilogue(fe_kb *kb, fe_gemm_wave *w);
/* K rounded down to the main loop's step (static when K is). */
MlirValue fe_k_full(fe_kb *kb, fe_size K, int step);

/* Zero points (GemmZeroPoints.c).  Does the product have any? */
bool fe_gemm_has_zero_points(const fe_gemm *g);
/* The sums the wave keeps (w->nrowsums + w->ncolsums), zeroed. */
int fe_gemm_zp_init(fe_kb *kb, fe_gemm_wave *w);
/* One K step's sums from the step's fragments (a[i]: A tiles, b[j]: B
 * tiles, in the roles the form gives them). */
void fe_gemm_zp_step(fe_kb *kb, const fe_gemm_wave *w, const MlirValue *a,
                     const MlirValue *b, MlirValue *sums);
/* Tile (i, j)'s accumulator corrected for the zero points. */
MlirValue fe_gemm_zp_correct(fe_kb *kb, const fe_gemm_wave *w,
                             const fe_tile *t, int i, int j, MlirValue acc);

/* Builds the LDS-staged body (GemmLds.c). */
int fe_gemm_build_lds(fe_kb *kb);

/* A product's K loop through LDS (GemmLds.c): the workgroup's tile_m x
 * tile_n block at (bm0, bn0) of batch item `batch`, waves in a grid of
 * waves_n columns, each with wave_m x wave_n accumulators acc[i * wave_n +
 * j] (in: initial values; out: the products; more[]'s follow gm's).
 * swapped: D^T = B^T A^T
 * (row-segment accumulators), permuted: B's LDS rows in the rho order
 * (RDNA3 row segments, Lds.h). */
typedef struct {
  const fe_gemm *gm;
  int nmore;               /* further products of the same A (dual), */
  const fe_gemm *more[FE_MAX_OUTS - 1]; /* accumulators after gm's */
  int tile_m, tile_n;
  int waves_n, wave_m, wave_n;
  int k_step;              /* K per LDS slice (a multiple of 16) */
  int stages;              /* LDS buffers per operand (2 or 3) */
  bool k_tail, swapped, permuted;
  wmma_copy_kind copy[2];  /* how A's and B's slices reach LDS */
  const MlirValue *batch;
  MlirValue bm0, bn0;
  fe_gemm_wave *zp;        /* the wave whose zero-point sums the loop
                              carries beside the accumulators, or NULL */
} fe_lds_product;
int fe_lds_product_run(fe_kb *kb, const fe_lds_product *pr, MlirValue *acc);
/* The same for an implicit GEMM whose input tile is staged once per
 * channel block with its halo (ConvHalo.c): 1 (nothing built) when it
 * does not apply, else as fe_lds_product_run. */
int fe_conv_halo_run(fe_kb *kb, const fe_lds_product *pr, MlirValue *acc);

/* The sparse template's LDS body (GemmSparseLds.c, RDNA4): the K loop of
 * a 2:4 A (values and index words) and B staged through LDS, multiplied by
 * `atom` (a sparse one) into w's accumulators (initialised; the epilogue
 * is the caller's).  fe_sparse_lds_bytes: the LDS the schedule needs. */
int fe_gemm_sparse_build_lds(fe_kb *kb, fe_gemm_wave *w, MlirAttribute atom);
int fe_sparse_lds_bytes(wmma_arch arch, const fe_schedule *s, int elem_bits);
/* B's fragments loaded straight into registers (no LDS for B). */
bool fe_sparse_b_in_registers(const fe_schedule *s, int elem_bits);

#endif /* WMMA_FRONTEND_GEMM_H */
