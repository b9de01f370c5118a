/* The decode template's split of K across workgroups (DecodeSplit.c):
 * P workgroups per column block each multiply a K range and write f32
 * partial sums to a workspace; a second kernel adds the P partials in
 * part order (deterministic), runs the epilogue and stores
 * (Pass/ConvertSplit.c launches both).  And the cost rule choosing the
 * column block width, the waves per workgroup and P. */
#ifndef WMMA_FRONTEND_TEMPLATES_DECODESPLIT_H
#define WMMA_FRONTEND_TEMPLATES_DECODESPLIT_H

#include "Templates/Gemm.h"

#define DECODE_MAX_SPLIT 32 /* waves per workgroup along K */
#define DECODE_MAX_PARTS 8  /* workgroups per column block along K */
#define DECODE_MIN_SLICE 64 /* K per wave at least */
#define DECODE_WAVES_PER_CU 8

/* A (column tiles per wave, waves along K, workgroups along K, K steps per
 * iteration) choice and the global bytes it loads beyond the weights:
 * activations once per column block, the partials the combine reads, the
 * grouped loads (scales) read again when an iteration is shorter than a
 * group. */
typedef struct {
  int wave_n, split, parts, unroll;
  double waves, bytes;
  /* The modelled wave instructions, both launches' time and SIMD bound
   * (Schedule/DecodeCost.c), whether the weights load wide, the weights'
   * (and grouped loads') bytes and the WMMA instruction it models. */
  double instr, time, simd, weights;
  bool wide;
  wmma_instr instr_kind;
} fe_decode_choice;

/* Among the choices giving the launch DECODE_WAVES_PER_CU waves per CU of
 * the chip's largest part (column tiles per wave at most max_wn,
 * iterations at most `unroll` steps; for each tile count and P the fewest
 * waves along K S) whose loads stay within 1.1x the least (weights,
 * scales, activations once) -- or are the fewest such bytes where none
 * does -- the shortest modelled time (Schedule/DecodeCost.c), equal times
 * the fewer modelled wave instructions, the smaller SIMD bound, then the
 * fewer bytes; without one reaching the
 * waves, the P = 1 choice with the most waves.  explain-cost remarks on
 * o->explain_cost.  0, or -1 if none (every choice has slices shorter than
 * DECODE_MIN_SLICE). */
int fe_decode_choose(const fe_problem *p, const wmma_chip_info *chip,
                     const fe_options *o, wmma_instr instr, int max_wn,
                     int unroll, fe_decode_choice *c);
/* The column blocks (workgroups along N, times the batches) of wave_n
 * tiles. */
double fe_decode_blocks(const fe_gemm *g, int wave_n);

/* Slice t's K range [k_lo, k_hi) of the T = S P slices (P workgroups of
 * S waves along K): K in iterations of k_step (the scale groups' unit),
 * spread evenly -- n = base T + r iterations give the last r slices
 * base + 1, the others base (the last iteration may be partial: the longer
 * slices hold it) -- instead of ceil(n / T) each, which leaves the last
 * slices short or idle when T does not divide n. */
void fe_decode_k_range(fe_kb *kb, MlirValue t, MlirValue *k_lo,
                       MlirValue *k_hi);
/* A split's workspace argument, its element type, rank and shape set:
 * its memref type, allocated by the host around the launches (decode's K
 * split and decode attention's KV split). */
void fe_workspace_finish(const fe_problem *p, fe_arg *w);
/* The workspace in a kernel of the split: its last argument (kb->failed
 * and a null value when the problem has none). */
MlirValue fe_workspace_value(fe_kb *kb);

/* Slices sharing a group of the loads grouped along K (the scales): r =
 * G / (slice length) >= 2 when the slices are static, wide loads run
 * iterations of at least 2 steps and r divides the waves along K -- their
 * scales are then read once per group through LDS
 * (fe_decode_wide_group_halves, lds_bytes of it); else 1. */
int fe_decode_group_sharers(const fe_problem *p, const fe_schedule *s,
                            int *group, int *lds_bytes);
/* Row of an accumulator slot v in lane half h: v + 8h, or 2v + h on
 * RDNA3's interleaved rows. */
MlirValue fe_decode_acc_row(fe_kb *kb, MlirValue h, int v);
/* The accumulators a K slice starts from: the product's initial value
 * (fe_gemm_acc_init), or zeros in the first kernel of a split (the
 * combine adds the initial value). */
void fe_decode_acc_start(fe_kb *kb, fe_gemm_wave *w);
/* Wave 0's sums (column order) to their end: the epilogue and the store,
 * or this workgroup's partial in the workspace. */
void fe_decode_finish(fe_kb *kb, fe_gemm_wave *w);
/* The combine kernel (s->combine). */
int fe_decode_build_combine(fe_kb *kb);

/* DecodeTile.c: the A or B (role) tile of operand o at row0 (its M or N
 * origin), K k, batch values batch, from global memory: on RDNA3 loaded
 * compact and replicated, fp8 widened on the way where the atom takes
 * f16, B lanes past N reading nothing. */
MlirValue fe_decode_plain_tile(fe_kb *kb, const fe_operand *o,
                               wmma_matrix role, const MlirValue *batch,
                               MlirValue row0, MlirValue k, bool masked);

#endif /* WMMA_FRONTEND_TEMPLATES_DECODESPLIT_H */
