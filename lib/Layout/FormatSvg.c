/* The register map of one operand as an SVG picture: the matrix as a grid,
 * each cell naming the lane(s) and the register (with the bit range for
 * packed types) that hold the element, coloured by lane; a lane legend
 * below.  Self-contained SVG 1.1 (no scripts, no external fonts), so it
 * renders the same in a browser, a notebook or rsvg. */
#include "wmma/Layout/Layout.h"

#include "Internal.h"

#include <stdio.h>

/* Geometry in pixels, sized so the 10-11 px monospace labels fit at 100%:
 * the widest second line is "v7[31:28]" (9 characters). */
enum {
  CELL_W = 64,
  CELL_H = 34,
  MARGIN_LEFT = 48, /* row numbers */
  MARGIN_RIGHT = 16,
  TITLE_Y = 22,
  GRID_TOP = 96, /* title, two note lines, column numbers */
  SWATCH_H = 22,
};

/* Lane colour: the hue follows lane % 16, scattered (x7 mod 16) so that
 * neighbouring lanes differ clearly; the upper lane half (16-31) is darker.
 * A lane and its RDNA3 replica thus share a hue. */
static void lane_colour(int lane, char out[8]) {
  double hue = (double)((lane % 16) * 7 % 16) / 16.0; /* 0..1 */
  double light = lane < 16 ? 0.86 : 0.66, sat = lane < 16 ? 0.80 : 0.62;
  /* HSL -> RGB (CSS Color 3), computed here because SVG 1.1 has no hsl(). */
  double q = light < 0.5 ? light * (1 + sat) : light + sat - light * sat;
  double p = 2 * light - q;
  int rgb[3];
  for (int i = 0; i < 3; ++i) {
    double h = hue + (1 - i) / 3.0; /* red, green, blue offsets */
    h -= h >= 1 ? 1 : h < 0 ? -1 : 0;
    double c = h < 1 / 6.0   ? p + (q - p) * 6 * h
               : h < 0.5     ? q
               : h < 2 / 3.0 ? p + (q - p) * (2 / 3.0 - h) * 6
                             : p;
    rgb[i] = (int)(c * 255 + 0.5);
  }
  snprintf(out, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

static int is_replicated(wmma_arch arch, wmma_matrix mat) {
  return arch == WMMA_ARCH_RDNA3 &&
         (mat == WMMA_MATRIX_A || mat == WMMA_MATRIX_B);
}

/* One matrix cell: background in the holding lane's colour (split in two
 * for RDNA3's replicated A/B), lane(s) on the first line, register and
 * bits on the second, the full description as a hover tooltip. */
static void cell(wmma_text_out *t, int x, int y, int row, int col,
                 const wmma_reg_loc *locs, int n, const wmma_map_view *v) {
  char colour[8], colour2[8];
  wmma_text_append(t, "<g><title>%s[%s=%d][%s=%d]: lane %d", v->matrix,
                   v->row_name, row, v->col_name, col, locs[0].lane);
  if (n == 2)
    wmma_text_append(t, " and lane %d", locs[1].lane);
  wmma_text_append(t, ", v%d bits %d..%d</title>", locs[0].vgpr,
                   locs[0].bit_lo, locs[0].bit_hi);
  lane_colour(locs[0].lane, colour);
  int cx = x + CELL_W / 2, y1 = y + 14, y2 = y + 28;
  if (n == 2) {
    lane_colour(locs[1].lane, colour2);
    wmma_text_append(t,
                     "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                     "fill=\"%s\"/><rect x=\"%d\" y=\"%d\" width=\"%d\" "
                     "height=\"%d\" fill=\"%s\"/>",
                     x, y, CELL_W / 2, CELL_H, colour, x + CELL_W / 2, y,
                     CELL_W / 2, CELL_H, colour2);
    wmma_text_append(t,
                     "<text x=\"%d\" y=\"%d\" class=\"l\">l%d</text>"
                     "<text x=\"%d\" y=\"%d\" class=\"l\">l%d</text>",
                     x + CELL_W / 4, y1, locs[0].lane, x + 3 * CELL_W / 4, y1,
                     locs[1].lane);
  } else {
    wmma_text_append(t,
                     "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                     "fill=\"%s\"/><text x=\"%d\" y=\"%d\" class=\"l\">l%d"
                     "</text>",
                     x, y, CELL_W, CELL_H, colour, cx, y1, locs[0].lane);
  }
  if (locs[0].bit_lo == 0 && locs[0].bit_hi == 31)
    wmma_text_append(t, "<text x=\"%d\" y=\"%d\" class=\"r\">v%d</text></g>\n",
                     cx, y2, locs[0].vgpr);
  else
    wmma_text_append(t,
                     "<text x=\"%d\" y=\"%d\" class=\"r\">v%d[%d:%d]</text>"
                     "</g>\n",
                     cx, y2, locs[0].vgpr, locs[0].bit_hi, locs[0].bit_lo);
}

/* What is special about a dense operand, in one line. */
static const char *dense_note(wmma_arch arch, wmma_instr id, wmma_matrix mat,
                              int opsel) {
  const char *second;
  if (is_replicated(arch, mat))
    second = "RDNA3 replicates A/B: every element is held by lane l (left) "
             "and by lane l+16 (right), which must hold the same value.";
  else if (wmma_opsel_applies(arch, id, mat))
    second = opsel ? "16-bit results in the upper half (OPSEL[2] = 1); the "
                     "lower half of each register is left untouched."
                   : "16-bit results in the lower half (OPSEL[2] = 0); the "
                     "upper half of each register is left untouched.";
  else if (arch == WMMA_ARCH_RDNA3)
    second = "RDNA3 accumulators interleave rows: even rows in lanes 0-15, "
             "odd rows in lanes 16-31.";
  else if (mat == WMMA_MATRIX_C || mat == WMMA_MATRIX_D)
    second = "RDNA4 accumulators block rows: rows 0-7 in lanes 0-15, rows "
             "8-15 in lanes 16-31.";
  else
    second = "RDNA4 splits K between the lane halves: every element is held "
             "by exactly one lane.";
  return second;
}

/* What a cell says and what is special about this operand, in two lines. */
static void notes(wmma_text_out *t, const wmma_map_view *v) {
  wmma_text_append(t, "<text x=\"%d\" y=\"%d\" class=\"n\">Cell: lane (l) "
                   "holding the element; register of the operand (v, "
                   "0-based)%s. Colour: lane.</text>\n",
                   MARGIN_LEFT, TITLE_Y + 20,
                   v->elem_bits == 32 ? "" : " and its bits [hi:lo]");
  wmma_text_append(t, "<text x=\"%d\" y=\"%d\" class=\"n\">%s</text>\n",
                   MARGIN_LEFT, TITLE_Y + 38, v->note);
}

/* Two rows of 16 swatches, lanes 0-15 above 16-31, under the grid. */
static void lane_legend(wmma_text_out *t, int top) {
  wmma_text_append(t, "<text x=\"%d\" y=\"%d\" class=\"n\">Lanes</text>\n",
                   MARGIN_LEFT, top - 6);
  for (int lane = 0; lane < 32; ++lane) {
    char colour[8];
    lane_colour(lane, colour);
    int x = MARGIN_LEFT + (lane % 16) * CELL_W;
    int y = top + (lane / 16) * SWATCH_H;
    wmma_text_append(t,
                     "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                     "fill=\"%s\"/><text x=\"%d\" y=\"%d\" class=\"l\">%d"
                     "</text>\n",
                     x, y, CELL_W, SWATCH_H, colour, x + CELL_W / 2, y + 15,
                     lane);
  }
  wmma_text_append(t,
                   "<path d=\"M%d %dh%d\" class=\"sep\"/>\n", MARGIN_LEFT,
                   top + SWATCH_H, 16 * CELL_W);
}

static int dense_locate(const wmma_map_view *v, int row, int col,
                        wmma_reg_loc out[2]) {
  return wmma_hw_locate(v->arch, v->id, v->mat, v->opsel, row, col, out);
}

static void dense_title(wmma_text_out *t, const wmma_map_view *v) {
  wmma_text_operand_title(t, v->arch, v->id, v->mat, v->opsel);
}

void wmma_text_svg(wmma_text_out *t, wmma_arch arch, wmma_instr id,
                   wmma_matrix mat, int opsel) {
  wmma_map_view v = {0};
  wmma_matrix_dims(id, mat, &v.rows, &v.cols);
  v.elem_bits = wmma_elem_bits(wmma_matrix_elem(id, mat));
  v.matrix = wmma_matrix_name(mat);
  v.row_name = mat == WMMA_MATRIX_B ? "k" : "m";
  v.col_name = mat == WMMA_MATRIX_A ? "k" : "n";
  v.note = dense_note(arch, id, mat, opsel);
  v.title = dense_title;
  v.locate = dense_locate;
  v.arch = arch, v.id = id, v.mat = mat, v.opsel = opsel;
  wmma_text_svg_view(t, &v);
}

void wmma_text_svg_view(wmma_text_out *t, const wmma_map_view *v) {
  int rows = v->rows, cols = v->cols;
  /* Every operand has at least 16 columns, so the legend fits the grid. */
  int width = MARGIN_LEFT + cols * CELL_W + MARGIN_RIGHT;
  int legend_top = GRID_TOP + rows * CELL_H + 40;
  int height = legend_top + 2 * SWATCH_H + 16;
  wmma_text_append(
      t,
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
      "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans Mono, Menlo, "
      "Consolas, monospace\">\n"
      "<style>text{fill:#111}.t{font-size:14px;font-weight:bold}"
      ".n{font-size:12px}.h{font-size:11px;text-anchor:middle;fill:#555}"
      ".l{font-size:11px;text-anchor:middle;font-weight:bold}"
      ".r{font-size:10px;text-anchor:middle}"
      ".grid{fill:none;stroke:#fff;stroke-width:1}"
      ".sep{fill:none;stroke:#222;stroke-width:2}</style>\n"
      "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
      width, height, width, height);
  wmma_text_append(t, "<text x=\"%d\" y=\"%d\" class=\"t\">", MARGIN_LEFT,
                   TITLE_Y);
  v->title(t, v);
  wmma_text_append(t, "</text>\n");
  notes(t, v);

  /* Axis names in the corner, then column and row numbers. */
  wmma_text_append(t, "<text x=\"%d\" y=\"%d\" class=\"h\">%s\\%s</text>\n",
                   MARGIN_LEFT / 2, GRID_TOP - 8, v->row_name, v->col_name);
  for (int c = 0; c < cols; ++c)
    wmma_text_append(t, "<text x=\"%d\" y=\"%d\" class=\"h\">%d</text>\n",
                     MARGIN_LEFT + c * CELL_W + CELL_W / 2, GRID_TOP - 8, c);
  for (int r = 0; r < rows; ++r)
    wmma_text_append(t, "<text x=\"%d\" y=\"%d\" class=\"h\">%d</text>\n",
                     MARGIN_LEFT / 2, GRID_TOP + r * CELL_H + CELL_H / 2 + 4,
                     r);

  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      wmma_reg_loc locs[2];
      int n = v->locate(v, r, c, locs);
      if (n > 0)
        cell(t, MARGIN_LEFT + c * CELL_W, GRID_TOP + r * CELL_H, r, c, locs,
             n, v);
    }

  /* White lines between cells, and a frame around the matrix. */
  wmma_text_append(t, "<path class=\"grid\" d=\"");
  for (int c = 1; c < cols; ++c)
    wmma_text_append(t, "M%d %dv%d", MARGIN_LEFT + c * CELL_W, GRID_TOP,
                     rows * CELL_H);
  for (int r = 1; r < rows; ++r)
    wmma_text_append(t, "M%d %dh%d", MARGIN_LEFT, GRID_TOP + r * CELL_H,
                     cols * CELL_W);
  wmma_text_append(t, "\"/>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" "
                   "height=\"%d\" class=\"sep\"/>\n",
                   MARGIN_LEFT, GRID_TOP, cols * CELL_W, rows * CELL_H);
  lane_legend(t, legend_top);
  wmma_text_append(t, "</svg>\n");
}
