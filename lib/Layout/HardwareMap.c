/* Hardware-exact register maps (docs/hardware.md, "Register layouts").
 * Forward map: element -> (lane, vgpr, bits); inverse: (lane, vgpr, bit) ->
 * element.  Both are closed forms; the unit tests check them against an
 * independent transcription of the document. */
#include "wmma/Layout/Layout.h"

static int valid_operand(wmma_arch arch, wmma_instr id, wmma_matrix mat) {
  return wmma_instr_available(id, arch) && (unsigned)mat < WMMA_MATRIX_COUNT;
}

static int is_ab(wmma_matrix mat) {
  return mat == WMMA_MATRIX_A || mat == WMMA_MATRIX_B;
}

int wmma_matrix_vgprs(wmma_arch arch, wmma_instr id, wmma_matrix mat) {
  if (!valid_operand(arch, id, mat))
    return 0;
  int eb = wmma_elem_bits(wmma_matrix_elem(id, mat));
  if (is_ab(mat)) {
    int k = wmma_instr_get(id)->k;
    /* RDNA3 keeps all K values of a row in each lane (replicated halves);
     * RDNA4 splits K between the two lane halves. */
    int per_lane = arch == WMMA_ARCH_RDNA3 ? k : k / 2;
    return per_lane * eb / 32;
  }
  /* C/D: 8 rows per lane; RDNA3 does not pack 16-bit accumulators. */
  if (arch == WMMA_ARCH_RDNA4 && eb == 16)
    return 4;
  return 8;
}

/* Location of A/B element with row-or-column index r (m for A, n for B) and
 * reduction index k, for one copy (RDNA3 also has lane + 16). */
static wmma_reg_loc ab_loc(wmma_arch arch, int eb, int kdim, int r, int k) {
  wmma_reg_loc loc;
  if (arch == WMMA_ARCH_RDNA3) {
    int pos = k * eb; /* all K values packed in order */
    loc.lane = r;
    loc.vgpr = pos / 32;
    loc.bit_lo = pos % 32;
  } else if (eb == 16) {
    /* Blocks of 4 K alternate between the lane halves. */
    loc.lane = r + 16 * ((k / 4) % 2);
    loc.vgpr = 2 * (k / 8) + (k / 2) % 2;
    loc.bit_lo = 16 * (k % 2);
  } else {
    /* 8-bit and 4-bit: the low half holds the first K/2 values. */
    int half = kdim / 2;
    int pos = (k % half) * eb;
    loc.lane = r + 16 * (k / half);
    loc.vgpr = pos / 32;
    loc.bit_lo = pos % 32;
  }
  loc.bit_hi = loc.bit_lo + eb - 1;
  return loc;
}

static wmma_reg_loc cd_loc(wmma_arch arch, int eb, int opsel, int m, int n) {
  wmma_reg_loc loc;
  if (arch == WMMA_ARCH_RDNA3) {
    /* Rows interleaved between lane halves; 16-bit sits in the opsel half. */
    loc.lane = n + 16 * (m % 2);
    loc.vgpr = m / 2;
    loc.bit_lo = eb == 16 ? 16 * opsel : 0;
  } else {
    /* Rows blocked: low half rows 0-7, high half rows 8-15. */
    loc.lane = n + 16 * (m / 8);
    if (eb == 16) {
      loc.vgpr = (m / 2) % 4;
      loc.bit_lo = 16 * (m % 2);
    } else {
      loc.vgpr = m % 8;
      loc.bit_lo = 0;
    }
  }
  loc.bit_hi = loc.bit_lo + eb - 1;
  return loc;
}

static int opsel_ok(wmma_arch arch, wmma_instr id, wmma_matrix mat,
                    int opsel) {
  /* Only RDNA3 16-bit accumulators use opsel; elsewhere it is ignored. */
  if (arch == WMMA_ARCH_RDNA3 && !is_ab(mat) &&
      wmma_elem_bits(wmma_matrix_elem(id, mat)) == 16)
    return opsel == 0 || opsel == 1;
  return 1;
}

int wmma_hw_locate(wmma_arch arch, wmma_instr id, wmma_matrix mat, int opsel,
                   int row, int col, wmma_reg_loc out[2]) {
  if (!valid_operand(arch, id, mat) || !opsel_ok(arch, id, mat, opsel) ||
      !out)
    return 0;
  int rows, cols;
  wmma_matrix_dims(id, mat, &rows, &cols);
  if (row < 0 || row >= rows || col < 0 || col >= cols)
    return 0;
  int eb = wmma_elem_bits(wmma_matrix_elem(id, mat));
  if (is_ab(mat)) {
    int kdim = wmma_instr_get(id)->k;
    int r = mat == WMMA_MATRIX_A ? row : col;
    int k = mat == WMMA_MATRIX_A ? col : row;
    out[0] = ab_loc(arch, eb, kdim, r, k);
    if (arch == WMMA_ARCH_RDNA3) {
      out[1] = out[0];
      out[1].lane += 16;
      return 2;
    }
    return 1;
  }
  out[0] = cd_loc(arch, eb, opsel, row, col);
  return 1;
}

int wmma_hw_element_at(wmma_arch arch, wmma_instr id, wmma_matrix mat,
                       int opsel, int lane, int vgpr, int bit, int *row,
                       int *col) {
  if (!valid_operand(arch, id, mat) || !opsel_ok(arch, id, mat, opsel))
    return 0;
  int nvgpr = wmma_matrix_vgprs(arch, id, mat);
  if (lane < 0 || lane >= 32 || vgpr < 0 || vgpr >= nvgpr || bit < 0 ||
      bit >= 32)
    return 0;
  int eb = wmma_elem_bits(wmma_matrix_elem(id, mat));
  int h = lane / 16, r = lane % 16;
  int q = bit / eb; /* element slot inside the register */
  int rr, cc;
  if (is_ab(mat)) {
    int kdim = wmma_instr_get(id)->k;
    int k;
    if (arch == WMMA_ARCH_RDNA3)
      k = (vgpr * 32 + bit) / eb;
    else if (eb == 16)
      k = 8 * (vgpr / 2) + 4 * h + 2 * (vgpr % 2) + q;
    else
      k = (kdim / 2) * h + (vgpr * 32 + bit) / eb;
    if (mat == WMMA_MATRIX_A)
      rr = r, cc = k;
    else
      rr = k, cc = r;
  } else {
    int m;
    if (arch == WMMA_ARCH_RDNA3) {
      if (eb == 16 && q != opsel)
        return 0; /* the half the instruction does not touch */
      m = 2 * vgpr + h;
    } else if (eb == 16) {
      m = 8 * h + 2 * vgpr + q;
    } else {
      m = 8 * h + vgpr;
    }
    rr = m, cc = r;
  }
  if (row)
    *row = rr;
  if (col)
    *col = cc;
  return 1;
}
