/* The attention templates' choices by the modelled time (AttentionCost.c):
 * decode attention's key slices per workgroup (waves) and workgroups per
 * KV sequence (the split), prefill attention's query rows and keys per
 * block.  Each candidate's work goes through the speed-of-light model
 * (fe_modelled_costs); within FE_MODEL_MARGIN of the shortest the old
 * rule's choice stays. */
#ifndef WMMA_FRONTEND_SCHEDULE_ATTENTIONCOST_H
#define WMMA_FRONTEND_SCHEDULE_ATTENTIONCOST_H

#include "Schedule/Schedule.h"

/* What a decode-attention plan fixes before its waves and split. */
typedef struct {
  wmma_instr instr;
  double wgs;      /* workgroups before the split: batch x KV heads x tokens */
  double kv_heads; /* batch x KV heads (K and V read from DRAM once each) */
  double blocks;   /* key blocks of 16 (a run-time length: fe_estimate's) */
  bool static_keys;
  int d, dv, group, eb; /* head dims, query heads per KV head, K/V bytes */
  int vgprs;            /* per lane, the same for every split */
  int max_waves, max_split, min_blocks_per_wave;
  int old_waves, old_split; /* the old rule's choice */
} fe_dattn_shape;

/* The LDS a workgroup of `waves` waves needs (the merge and Q^T). */
typedef int64_t (*fe_dattn_lds_fn)(int waves, int ndv, int nd, int fb4);

/* Chooses (*waves, *split) among the candidates by the modelled time of
 * both launches (the split's combine included), explain-cost remarks on
 * o->explain_cost.  The old rule's choice on entry; 0. */
int fe_dattn_choose(const fe_problem *p, const wmma_chip_info *chip,
                    const fe_options *o, const fe_dattn_shape *sh,
                    int fb4, int64_t lds_cap, fe_dattn_lds_fn lds,
                    int *waves, int *split);

/* A block prefill attention can build: query rows (16 per wave) and keys
 * per block and what it needs (Templates/AttentionPlan.c's fit). */
typedef struct {
  int rows, keys, vgprs;
  int64_t lds;
} fe_att_block_cand;

/* The index in c[0..n) of the block with the shortest modelled time for
 * the plan s (its instruction; tile_m, waves_m and threads are each
 * candidate's).  The candidates come grouped by rows, each group's
 * largest keys first (the old keys rule's); c[0] is the old rule's rows
 * (64).  Keys are chosen within each rows group, then rows among the
 * groups' choices, each time keeping the first within FE_MODEL_MARGIN.
 * explain-cost remarks on o->explain_cost. */
int fe_att_choose_block(const fe_problem *p, const wmma_chip_info *chip,
                        const fe_options *o, const fe_schedule *s,
                        const fe_att_block_cand *c, int n);

#endif /* WMMA_FRONTEND_SCHEDULE_ATTENTIONCOST_H */
