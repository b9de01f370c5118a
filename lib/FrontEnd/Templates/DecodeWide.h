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

#endif
