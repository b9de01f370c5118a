/* Wide weight loads of the decode template (DecodeWide.c): the wave's
 * column tiles interleaved so that each lane reads its columns of every
 * tile with one vector load per weight row. */
#ifndef WMMA_FRONTEND_TEMPLATES_DECODEWIDE_H
#define WMMA_FRONTEND_TEMPLATES_DECODEWIDE_H

#include "Kernel/Kernel.h"

/* The interleave W (the schedule's wave_n) when the weights allow wide
 * loads: an argument's N-contiguous matrix read at (k floordiv P, n),
 * 8-bit or wider elements, N a multiple of the workgroup tile; else 0. */
int fe_decode_wide_cols(const fe_problem *p, const fe_schedule *s);

/* Bytes of weights one lane loads per 16-deep K step with wide loads. */
int fe_decode_wide_step_bytes(const fe_problem *p, const fe_schedule *s);

/* The B leaf fragments (the weight elements before the prologue) of the
 * wave's kb->b_col_step tiles at column origins n0 + j and K origin k0,
 * in the layout kb_operand_value evaluates them on; leaf[j] for tile j.
 * masked: rows past K read zeros. */
void fe_decode_wide_leaves(fe_kb *kb, const MlirValue *batch, MlirValue n0,
                           MlirValue k0, bool masked, MlirValue *leaf);

/* M <= 4 with wide loads: the wave's W column tiles share accumulators
 * instead of one each, so that 16 tiles' 128-bit weight rows fit beside
 * them.  At M = 1, 8 tiles share one (8 VGPRs per 8 x 16 columns instead
 * of 64): tile j multiplies an A fragment holding the activations in row
 * rho(j % 8) only (fe_decode_a_row), so its product lands in that row of
 * accumulator j / 8 and adds exact zeros to the other rows; rho(q) is q on
 * RDNA4 and 2q on RDNA3 (interleaved rows): slot q of lanes 0-15 either
 * way.  At M = 2..4, 4 tiles share one: tile j multiplies the activation
 * rows shifted down by 4 (j % 4) (fe_decode_a_shift), its M rows landing
 * in rows 4 (j % 4) .. 4 (j % 4) + 3 of accumulator j / 4.  The
 * dequantised weights must be finite (0 x inf in a row of another tile
 * would be NaN there). */
bool fe_decode_rows_shared(const fe_problem *p, const fe_schedule *s);
/* Tiles sharing one accumulator: 8 at M = 1, 4 at M = 2..4. */
int fe_decode_tiles_per_acc(const fe_problem *p);
int fe_decode_shared_accs(const fe_problem *p, const fe_schedule *s);
/* The A fragment a (the activations in row 0, zeros elsewhere) with row
 * 0 in every row: lane 0 of each row of 16 lanes broadcast by DPP
 * row_share:0, one v_mov_b32_dpp a word. */
MlirValue fe_decode_a_broadcast(fe_kb *kb, MlirValue a);
/* The broadcast fragment kept in row rho(q) only. */
MlirValue fe_decode_a_row(fe_kb *kb, MlirValue abc, int q);
/* The A fragment a (M <= 4 rows, zeros below) with its rows moved down by
 * 4q: DPP row_shr:4q, one v_mov_b32_dpp a word (lanes of the row of 16
 * below 4q read zero); a itself at q = 0. */
MlirValue fe_decode_a_shift(fe_kb *kb, MlirValue a, int q);
/* Tile j's accumulator (its sums in row 0, zeros elsewhere) from the
 * shared ones (M = 1). */
MlirValue fe_decode_unshare(fe_kb *kb, const MlirValue *shared, int j);

/* Loads grouped along K in the B prologue (the group scales, read at
 * s[k floordiv G][n] with G a multiple of the iteration kb->k_span): the
 * two lane halves of a wave need the same W-element run of each, so each
 * half loads half of it (one W/2-element load) and takes the other half's
 * by v_permlanex16 -- each scale read once per wave, not once per lane
 * half.  Once per iteration: h->run[i] (the lane's W elements,
 * vector<W x t>) of load h->node[i], for up to FE_DECODE_MAX_SHARED_LOADS
 * such loads (h->n = 0 outside an iteration of k_span >= 16, or at
 * W < 4). */
#define FE_DECODE_MAX_SHARED_LOADS 4
typedef struct {
  int n;
  int node[FE_DECODE_MAX_SHARED_LOADS];
  MlirValue run[FE_DECODE_MAX_SHARED_LOADS];
} fe_decode_halves;
void fe_decode_wide_halves(fe_kb *kb, const MlirValue *batch, MlirValue n0,
                           fe_decode_halves *h);
/* The same runs when `sharers` consecutive K slices (slice kslice of the
 * workgroup's S, S a multiple of sharers) lie in one group of `group` K
 * values: each of the sharers loads 1 / sharers of the group's runs (W /
 * (2 sharers) elements a lane), stores them to LDS, one barrier (every
 * wave, once, before the K loop), and every lane reads its W -- the
 * group's scales read once per column block, not once per slice.  h->n =
 * 0 when the loads do not allow it (no barrier then). */
int fe_decode_wide_group_halves(fe_kb *kb, const MlirValue *batch,
                                MlirValue n0, MlirValue kslice, int sharers,
                                int group, fe_decode_halves *h);
/* Binds h's loads (kb->bound_*) to tile j's value: element j of each
 * run, in every slot of a fragment shaped like leaf. */
void fe_decode_wide_bind(fe_kb *kb, const fe_decode_halves *h, int j,
                         MlirValue leaf);

#endif
