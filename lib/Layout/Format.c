/* The register maps as text: the TSV rows, the grid picture and (through
 * FormatSvg.c) the SVG picture that wmma-layout prints and the Python
 * package returns. */
#include "wmma/Layout/Layout.h"

#include "Internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void wmma_text_append(wmma_text_out *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *dst = t->len < t->cap ? t->buf + t->len : NULL;
  size_t room = t->len < t->cap ? t->cap - t->len : 0;
  int n = vsnprintf(dst, room, fmt, ap);
  va_end(ap);
  if (n > 0)
    t->len += (size_t)n;
}

int wmma_opsel_applies(wmma_arch arch, wmma_instr id, wmma_matrix mat) {
  return arch == WMMA_ARCH_RDNA3 &&
         (mat == WMMA_MATRIX_C || mat == WMMA_MATRIX_D) &&
         wmma_elem_bits(wmma_matrix_elem(id, mat)) == 16;
}

static void tsv(wmma_text_out *t, wmma_arch arch, wmma_instr id,
                wmma_matrix mat, int opsel) {
  int rows, cols;
  wmma_matrix_dims(id, mat, &rows, &cols);
  const char *name = wmma_instr_get(id)->isa_name;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      wmma_reg_loc locs[2];
      int n = wmma_hw_locate(arch, id, mat, opsel, r, c, locs);
      for (int i = 0; i < n; ++i)
        wmma_text_append(t, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\n", name,
                         wmma_matrix_name(mat), r, c, locs[i].lane,
                         locs[i].vgpr, locs[i].bit_lo, locs[i].bit_hi);
    }
}

/* Cell text, e.g. "l3|19:v2.h1": lanes, register, part of the register. */
static void format_cell(char *buf, size_t len, const wmma_reg_loc *locs, int n,
                        int elem_bits) {
  int used = 0;
  if (n == 2)
    used = snprintf(buf, len, "l%d|%d:v%d", locs[0].lane, locs[1].lane, locs[0].vgpr);
  else
    used = snprintf(buf, len, "l%d:v%d", locs[0].lane, locs[0].vgpr);
  if (used < 0 || (size_t)used >= len || elem_bits == 32)
    return;
  char part = elem_bits == 16 ? 'h' : elem_bits == 8 ? 'b' : 'n';
  snprintf(buf + used, len - (size_t)used, ".%c%d", part, locs[0].bit_lo / elem_bits);
}

void wmma_text_operand_title(wmma_text_out *t, wmma_arch arch, wmma_instr id,
                             wmma_matrix mat, int opsel) {
  int rows, cols;
  wmma_matrix_dims(id, mat, &rows, &cols);
  wmma_text_append(t, "%s %s on %s: %d x %d (rows %s, cols %s), %s, %d vgprs",
                   wmma_instr_get(id)->isa_name, wmma_matrix_name(mat),
                   wmma_arch_name(arch), rows, cols,
                   mat == WMMA_MATRIX_B ? "k" : "m",
                   mat == WMMA_MATRIX_A ? "k" : "n",
                   wmma_elem_name(wmma_matrix_elem(id, mat)),
                   wmma_matrix_vgprs(arch, id, mat));
  if (wmma_opsel_applies(arch, id, mat))
    wmma_text_append(t, ", opsel %d", opsel);
}

static void grid(wmma_text_out *t, wmma_arch arch, wmma_instr id,
                 wmma_matrix mat, int opsel) {
  int rows, cols;
  wmma_matrix_dims(id, mat, &rows, &cols);
  wmma_elem elem = wmma_matrix_elem(id, mat);
  int eb = wmma_elem_bits(elem);
  const char *row_name = mat == WMMA_MATRIX_B ? "k" : "m";
  const char *col_name = mat == WMMA_MATRIX_A ? "k" : "n";
  wmma_text_operand_title(t, arch, id, mat, opsel);
  wmma_text_append(t, "\n");
  int replicated = arch == WMMA_ARCH_RDNA3 &&
                   (mat == WMMA_MATRIX_A || mat == WMMA_MATRIX_B);
  wmma_text_append(
      t, "legend: %s:vVGPR%s = %s, operand register (0-based)%s\n",
      replicated ? "lLANE|LANE2" : "lLANE",
      eb == 32 ? "" : eb == 16 ? ".hHALF" : eb == 8 ? ".bBYTE" : ".nNIBBLE",
      replicated ? "lane and its replica lane+16" : "lane",
      eb == 32   ? ", whole 32-bit register"
      : eb == 16 ? ", 16-bit half 0-1"
      : eb == 8  ? ", byte 0-3"
                 : ", nibble 0-7");

  /* Cells are at most "l15|31:v7.h1" (12 chars); size columns to fit. */
  char cell[32];
  int width = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      wmma_reg_loc locs[2];
      int n = wmma_hw_locate(arch, id, mat, opsel, r, c, locs);
      format_cell(cell, sizeof cell, locs, n, eb);
      int w = (int)strlen(cell);
      if (w > width)
        width = w;
    }
  char corner[8];
  snprintf(corner, sizeof corner, "%s\\%s", row_name, col_name);
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
      wmma_reg_loc locs[2];
      int n = wmma_hw_locate(arch, id, mat, opsel, r, c, locs);
      format_cell(cell, sizeof cell, locs, n, eb);
      /* No trailing blanks on the last column. */
      if (c + 1 < cols)
        wmma_text_append(t, " %-*s", width, cell);
      else
        wmma_text_append(t, " %s", cell);
    }
    wmma_text_append(t, "\n");
  }
}

size_t wmma_layout_text(wmma_arch arch, wmma_instr id, wmma_matrix mat,
                        int opsel, wmma_text_format format, char *buf,
                        size_t cap) {
  wmma_text_out t = {buf, buf ? cap : 0, 0};
  if (cap && buf)
    buf[0] = 0;
  if (!wmma_instr_available(id, arch) || mat < 0 || mat >= WMMA_MATRIX_COUNT)
    return 0;
  if (!wmma_opsel_applies(arch, id, mat))
    opsel = 0;
  else if (opsel != 0 && opsel != 1)
    return 0; /* no half to show: every cell would be empty */
  switch (format) {
  case WMMA_TEXT_GRID:
    grid(&t, arch, id, mat, opsel);
    break;
  case WMMA_TEXT_SVG:
    wmma_text_svg(&t, arch, id, mat, opsel);
    break;
  case WMMA_TEXT_TSV:
    tsv(&t, arch, id, mat, opsel);
    break;
  default:
    return 0;
  }
  return t.len;
}
