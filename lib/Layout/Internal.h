/* Helpers shared by the layout engine's files (not part of the API). */
#ifndef WMMA_LAYOUT_INTERNAL_H
#define WMMA_LAYOUT_INTERNAL_H

#include "wmma/Layout/Layout.h"

#include <stddef.h>

/* Formats an explanation into msg (which may be NULL or empty). */
void wmma_set_msg(char *msg, size_t msg_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* snprintf-style text builder behind wmma_layout_text: writes what fits
 * into buf[0..cap) and counts everything, so a first call with cap 0
 * measures. */
typedef struct {
  char *buf;
  size_t cap, len;
} wmma_text_out;

void wmma_text_append(wmma_text_out *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* One line naming the operand, shared by the grid and the SVG title:
 * "v_wmma_f32_16x16x16_f16 A on rdna3: 16 x 16 (rows m, cols k), f16,
 * 8 vgprs[, opsel N]" (no newline). */
void wmma_text_operand_title(wmma_text_out *t, wmma_arch arch, wmma_instr id,
                             wmma_matrix mat, int opsel);

/* The SVG picture of one operand (FormatSvg.c). */
void wmma_text_svg(wmma_text_out *t, wmma_arch arch, wmma_instr id,
                   wmma_matrix mat, int opsel);

/* One operand's map as the SVG picture draws it, dense or sparse: its
 * logical dims and axis names, the width of a cell's bits, a note on what
 * is special about it, and how to title it and locate an element (1 or 2
 * copies, 0 for none). */
typedef struct wmma_map_view wmma_map_view;
struct wmma_map_view {
  int rows, cols;
  int elem_bits; /* bits one cell's location spans (32: whole registers) */
  const char *matrix, *row_name, *col_name, *note;
  void (*title)(wmma_text_out *t, const wmma_map_view *v);
  int (*locate)(const wmma_map_view *v, int row, int col, wmma_reg_loc out[2]);
  /* The operand behind the callbacks. */
  wmma_arch arch;
  wmma_instr id;
  wmma_matrix mat;
  int opsel;
  wmma_sparse_instr sparse_id;
  wmma_sparse_operand sparse_op;
};
void wmma_text_svg_view(wmma_text_out *t, const wmma_map_view *v);

#endif /* WMMA_LAYOUT_INTERNAL_H */
