/* wmma-layout: print where every element of a WMMA operand lives (lane,
 * register, bits), as TSV for scripts, as a text grid, or as pictures (SVG,
 * or an HTML page of SVGs) for humans.  All facts and all drawing come from
 * the layout engine (wmma/Layout/Layout.h). */
#include "wmma/Layout/Layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const usage_text =
    "usage: wmma-layout (--chip gfxNNNN | --arch rdna3|rdna4) [options]\n"
    "\n"
    "Print the hardware register layout of WMMA operands (wave32).\n"
    "\n"
    "  --chip NAME      target chip (gfx1100 ... gfx1201)\n"
    "  --arch NAME      target architecture: rdna3 (gfx11) or rdna4 (gfx12)\n"
    "  --instr NAME     ISA instruction name, e.g. v_wmma_f32_16x16x16_f16\n"
    "                   or (rdna4) v_swmmac_f32_16x16x32_f16\n"
    "                   (default: every dense instruction of the architecture)\n"
    "  --sparse         every sparse v_swmmac instruction instead (rdna4)\n"
    "  --matrix M       A, B, C or D (default: all four; sparse instructions\n"
    "                   also K, the index operand: default all five)\n"
    "  --opsel N        0 or 1: half used by RDNA3 16-bit accumulators\n"
    "                   (C/D of f16/bf16 accumulators; ignored elsewhere)\n"
    "  --format F       tsv (default), grid, svg or html: svg draws one\n"
    "                   operand (give --instr and --matrix); html is a page\n"
    "                   with one SVG picture per selected operand\n"
    "  --info           print the architecture's traits instead of a map;\n"
    "                   with --chip also the chip's resources and the\n"
    "                   published limits and WMMA peaks of its products\n"
    "  --help           show this text\n"
    "\n"
    "TSV columns: instruction, matrix, row, col, lane, vgpr, bit_lo, bit_hi\n"
    "((row, col) is (m, k) for A, (k, n) for B, (m, n) for C/D; vgpr is\n"
    "0-based inside the operand; bits are inclusive).  One row per element\n"
    "and lane holding it (RDNA3 A/B live in lanes l and l+16).  Sparse A\n"
    "and K rows name the register bits of the element's group of four K\n"
    "(A: its two compressed values; K: their two 2-bit positions), as AMD's\n"
    "matrix instruction calculator prints them.\n";

#define TOOL "wmma-layout"

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, TOOL ": error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", usage_text);
  return 2;
}

/* "v_a, v_b, ..." for the instructions available on arch. */
static void list_instructions(FILE *out, wmma_arch arch) {
  int first = 1;
  for (int i = 0; i < WMMA_INSTR_COUNT; ++i)
    if (wmma_instr_available((wmma_instr)i, arch)) {
      fprintf(out, "%s%s", first ? "" : ", ",
              wmma_instr_get((wmma_instr)i)->isa_name);
      first = 0;
    }
  for (int i = 0; i < WMMA_SPARSE_COUNT; ++i)
    if (wmma_sparse_available((wmma_sparse_instr)i, arch))
      fprintf(out, ", %s", wmma_sparse_get((wmma_sparse_instr)i)->isa_name);
}

static const char *yes_no(int b) { return b ? "yes" : "no"; }

/* --info: the arch traits row, and with a chip its resources and SKUs. */
static void print_info(wmma_arch arch, const char *chip_name) {
  const wmma_arch_traits *t = wmma_arch_traits_get(arch);
  printf("architecture: %s\n", wmma_arch_name(arch));
  printf("  wave size: %d\n", t->wave_size);
  printf("  A/B replicated in both lane halves: %s\n",
         yes_no(wmma_arch_replicates_ab(arch)));
  printf("  A/B K split between lane halves: %s\n",
         yes_no(wmma_arch_splits_k(arch)));
  printf("  A/B layout of kernels: %s\n",
         wmma_layout_name(wmma_arch_ab_layout(arch)));
  printf("  16-bit accumulators in OPSEL halves: %s\n",
         yes_no(wmma_arch_acc16_opsel_halves(arch)));
  printf("  accumulator rows interleaved between lane halves: %s\n",
         yes_no(wmma_arch_acc_rows_interleaved(arch)));
  printf("  fp8/bf8 WMMA: %s\n", yes_no(wmma_arch_has_fp8(arch)));
  printf("  sparse WMMA (v_swmmac): %s\n", yes_no(wmma_arch_has_sparse(arch)));
  printf("  LDS: %d banks x %d bytes, %d KiB per WGP, %d KiB per workgroup, "
         "%d bytes/clock/CU (writes %d more)\n",
         t->lds_banks, t->lds_bank_bytes, t->lds_bytes_per_wgp / 1024,
         t->lds_bytes_per_workgroup / 1024, t->lds_bytes_per_clk_per_cu,
         t->lds_write_bytes_per_clk_per_cu);
  printf("  LDS bytes per lane access: 4-bit %d, 8-bit %d, 16-bit %d, "
         "32-bit %d\n",
         wmma_arch_lds_unit_bytes(arch, 4), wmma_arch_lds_unit_bytes(arch, 8),
         wmma_arch_lds_unit_bytes(arch, 16),
         wmma_arch_lds_unit_bytes(arch, 32));
  printf("  transposing copy: VALU per block 8-bit %d, 16-bit %d\n",
         wmma_arch_xpose_valu(arch, 1),
         wmma_arch_xpose_valu(arch, 2));
  printf("  SIMDs per CU: %d, CUs per WGP: %d, waves per SIMD: %d, VGPRs per "
         "wave: %d\n",
         t->simds_per_cu, t->cus_per_wgp, t->max_waves_per_simd,
         t->max_vgprs_per_wave);
  printf("  VALU instructions/clock/SIMD: %d (single issue)\n",
         t->valu_instr_per_clk_per_simd);
  printf("  VALU FLOPs/clock/CU: fp32 %d (dual issue %d), fp16 packed %d, "
         "fp64 ",
         t->valu_fp32_flops_per_clk_per_cu,
         t->valu_fp32_dual_flops_per_clk_per_cu,
         t->valu_fp16_packed_flops_per_clk_per_cu);
  if (t->valu_fp64_flops_per_clk_per_cu)
    printf("%d\n", t->valu_fp64_flops_per_clk_per_cu);
  else
    printf("not published\n");
  printf("  WMMA issue cycles per SIMD:\n");
  for (int i = 0; i < WMMA_INSTR_COUNT; ++i)
    if (t->wmma_issue_cycles[i])
      printf("    %s %d\n", wmma_instr_get((wmma_instr)i)->isa_name,
             t->wmma_issue_cycles[i]);
  if (t->sparse_wmma)
    printf("  v_swmmac issue cycles per SIMD: 16-bit %d, 8/4-bit %d\n",
           t->swmmac_16bit_issue_cycles, t->swmmac_8bit_issue_cycles);
  if (!chip_name)
    return;
  const wmma_chip_info *c = wmma_chip_get(chip_name);
  printf("chip: %s\n", c->name);
  printf("  compute units: %d (largest part: %s)\n", c->compute_units,
         c->largest ? c->largest->product : "none published");
  printf("  VGPRs per SIMD: %d (allocation granule %d)\n", c->vgprs_per_simd,
         c->vgpr_alloc_granule);
  printf("  LDS per workgroup: %d bytes\n", c->lds_bytes);
  for (int i = 0; i < wmma_sku_count(); ++i) {
    const wmma_sku_info *s = wmma_sku_at(i);
    if (strcmp(s->chip, c->name) != 0)
      continue;
    printf("part: %s (%s)\n", s->product, s->key);
    printf("  compute units: %d\n", s->compute_units);
    printf("  clock: boost %d MHz, game ", s->boost_clock_mhz);
    if (s->game_clock_mhz)
      printf("%d MHz\n", s->game_clock_mhz);
    else
      printf("not published\n");
    printf("  DRAM: %.1f GB/s", s->dram_bytes_per_s / 1e9);
    if (s->dram_measured_bytes_per_s)
      printf(" (measured %.1f GB/s)", s->dram_measured_bytes_per_s / 1e9);
    printf("\n");
    printf("  f16 WMMA peak: %.1f TFLOPS at boost",
           wmma_sku_wmma_peak(s, WMMA_INSTR_F32_16X16X16_F16, 0) / 1e12);
    if (s->game_clock_mhz)
      printf(", %.1f at game clock",
             wmma_sku_wmma_peak(s, WMMA_INSTR_F32_16X16X16_F16,
                                s->game_clock_mhz) /
                 1e12);
    printf("\n");
  }
}

/* Prints the map of one (instruction, matrix) through the layout engine. */
static int print_map(wmma_arch arch, wmma_instr id, wmma_matrix mat, int opsel,
                     wmma_text_format format) {
  size_t n = wmma_layout_text(arch, id, mat, opsel, format, NULL, 0);
  char *text = malloc(n + 1);
  if (!text)
    return 0;
  wmma_layout_text(arch, id, mat, opsel, format, text, n + 1);
  fputs(text, stdout);
  free(text);
  return 1;
}

/* The same for an operand of a sparse instruction. */
static int print_sparse_map(wmma_sparse_instr id, wmma_sparse_operand op,
                            wmma_text_format format) {
  size_t n = wmma_sparse_layout_text(id, op, format, NULL, 0);
  char *text = malloc(n + 1);
  if (!text)
    return 0;
  wmma_sparse_layout_text(id, op, format, text, n + 1);
  fputs(text, stdout);
  free(text);
  return 1;
}

/* Value of "--opt VALUE" or "--opt=VALUE"; advances *i.  NULL if argv[*i]
 * is not this option; sets *missing if the value is absent. */
static const char *option_value(int argc, char **argv, int *i,
                                const char *opt, int *missing) {
  size_t n = strlen(opt);
  const char *arg = argv[*i];
  if (strncmp(arg, opt, n) != 0)
    return NULL;
  if (arg[n] == '=')
    return arg + n + 1;
  if (arg[n] != '\0')
    return NULL;
  if (*i + 1 >= argc) {
    *missing = 1;
    return NULL;
  }
  return argv[++*i];
}

int main(int argc, char **argv) {
  const char *chip = NULL, *arch_name = NULL, *instr_name = NULL;
  const char *matrix_name = NULL, *opsel_text = NULL, *format = NULL;
  int info = 0, sparse_all = 0;
  for (int i = 1; i < argc; ++i) {
    int missing = 0;
    const char *v;
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(usage_text, stdout);
      return 0;
    }
    if (strcmp(argv[i], "--info") == 0) {
      info = 1;
      continue;
    }
    if (strcmp(argv[i], "--sparse") == 0) {
      sparse_all = 1;
      continue;
    }
    if ((v = option_value(argc, argv, &i, "--chip", &missing)))
      chip = v;
    else if ((v = option_value(argc, argv, &i, "--arch", &missing)))
      arch_name = v;
    else if ((v = option_value(argc, argv, &i, "--instr", &missing)))
      instr_name = v;
    else if ((v = option_value(argc, argv, &i, "--matrix", &missing)))
      matrix_name = v;
    else if ((v = option_value(argc, argv, &i, "--opsel", &missing)))
      opsel_text = v;
    else if ((v = option_value(argc, argv, &i, "--format", &missing)))
      format = v;
    else if (missing)
      return usage_error("option '%s' needs a value", argv[i]);
    else
      return usage_error("unknown argument '%s'", argv[i]);
  }

  if (chip && arch_name)
    return usage_error("%sgive either --chip or --arch, not both", "");
  if (!chip && !arch_name)
    return usage_error("%sone of --chip or --arch is required", "");
  wmma_arch arch;
  if (chip) {
    arch = wmma_chip_arch(chip);
    if (arch == WMMA_ARCH_INVALID) {
      fprintf(stderr, TOOL ": error: unknown --chip '%s'; supported chips: %s\n",
              chip, wmma_supported_chips());
      return 1;
    }
  } else {
    arch = wmma_arch_parse(arch_name);
    if (arch == WMMA_ARCH_INVALID)
      return usage_error("unknown --arch '%s' (expected rdna3 or rdna4)",
                         arch_name);
  }

  if (info) {
    if (instr_name || matrix_name || opsel_text || format || sparse_all)
      return usage_error("%s--info prints traits and limits, not a map: "
                         "--instr, --matrix, --opsel and --format do not "
                         "apply", "");
    print_info(arch, chip);
    return 0;
  }
  if (!format)
    format = "tsv";

  int matrix = -1; /* all */
  if (matrix_name) {
    for (int m = 0; m < WMMA_SPARSE_OPERAND_COUNT; ++m)
      if (strcasecmp(matrix_name,
                     wmma_sparse_operand_name((wmma_sparse_operand)m)) == 0)
        matrix = m; /* A-D are the same values in both enums */
    if (matrix < 0)
      return usage_error("unknown --matrix '%s' (expected A, B, C, D, or K "
                         "for sparse instructions)",
                         matrix_name);
  }
  int opsel = 0;
  if (opsel_text) {
    if (strcmp(opsel_text, "0") == 0)
      opsel = 0;
    else if (strcmp(opsel_text, "1") == 0)
      opsel = 1;
    else
      return usage_error("--opsel must be 0 or 1, not '%s'", opsel_text);
  }
  int html = 0;
  wmma_text_format text_format;
  if (strcmp(format, "tsv") == 0)
    text_format = WMMA_TEXT_TSV;
  else if (strcmp(format, "grid") == 0)
    text_format = WMMA_TEXT_GRID;
  else if (strcmp(format, "svg") == 0)
    text_format = WMMA_TEXT_SVG;
  else if (strcmp(format, "html") == 0)
    text_format = WMMA_TEXT_SVG, html = 1;
  else
    return usage_error("unknown --format '%s' (expected tsv, grid, svg or html)",
                       format);
  /* An SVG file holds one picture. */
  if (text_format == WMMA_TEXT_SVG && !html && (!instr_name || matrix < 0))
    return usage_error("%s--format svg draws one operand: give --instr and "
                       "--matrix (or use --format html for several)", "");

  if (sparse_all && instr_name)
    return usage_error("%sgive either --sparse or --instr, not both", "");
  wmma_sparse_instr sparse_id =
      instr_name ? wmma_sparse_lookup(instr_name) : WMMA_SPARSE_COUNT;
  if (sparse_all || sparse_id != WMMA_SPARSE_COUNT) {
    if (!wmma_arch_has_sparse(arch)) {
      fprintf(stderr,
              TOOL ": error: %s: sparse v_swmmac instructions are RDNA4-only "
                   "(gfx12), not available on %s",
              instr_name ? instr_name : "--sparse", wmma_arch_name(arch));
      if (chip)
        fprintf(stderr, " (--chip %s)", chip);
      fputc('\n', stderr);
      return 1;
    }
    if (text_format == WMMA_TEXT_TSV)
      printf("instruction\tmatrix\trow\tcol\tlane\tvgpr\tbit_lo\tbit_hi\n");
    if (html)
      printf("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"/>"
             "<title>Sparse WMMA register layouts (rdna4)</title></head>\n"
             "<body>\n");
    int first = 1;
    for (int i = 0; i < WMMA_SPARSE_COUNT; ++i) {
      if (!sparse_all && i != (int)sparse_id)
        continue;
      for (int m = 0; m < WMMA_SPARSE_OPERAND_COUNT; ++m) {
        if (matrix >= 0 && m != matrix)
          continue;
        if (text_format == WMMA_TEXT_GRID && !first)
          printf("\n");
        if (!print_sparse_map((wmma_sparse_instr)i, (wmma_sparse_operand)m,
                              text_format)) {
          fprintf(stderr, "wmma-layout: error: out of memory\n");
          return 1;
        }
        first = 0;
      }
    }
    if (html)
      printf("</body></html>\n");
    return 0;
  }
  if (matrix >= WMMA_MATRIX_COUNT)
    return usage_error("--matrix %s is the index operand of sparse v_swmmac "
                       "instructions; dense WMMA has A, B, C and D",
                       matrix_name);

  int only = -1; /* all instructions of the arch */
  if (instr_name) {
    wmma_instr id = wmma_instr_lookup(instr_name);
    if (id == WMMA_INSTR_COUNT) {
      fprintf(stderr,
              TOOL ": error: unknown --instr '%s'; %s instructions: ",
              instr_name, wmma_arch_name(arch));
      list_instructions(stderr, arch);
      fputc('\n', stderr);
      return 1;
    }
    if (!wmma_instr_available(id, arch)) {
      fprintf(stderr,
              TOOL ": error: --instr %s is RDNA4-only (gfx12), not available on %s",
              instr_name, wmma_arch_name(arch));
      if (chip)
        fprintf(stderr, " (--chip %s)", chip);
      fprintf(stderr, "; %s instructions: ", wmma_arch_name(arch));
      list_instructions(stderr, arch);
      fputc('\n', stderr);
      return 1;
    }
    only = id;
  }

  if (text_format == WMMA_TEXT_TSV)
    printf("instruction\tmatrix\trow\tcol\tlane\tvgpr\tbit_lo\tbit_hi\n");
  if (html)
    printf("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"/>"
           "<title>WMMA register layouts (%s)</title></head>\n<body>\n",
           wmma_arch_name(arch));
  int first = 1;
  for (int i = 0; i < WMMA_INSTR_COUNT; ++i) {
    if ((only >= 0 && i != only) || !wmma_instr_available((wmma_instr)i, arch))
      continue;
    for (int m = 0; m < WMMA_MATRIX_COUNT; ++m) {
      if (matrix >= 0 && m != matrix)
        continue;
      if (text_format == WMMA_TEXT_GRID && !first)
        printf("\n");
      if (!print_map(arch, (wmma_instr)i, (wmma_matrix)m, opsel,
                     text_format)) {
        fprintf(stderr, "wmma-layout: error: out of memory\n");
        return 1;
      }
      first = 0;
    }
  }
  if (html)
    printf("</body></html>\n");
  return 0;
}
