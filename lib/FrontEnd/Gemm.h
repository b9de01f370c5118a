/* Shared by the GEMM template's two stagings (TemplateGemm.c: registers and
 * planning; GemmLds.c: LDS ping-pong): where a wave's tiles are, their
 * accumulators, and the epilogue with its store. */
#ifndef WMMA_FRONTEND_GEMM_H
#define WMMA_FRONTEND_GEMM_H

#include "Kernel.h"

#define FE_MAX_WAVE_TILES 16 /* accumulators a wave keeps (4 x 4) */

typedef struct {
  MlirValue batch[2];
  MlirValue m0, n0;  /* origin of the wave's first tile */
  MlirValue bm0, bn0; /* origin of the workgroup's tile */
  MlirValue acc[FE_MAX_WAVE_TILES];
} fe_gemm_wave;

/* Block and wave indices -> tile origins. */
void fe_gemm_wave_origin(fe_kb *kb, fe_gemm_wave *w);
/* A wave whose tiles all lie outside the output does nothing: the
 * condition (null when the schedule has no M/N tails). */
MlirValue fe_gemm_wave_active(fe_kb *kb, const fe_gemm_wave *w);
void fe_gemm_acc_init(fe_kb *kb, fe_gemm_wave *w);
/* The accumulator values the wave carries (after fe_gemm_acc_init: two
 * tiles per value when packed, Accumulators.c). */
int fe_gemm_nacc(fe_kb *kb);
/* The epilogue on every accumulator, then its single (masked on tails)
 * store. */
void fe_gemm_epilogue(fe_kb *kb, fe_gemm_wave *w);
/* K rounded down to the main loop's step (static when K is). */
MlirValue fe_k_full(fe_kb *kb, fe_size K, int step);

/* Builds the LDS-staged body (GemmLds.c). */
int fe_gemm_build_lds(fe_kb *kb);

#endif /* WMMA_FRONTEND_GEMM_H */
