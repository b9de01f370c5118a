/* The sparse (v_swmmac) register maps as text: TSV rows in the form of
 * AMD's calculator (A and the index operand "K" by logical element: the
 * register bits of its group of four K), the grid picture and the SVG
 * picture (through FormatSvg.c). */
#include "wmma/Layout/Layout.h"

#include "Internal.h"

#include <stdio.h>
#include <string.h>

/* Bits one located cell spans: A the two compressed values of a group, the
 * index operand their two 2-bit positions. */
static int cell_bits(wmma_sparse_instr id, wmma_sparse_operand op) {
  const wmma_sparse_info *s = wmma_sparse_get(id);
  switch (op) {
  case WMMA_SPARSE_A:
    return 2 * wmma_elem_bits(s->a);
  case WMMA_SPARSE_B:
    return wmma_elem_bits(s->b);
  case WMMA_SPARSE_INDEX:
    return 4;
  default:
    return wmma_elem_bits(s->c);
  }
}

static const char *row_name(wmma_sparse_operand op) {
  return op == WMMA_SPARSE_B ? "k" : "m";
}

static const char *col_name(wmma_sparse_operand op) {
  return op == WMMA_SPARSE_A || op == WMMA_SPARSE_INDEX ? "k" : "n";
}

static void title(wmma_text_out *t, wmma_sparse_instr id,
                  wmma_sparse_operand op) {
  const wmma_sparse_info *s = wmma_sparse_get(id);
  int rows, cols;
  wmma_sparse_dims(id, op, &rows, &cols);
  const char *what =
      op == WMMA_SPARSE_A       ? wmma_elem_name(s->a)
      : op == WMMA_SPARSE_B     ? wmma_elem_name(s->b)
      : op == WMMA_SPARSE_INDEX ? "2-bit positions"
                                : wmma_elem_name(s->c);
  wmma_text_append(t, "%s %s on rdna4: %d x %d (rows %s, cols %s), %s, %d vgpr%s",
                   s->isa_name, wmma_sparse_operand_name(op), rows, cols,
                   row_name(op), col_name(op), what, wmma_sparse_vgprs(id, op),
                   wmma_sparse_vgprs(id, op) == 1 ? "" : "s");
  if (op == WMMA_SPARSE_A)
    wmma_text_append(t, ", 2:4 compressed (%d values per row)", s->k / 2);
}

static const char *note(wmma_sparse_operand op) {
  switch (op) {
  case WMMA_SPARSE_A:
    return "2:4 sparse A: each group of 4 K is held compressed, its two "
           "nonzeros in the register bits shown (in K order).";
  case WMMA_SPARSE_INDEX:
    return "Index operand: per group of 4 K, two 2-bit positions (the low "
           "one for the first compressed value) in the bits shown.";
  case WMMA_SPARSE_B:
    return "Dense B: every element is held by exactly one lane.";
  default:
    return "RDNA4 accumulators block rows: rows 0-7 in lanes 0-15, rows "
           "8-15 in lanes 16-31.";
  }
}

static void tsv(wmma_text_out *t, wmma_sparse_instr id,
                wmma_sparse_operand op) {
  int rows, cols;
  wmma_sparse_dims(id, op, &rows, &cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      wmma_reg_loc l;
      if (wmma_sparse_locate(id, op, r, c, &l))
        wmma_text_append(t, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\n",
                         wmma_sparse_get(id)->isa_name,
                         wmma_sparse_operand_name(op), r, c, l.lane, l.vgpr,
                         l.bit_lo, l.bit_hi);
    }
}

/* "l16:v2" or "l16:v2[15:8]" (bits unless the whole register). */
static void format_cell(char *buf, size_t len, const wmma_reg_loc *l) {
  if (l->bit_lo == 0 && l->bit_hi == 31)
    snprintf(buf, len, "l%d:v%d", l->lane, l->vgpr);
  else
    snprintf(buf, len, "l%d:v%d[%d:%d]", l->lane, l->vgpr, l->bit_hi,
             l->bit_lo);
}

static void grid(wmma_text_out *t, wmma_sparse_instr id,
                 wmma_sparse_operand op) {
  int rows, cols;
  wmma_sparse_dims(id, op, &rows, &cols);
  title(t, id, op);
  wmma_text_append(t, "\nlegend: lLANE:vVGPR[HI:LO] = lane, operand register "
                      "(0-based), bits unless the whole register\nnote: %s\n",
                   note(op));
  char cell[32];
  int width = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      wmma_reg_loc l;
      wmma_sparse_locate(id, op, r, c, &l);
      format_cell(cell, sizeof cell, &l);
      int w = (int)strlen(cell);
      width = w > width ? w : width;
    }
  char corner[8];
  snprintf(corner, sizeof corner, "%s\\%s", row_name(op), col_name(op));
  wmma_text_append(t, "%4s", corner);
  for (int c = 0; c < cols; ++c)
    if (c + 1 < cols)
      wmma_text_append(t, " %-*d", width, c);
    else
      wmma_text_append(t, " %d", c);
  wmma_text_append(t, "\n");
  for (int r = 0; r < rows; ++r) {
    wmma_text_append(t, "%4d", r);
    for (int c = 0; c < cols; ++c) {
      wmma_reg_loc l;
      wmma_sparse_locate(id, op, r, c, &l);
      format_cell(cell, sizeof cell, &l);
      if (c + 1 < cols) /* no trailing blanks on the last column */
        wmma_text_append(t, " %-*s", width, cell);
      else
        wmma_text_append(t, " %s", cell);
    }
    wmma_text_append(t, "\n");
  }
}

static int view_locate(const wmma_map_view *v, int row, int col,
                       wmma_reg_loc out[2]) {
  return wmma_sparse_locate(v->sparse_id, v->sparse_op, row, col, out);
}

static void view_title(wmma_text_out *t, const wmma_map_view *v) {
  title(t, v->sparse_id, v->sparse_op);
}

size_t wmma_sparse_layout_text(wmma_sparse_instr id, wmma_sparse_operand op,
                               wmma_text_format format, char *buf,
                               size_t cap) {
  wmma_text_out t = {buf, buf ? cap : 0, 0};
  if (cap && buf)
    buf[0] = 0;
  if (!wmma_sparse_get(id) || (unsigned)op >= WMMA_SPARSE_OPERAND_COUNT)
    return 0;
  switch (format) {
  case WMMA_TEXT_TSV:
    tsv(&t, id, op);
    break;
  case WMMA_TEXT_GRID:
    grid(&t, id, op);
    break;
  case WMMA_TEXT_SVG: {
    wmma_map_view v = {0};
    wmma_sparse_dims(id, op, &v.rows, &v.cols);
    v.elem_bits = cell_bits(id, op);
    v.matrix = wmma_sparse_operand_name(op);
    v.row_name = row_name(op);
    v.col_name = col_name(op);
    v.note = note(op);
    v.title = view_title;
    v.locate = view_locate;
    v.arch = WMMA_ARCH_RDNA4;
    v.sparse_id = id;
    v.sparse_op = op;
    wmma_text_svg_view(&t, &v);
    break;
  }
  default:
    return 0;
  }
  return t.len;
}
