/* WMMA semantics (above Scalar.h; the register layouts come from the
 * layout engine): an instruction prepared once per call site, executed on
 * full-wave operand slots. */
#ifndef WMMA_EMULATOR_WMMA_H
#define WMMA_EMULATOR_WMMA_H

#include "Scalar.h"
#include "wmma/Layout/Layout.h"

/* An instruction prepared for one architecture: where every matrix element
 * sits in the operand slots, as a flat index elem * 32 + lane and a bit
 * shift inside the element. */
typedef struct WmmaOp {
  wmma_instr id;
  int k;
  int sign_a, sign_b, clamp;
  int ew_a, ew_b;             /* element width of the LLVM A/B operand vectors */
  int bits_a, bits_b, bits_c; /* matrix element widths */
  int ncopy;                  /* A/B copies: 2 on RDNA3 (lanes l, l+16), 1 on RDNA4 */
  uint32_t n_a, n_b, n_c;     /* slots of the A, B and C/D operands */
  uint8_t plain_a, plain_b;   /* 16-bit elements, one per slot (no shifts) */
  uint8_t cd_full;            /* D's outputs cover every bit of its slots */
  uint16_t a_idx[2][16][32];  /* [copy][m][k] */
  uint8_t a_sh[2][16][32];
  uint16_t b_idx[2][32][16];  /* [copy][k][n] */
  uint8_t b_sh[2][32][16];
  uint16_t cd_idx[16][16];    /* [m][n] */
  uint8_t cd_sh[16][16];
  uint8_t cd_half[16][16];    /* lane half (0/1) holding D[m][n] */
} WmmaOp;

WmmaOp *emu_wmma_prepare(wmma_instr id, wmma_arch arch, int opsel,
                         int sign_a, int sign_b, int clamp, int ew_a, int ew_b,
                         int ew_c);

/* Why an RDNA3 WMMA was refused: an A/B element whose copies in lanes l and
 * l+16 differ, and an output on which the two readings disagree. */
typedef struct {
  char operand; /* 'A' or 'B' */
  int lane, lane_hi;
  uint32_t value, value_hi;
  int vgpr, bit_lo, bit_hi;
  int m, n;                 /* the output */
  uint32_t d_low, d_own;    /* its bits from the low copies / its half's own */
} WmmaMismatch;

/* D = A*B + C on full-wave operand slots (n_c slots of C/D); -1 with *mm
 * when RDNA3 lane halves differ and the two readings the ISA leaves open
 * give different results (D is then incomplete). */
int emu_wmma_exec(const WmmaOp *op, const uint64_t *a, const uint64_t *b,
                  const uint64_t *c, uint64_t *d, uint32_t n_c,
                  WmmaMismatch *mm);

#endif /* WMMA_EMULATOR_WMMA_H */
