/* Sparse WMMA semantics (RDNA4 v_swmmac_*; beside Wmma.h, the register
 * layouts come from the layout engine): an instruction prepared once per
 * call site, executed on full-wave operand slots. */
#ifndef WMMA_EMULATOR_SWMMAC_H
#define WMMA_EMULATOR_SWMMAC_H

#include "Scalar.h"
#include "wmma/Layout/Layout.h"

/* Where every compressed A value, its 2-bit index, every B element and
 * every C/D element sits: a flat slot index elem * 32 + lane and a bit
 * shift inside the element. */
typedef struct SwmmacOp {
  wmma_sparse_instr id;
  int k; /* logical K: 32 or 64 */
  int sign_a, sign_b, clamp;
  int bits_a, bits_b, bits_c;
  uint32_t n_c; /* slots of C/D */
  uint16_t a_idx[16][32]; /* [m][j]: compressed value j of row m */
  uint8_t a_sh[16][32];
  uint8_t x_lane[16][32]; /* [m][j]: lane and bit of j's 2-bit position */
  uint8_t x_sh[16][32];
  uint16_t b_idx[64][16]; /* [k][n] */
  uint8_t b_sh[64][16];
  uint16_t cd_idx[16][16];
  uint8_t cd_sh[16][16];
} SwmmacOp;

/* NULL if the layout engine cannot map an operand onto slots of the given
 * element widths (ew_*: widths of the LLVM operand vectors' elements). */
SwmmacOp *emu_swmmac_prepare(wmma_sparse_instr id, int sign_a, int sign_b,
                             int clamp, int ew_a, int ew_b, int ew_c,
                             int ew_index);

/* Why an index operand was refused: both compressed values of a group name
 * the same position, which the ISA does not define. */
typedef struct {
  int m, group;   /* row, and group of four K (K 4*group .. 4*group+3) */
  int lane, bit;  /* where the first of the two positions sits */
  int position;
} SwmmacBadIndex;

/* D = A * B + C where A is given compressed with its index operand:
 * compressed value j of row m multiplies B row 4*(j/2) + position(j).
 * Numerics as emu_wmma_exec's: exact products of the compressed values (a
 * pruned position contributes nothing, even against an infinite B),
 * summed in double in compressed order, C added, rounded once to f32 (then
 * to a 16-bit accumulator); integers in 64 bits, wrapped or clamped.
 * Returns -1 with *bad (D untouched) for a repeated position. */
int emu_swmmac_exec(const SwmmacOp *op, const uint64_t *a, const uint64_t *b,
                    const uint64_t *c, const uint64_t *index, uint64_t *d,
                    SwmmacBadIndex *bad);

#endif /* WMMA_EMULATOR_SWMMAC_H */
