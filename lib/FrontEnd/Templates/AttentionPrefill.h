/* Private to the prefill attention template (Attention.c: the kernel's
 * setup, pipeline and epilogue; AttentionPlan.c: the schedule;
 * AttentionBlock.c: one KV block; AttentionRows.c: the online softmax's
 * row statistics and the lane moves of P^T and the correction).  What it
 * shares with flash decoding is in Attention.h. */
#ifndef WMMA_FRONTEND_TEMPLATES_ATTENTIONPREFILL_H
#define WMMA_FRONTEND_TEMPLATES_ATTENTIONPREFILL_H

#include "Kernel/Kernel.h"
#include "Kernel/Lds.h"
#include "Templates/Attention.h"

/* Keys per tile: the rows of one S^T = K Q^T tile (and the K of one O^T =
 * V^T P^T step); a block holds 1, 2 or 4 of them.  Queries per wave: the
 * columns of both. */
#define KT FE_ATOM_M
#define MAX_KEY_TILES 4
#define QPW FE_ATOM_N
#define WAVES 4      /* the old rule's waves per workgroup */
#define MAX_WAVES 8  /* 128 query rows per workgroup */
#define MAX_TILES 16  /* head dims up to 256 */
/* One s_waitcnt per FRAGS_PER_WAIT WMMAs of S^T = K Q^T (and per O^T
 * tile of O^T = V^T P^T): LLVM waits before each WMMA for its own
 * fragment only, and orders a region's LDS reads by their use, so one
 * wait per WMMA; reading the fragments in the reverse of their use, each
 * read in its own scheduling region, makes the first WMMA's wait cover
 * the next ones' fragments.  Measured at d = 128 on gfx1100: 683 -> 619
 * instructions for 72 WMMAs, 0 spills (four K fragments per wait spill
 * there, two O^T tiles' V^T fragments per wait too). */
#define FRAGS_PER_WAIT 2

typedef struct {
  MlirValue batch[FE_MAX_BATCH];
  MlirValue q0;                 /* the wave's first query */
  MlirValue qf[MAX_TILES];      /* Q^T fragments (B operands) */
  fe_lds_copy kblk, vblk;     /* K [key][d], V^T [dv][key] blocks */
  int nd, ndv;
  int keys, nkt;                /* keys per block, its 16-key tiles */
  int tile0;                    /* the block's first tile in the LDS
                                   buffer (a diagonal block per tile) */
  bool diag_per_tile;           /* the causal split's diagonal blocks
                                   computed one 16-key tile at a time */
  bool key_tail;                /* the key count may end inside a block */
  bool tail_peeled;             /* only the pipeline's last slice may */
  int score;                    /* the score node the blocks evaluate */
  double fold;                  /* its positive scale, applied in the
                                   exponential (0: scores as written) */
  MlirValue slice0;             /* the first block of the pipeline (null: 0) */
  bool p_pairs;                 /* RDNA3: P^T by p_operand_pairs (V^T's
                                   keys stored in sigma order) */
  MlirValue pk[FE_COPY_MAX], pv[FE_COPY_MAX]; /* a prefetched block */
  bool k_scalar;                /* K's block offset scalar (load_k_scalar) */
  bool pairs;                   /* the shift and the correction copied by
                                   copy_pair, the running sum kept per
                                   lane half (see build) */
} att_t;

/* Loop state: running max, running sum, O^T accumulators. */
#define NSTATE (2 + MAX_TILES)

/*===--- AttentionPlan.c --------------------------------------------------===*/
/* Does a causal stop split the key loop into unmasked blocks and the
 * diagonal's (see AttentionPlan.c)? */
bool fe_att_causal_split(const fe_problem *p, wmma_arch arch, int tile_m,
                         int keys, int stages);
/* Are the split's diagonal blocks of `keys` computed one 16-key tile at
 * a time (the masked block of all its tiles would spill)? */
bool fe_att_causal_diag_per_tile(const fe_problem *p, wmma_arch arch,
                                 int tile_m, int keys);
/* Does the split run the diagonal's blocks (a tile at a time) before the
 * unmasked ones (Attention.c diagonal_first)?  RDNA3. */
bool fe_att_causal_diag_first(const fe_problem *p, wmma_arch arch,
                              int tile_m, int keys, int stages);
/* The template's plan (fe_template_attention). */
int fe_att_prefill_plan(const fe_problem *p, const wmma_chip_info *chip,
                        const fe_options *o, fe_schedule *s, char *why,
                        size_t cap);

/*===--- AttentionBlock.c -------------------------------------------------===*/
/* A scheduling barrier between a block's LDS reads and WMMAs. */
void fe_att_sched_barrier(fe_kb *kb);
/* One block of keys: scores, online softmax, O^T update (st = {m, l,
 * O^T...}). */
void fe_att_block(fe_kb *kb, att_t *a, MlirValue buf, MlirValue key0,
                  bool mask, MlirValue *st);

/*===--- AttentionRows.c --------------------------------------------------===*/
/* pv's 8 f32 slots as 4 words of pairs of el (packed: cvt.pkrtz). */
MlirValue fe_att_pack_pairs(fe_kb *kb, MlirValue pv, MlirType el, bool packed);
/* RDNA3: P^T as O^T = V^T P^T's B operand with V^T's keys in sigma order. */
MlirValue fe_att_p_operand_pairs(fe_kb *kb, MlirValue pv, MlirType bt,
                                 bool packed);
/* x in another VGPR (a DPP identity move). */
MlirValue fe_att_copy_opaque(fe_kb *kb, MlirValue x);
/* x and a copy of x in two adjacent VGPRs. */
void fe_att_copy_pair(fe_kb *kb, MlirValue x, MlirValue *x0, MlirValue *x1);
/* The wave-uniform index x (v_readfirstlane), opaque to LLVM: what is
 * computed from it after a loop is neither hoisted above the loop nor
 * shared with values before it (so not kept live across the loop). */
MlirValue fe_att_opaque_index(fe_kb *kb, MlirValue x);
/* o * c, the odd slots by c2 (a copy of c in another bank). */
MlirValue fe_att_rescale(fe_kb *kb, MlirValue o, MlirValue c, MlirValue c2);
/* f32 x of lane l ^ 16. */
MlirValue fe_att_other_half(fe_kb *kb, MlirValue x);
/* The row max's operation on the chip. */
MlirValue fe_att_row_max_op(fe_kb *kb, MlirValue x, MlirValue y);
/* The max / sum of a row over the block's nkt tiles (lane_half: the
 * lane's half of the row only). */
MlirValue fe_att_row_max(fe_kb *kb, int nkt, const MlirValue *sc);
MlirValue fe_att_row_sum(fe_kb *kb, int nkt, const MlirValue *p,
                         bool lane_half);

#endif /* WMMA_FRONTEND_TEMPLATES_ATTENTIONPREFILL_H */
