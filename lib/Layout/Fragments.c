/* Fragment conventions: which tile element each (lane, value) of a per-lane
 * vector holds, for the HW, KCONTIG and COMPACT layouts (see Layout.h). */
#include "wmma/Layout/Layout.h"

#include "Internal.h"

static int is_ab(wmma_matrix mat) {
  return mat == WMMA_MATRIX_A || mat == WMMA_MATRIX_B;
}

/* RDNA3 f16/bf16 accumulators: the only operands where opsel means anything. */
static int has_opsel_half(const wmma_frag_desc *f) {
  return f->arch == WMMA_ARCH_RDNA3 && !is_ab(f->matrix) &&
         wmma_elem_bits(wmma_matrix_elem(f->instr, f->matrix)) == 16;
}

int wmma_frag_check(const wmma_frag_desc *f, char *msg, size_t msg_len) {
  if (!f) {
    wmma_set_msg(msg, msg_len, "null fragment descriptor");
    return -1;
  }
  if (f->arch != WMMA_ARCH_RDNA3 && f->arch != WMMA_ARCH_RDNA4) {
    wmma_set_msg(msg, msg_len, "unknown architecture (expected rdna3 or rdna4)");
    return -1;
  }
  const wmma_instr_info *info = wmma_instr_get(f->instr);
  if (!info) {
    wmma_set_msg(msg, msg_len, "unknown instruction");
    return -1;
  }
  if (!wmma_instr_available(f->instr, f->arch)) {
    wmma_set_msg(msg, msg_len, "%s is RDNA4-only (gfx12), not available on %s",
                 info->isa_name, wmma_arch_name(f->arch));
    return -1;
  }
  if ((unsigned)f->matrix >= WMMA_MATRIX_COUNT) {
    wmma_set_msg(msg, msg_len, "invalid matrix role");
    return -1;
  }
  if ((unsigned)f->layout >= WMMA_LAYOUT_COUNT) {
    wmma_set_msg(msg, msg_len, "invalid layout kind");
    return -1;
  }
  if (f->layout != WMMA_LAYOUT_HW && !is_ab(f->matrix)) {
    wmma_set_msg(msg, msg_len,
                 "layout %s applies only to A/B operands, not %s (use hw)",
                 wmma_layout_name(f->layout), wmma_matrix_name(f->matrix));
    return -1;
  }
  if (f->layout == WMMA_LAYOUT_COMPACT && f->arch != WMMA_ARCH_RDNA3) {
    wmma_set_msg(msg, msg_len,
                 "layout compact exists only on rdna3 (rdna4 A/B are not "
                 "replicated; use hw or kcontig)");
    return -1;
  }
  if (f->opsel != 0 && f->opsel != 1) {
    wmma_set_msg(msg, msg_len, "opsel must be 0 or 1 (got %d)", f->opsel);
    return -1;
  }
  if (f->opsel != 0 && !has_opsel_half(f)) {
    wmma_set_msg(msg, msg_len,
                 "opsel applies only to 16-bit accumulators (C/D) on rdna3");
    return -1;
  }
  if (f->transposed != 0 && f->transposed != 1) {
    wmma_set_msg(msg, msg_len, "transposed must be 0 or 1");
    return -1;
  }
  return 0;
}

int wmma_frag_length(const wmma_frag_desc *f) {
  if (wmma_frag_check(f, NULL, 0) != 0)
    return 0;
  if (f->layout == WMMA_LAYOUT_COMPACT)
    return wmma_instr_get(f->instr)->k / 2;
  int eb = wmma_elem_bits(wmma_matrix_elem(f->instr, f->matrix));
  return wmma_matrix_vgprs(f->arch, f->instr, f->matrix) * 32 / eb;
}

wmma_elem wmma_frag_elem(const wmma_frag_desc *f) {
  if (!f)
    return WMMA_ELEM_COUNT;
  return wmma_matrix_elem(f->instr, f->matrix);
}

void wmma_frag_dims(const wmma_frag_desc *f, int *rows, int *cols) {
  int r = 0, c = 0;
  if (f)
    wmma_matrix_dims(f->instr, f->matrix, &r, &c);
  if (f && f->transposed) {
    int t = r;
    r = c;
    c = t;
  }
  if (rows)
    *rows = r;
  if (cols)
    *cols = c;
}

/* Role-matrix element (before the transposed flag) of value v in lane l of
 * a descriptor already known to be valid. */
static int role_coord(const wmma_frag_desc *f, int lane, int v, int *row,
                      int *col) {
  int len = wmma_frag_length(f);
  if (lane < 0 || lane >= 32 || v < 0 || v >= len)
    return 0;
  int kdim = wmma_instr_get(f->instr)->k;
  int h = lane / 16, r = lane % 16, k;
  switch (f->layout) {
  case WMMA_LAYOUT_KCONTIG:
    if (f->arch == WMMA_ARCH_RDNA4) {
      k = (kdim / 2) * h + v;
      break;
    }
    /* RDNA3: every lane holds all K in order, which is HW. */
    /* fallthrough */
  case WMMA_LAYOUT_HW: {
    int eb = wmma_elem_bits(wmma_matrix_elem(f->instr, f->matrix));
    return wmma_hw_element_at(f->arch, f->instr, f->matrix, f->opsel, lane,
                              v * eb / 32, (v * eb) % 32, row, col);
  }
  case WMMA_LAYOUT_COMPACT:
    k = (kdim / 2) * h + v;
    break;
  default:
    return 0;
  }
  if (f->matrix == WMMA_MATRIX_A)
    *row = r, *col = k;
  else
    *row = k, *col = r;
  return 1;
}

int wmma_frag_coord(const wmma_frag_desc *f, int lane, int v, int *row,
                    int *col) {
  if (wmma_frag_check(f, NULL, 0) != 0)
    return 0;
  int rr, cc;
  if (!role_coord(f, lane, v, &rr, &cc))
    return 0;
  if (f->transposed) {
    int t = rr;
    rr = cc;
    cc = t;
  }
  if (row)
    *row = rr;
  if (col)
    *col = cc;
  return 1;
}

int wmma_frag_affine(const wmma_frag_desc *f, int v, int *r0, int *rr,
                     int *rh, int *c0, int *cr, int *ch) {
  if (wmma_frag_check(f, NULL, 0) != 0)
    return -1; /* neither "unused" nor a map */
  int row0, col0, row1, col1, row16, col16;
  int used0 = wmma_frag_coord(f, 0, v, &row0, &col0);
  if (!used0) {
    /* Unused only if no lane uses it; a partly used value is not affine. */
    for (int l = 1; l < 32; ++l)
      if (wmma_frag_coord(f, l, v, NULL, NULL))
        return -1;
    return 0;
  }
  if (!wmma_frag_coord(f, 1, v, &row1, &col1) ||
      !wmma_frag_coord(f, 16, v, &row16, &col16))
    return -1;
  int a_rr = row1 - row0, a_rh = row16 - row0;
  int a_cr = col1 - col0, a_ch = col16 - col0;
  for (int l = 0; l < 32; ++l) {
    int row, col;
    if (!wmma_frag_coord(f, l, v, &row, &col))
      return -1;
    if (row != row0 + a_rr * (l % 16) + a_rh * (l / 16) ||
        col != col0 + a_cr * (l % 16) + a_ch * (l / 16))
      return -1;
  }
  if (r0)
    *r0 = row0;
  if (rr)
    *rr = a_rr;
  if (rh)
    *rh = a_rh;
  if (c0)
    *c0 = col0;
  if (cr)
    *cr = a_cr;
  if (ch)
    *ch = a_ch;
  return 1;
}

/* K index of a role coordinate: the column of A, the row of B. */
static int k_of(wmma_matrix mat, int row, int col) {
  return mat == WMMA_MATRIX_A ? col : row;
}

int wmma_k_orders_agree(const wmma_frag_desc *a, const wmma_frag_desc *b) {
  if (wmma_frag_check(a, NULL, 0) != 0 || wmma_frag_check(b, NULL, 0) != 0)
    return 0;
  if (!is_ab(a->matrix) || !is_ab(b->matrix) || a->arch != b->arch ||
      wmma_instr_get(a->instr)->k != wmma_instr_get(b->instr)->k)
    return 0;
  int len = wmma_frag_length(a);
  if (len != wmma_frag_length(b))
    return 0;
  /* The product pairs value v of lane l of A with value v of lane l of B, so
   * both must name the same k everywhere. */
  for (int l = 0; l < 32; ++l)
    for (int v = 0; v < len; ++v) {
      int ar, ac, br, bc;
      int ua = role_coord(a, l, v, &ar, &ac);
      int ub = role_coord(b, l, v, &br, &bc);
      if (ua != ub)
        return 0;
      if (ua && k_of(a->matrix, ar, ac) != k_of(b->matrix, br, bc))
        return 0;
    }
  return 1;
}
