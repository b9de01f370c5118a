/* The chip, SKU and architecture tables against the collected data
 * (Inputs/rdna-chips/chips.tsv, read by column name): every row of the TSV
 * must be a SKU of the table with the same numbers, every SKU a row, so
 * that neither can drift silently.  Usage: wmma-layout-tests chip-limits
 * FILE. */
#include "TestUtil.h"

#include <math.h>
#include <stdlib.h>

#define MAX_COLS 80
#define MAX_ROWS 64

typedef struct {
  char *names[MAX_COLS];
  int ncols;
  char *cells[MAX_ROWS][MAX_COLS];
  int nrows;
} tsv;

/* Splits line in place at tabs (and the trailing newline). */
static int split(char *line, char **out, int max) {
  int n = 0;
  line[strcspn(line, "\r\n")] = 0;
  for (char *p = line; n < max;) {
    out[n++] = p;
    char *tab = strchr(p, '\t');
    if (!tab)
      break;
    *tab = 0;
    p = tab + 1;
  }
  return n;
}

static char *dup_str(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

static int read_tsv(const char *path, tsv *t) {
  memset(t, 0, sizeof *t);
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  static char line[8192];
  char *cols[MAX_COLS];
  int rc = -1;
  if (fgets(line, sizeof line, f)) {
    t->ncols = split(line, cols, MAX_COLS);
    for (int c = 0; c < t->ncols; ++c)
      t->names[c] = dup_str(cols[c]);
    rc = 0;
    while (t->nrows < MAX_ROWS && fgets(line, sizeof line, f)) {
      if (line[0] == '\n' || line[0] == 0)
        continue;
      int n = split(line, cols, MAX_COLS);
      for (int c = 0; c < t->ncols; ++c)
        t->cells[t->nrows][c] = dup_str(c < n ? cols[c] : "");
      ++t->nrows;
    }
  }
  fclose(f);
  return rc;
}

static void free_tsv(tsv *t) {
  for (int c = 0; c < t->ncols; ++c) {
    free(t->names[c]);
    for (int r = 0; r < t->nrows; ++r)
      free(t->cells[r][c]);
  }
}

/* The cell of column `name` in row r ("" if the column is missing, which
 * the caller's comparison then reports). */
static const char *cell(const tsv *t, int r, const char *name) {
  for (int c = 0; c < t->ncols; ++c)
    if (strcmp(t->names[c], name) == 0)
      return t->cells[r][c];
  ++g_checks;
  if (++g_failures <= 40)
    fprintf(stderr, "chips.tsv has no column '%s'\n", name);
  return "";
}

/* An integer cell; an empty cell (no published value) reads as 0. */
static long long num(const tsv *t, int r, const char *name) {
  const char *s = cell(t, r, name);
  return *s ? llround(strtod(s, NULL)) : 0;
}

#define SAME(what, table, expect)                                              \
  CHECK((long long)(table) == (expect), "%s: %s is %lld, chips.tsv %lld",     \
        product, what, (long long)(table), (long long)(expect))

static void check_row(const tsv *t, int r) {
  const char *product = cell(t, r, "product");
  const wmma_sku_info *sku = wmma_sku_get(product);
  CHECK(sku != NULL, "chips.tsv product '%s' is not in the SKU table",
        product);
  if (!sku)
    return;
  CHECK(wmma_sku_get(sku->key) == sku, "%s: key %s", product, sku->key);
  CHECK(strcmp(sku->chip, cell(t, r, "llvm_target")) == 0,
        "%s: chip %s, chips.tsv %s", product, sku->chip,
        cell(t, r, "llvm_target"));
  SAME("compute units", sku->compute_units, num(t, r, "cu_count"));
  SAME("boost clock", sku->boost_clock_mhz, num(t, r, "boost_clock_mhz"));
  SAME("game clock", sku->game_clock_mhz, num(t, r, "game_clock_mhz"));
  const char *bw = cell(t, r, "dram_bw_gbs");
  const char *mbw = cell(t, r, "dram_bw_measured_gbs");
  SAME("DRAM bytes/s", sku->dram_bytes_per_s, llround(strtod(bw, NULL) * 1e9));
  SAME("measured DRAM bytes/s", sku->dram_measured_bytes_per_s,
       *mbw ? llround(strtod(mbw, NULL) * 1e9) : 0);
  SAME("L2 bytes", sku->l2_bytes, num(t, r, "l2_mib") << 20);
  /* The DRAM figure is bus width x data rate. */
  double rate = strtod(cell(t, r, "dram_data_rate_gbps_per_pin"), NULL);
  SAME("DRAM bus x rate", sku->dram_bytes_per_s,
       llround(num(t, r, "dram_bus_bits") * rate / 8 * 1e9));

  const wmma_chip_info *chip = wmma_chip_get(sku->chip);
  CHECK(chip != NULL, "%s: chip %s not in the chip table", product, sku->chip);
  if (!chip)
    return;
  const char *arch = cell(t, r, "architecture");
  wmma_arch expect_arch = strncmp(arch, "RDNA3", 5) == 0   ? WMMA_ARCH_RDNA3
                          : strcmp(arch, "RDNA4") == 0 ? WMMA_ARCH_RDNA4
                                                       : WMMA_ARCH_INVALID;
  SAME("architecture", chip->arch, expect_arch);
  SAME("VGPRs per SIMD", chip->vgprs_per_simd,
       num(t, r, "vgprs_per_simd_wave32"));
  SAME("VGPR granule", chip->vgpr_alloc_granule,
       num(t, r, "vgpr_alloc_granule_wave32"));
  SAME("LDS per workgroup", chip->lds_bytes,
       1024 * num(t, r, "lds_max_per_workgroup_kib"));

  const wmma_arch_traits *a = wmma_arch_traits_get(chip->arch);
  CHECK(a != NULL, "%s: traits", product);
  if (!a)
    return;
  SAME("SIMDs per CU", a->simds_per_cu, num(t, r, "simds_per_cu"));
  SAME("max waves per SIMD", a->max_waves_per_simd,
       num(t, r, "max_waves_per_simd"));
  SAME("max VGPRs per wave", a->max_vgprs_per_wave,
       num(t, r, "max_vgprs_per_wave"));
  SAME("LDS per WGP", a->lds_bytes_per_wgp,
       1024 * num(t, r, "lds_per_wgp_kib"));
  SAME("LDS per workgroup", a->lds_bytes_per_workgroup,
       1024 * num(t, r, "lds_max_per_workgroup_kib"));
  SAME("LDS bytes/clk/CU", a->lds_bytes_per_clk_per_cu,
       num(t, r, "lds_bw_bytes_per_clk_per_cu"));
  SAME("LDS write bytes/clk/CU (second port)",
       a->lds_write_bytes_per_clk_per_cu,
       num(t, r, "lds_bw_bytes_per_clk_per_cu"));
  SAME("CUs per WGP", a->cus_per_wgp * num(t, r, "wgp_count"),
       num(t, r, "cu_count"));
  /* One wave32 FMA per lane per clock per SIMD is the single-issue rate. */
  SAME("VALU instructions/clk/SIMD",
       a->valu_instr_per_clk_per_simd * a->simds_per_cu * a->wave_size * 2,
       num(t, r, "valu_fp32_flops_per_clk_per_cu_single_issue"));
  SAME("sustained clock", wmma_sku_sustained_clock_mhz(sku),
       *cell(t, r, "game_clock_mhz") ? num(t, r, "game_clock_mhz")
                                     : num(t, r, "boost_clock_mhz"));
  SAME("LDS banks x width", a->lds_banks * a->lds_bank_bytes,
       num(t, r, "lds_bw_bytes_per_clk_per_cu"));
  SAME("VALU fp32 single", a->valu_fp32_flops_per_clk_per_cu,
       num(t, r, "valu_fp32_flops_per_clk_per_cu_single_issue"));
  SAME("VALU fp32 dual", a->valu_fp32_dual_flops_per_clk_per_cu,
       num(t, r, "valu_fp32_flops_per_clk_per_cu_dual_issue"));
  SAME("VALU fp16 packed", a->valu_fp16_packed_flops_per_clk_per_cu,
       num(t, r, "valu_fp16_packed_flops_per_clk_per_cu_dual_issue"));
  SAME("VALU fp64", a->valu_fp64_flops_per_clk_per_cu,
       num(t, r, "valu_fp64_flops_per_clk_per_cu"));

  static const struct {
    wmma_instr id;
    const char *col;
  } cycles[] = {
      {WMMA_INSTR_F32_16X16X16_F16, "wmma_f16_bf16_issue_cycles"},
      {WMMA_INSTR_F32_16X16X16_BF16, "wmma_f16_bf16_issue_cycles"},
      {WMMA_INSTR_F16_16X16X16_F16, "wmma_f16_bf16_issue_cycles"},
      {WMMA_INSTR_BF16_16X16X16_BF16, "wmma_f16_bf16_issue_cycles"},
      {WMMA_INSTR_I32_16X16X16_IU8, "wmma_iu8_issue_cycles"},
      {WMMA_INSTR_I32_16X16X16_IU4, "wmma_iu4_issue_cycles"},
      {WMMA_INSTR_F32_16X16X16_FP8_FP8, "wmma_fp8_bf8_issue_cycles"},
      {WMMA_INSTR_F32_16X16X16_FP8_BF8, "wmma_fp8_bf8_issue_cycles"},
      {WMMA_INSTR_F32_16X16X16_BF8_FP8, "wmma_fp8_bf8_issue_cycles"},
      {WMMA_INSTR_F32_16X16X16_BF8_BF8, "wmma_fp8_bf8_issue_cycles"},
  };
  for (size_t i = 0; i < sizeof cycles / sizeof cycles[0]; ++i)
    SAME(wmma_instr_get(cycles[i].id)->isa_name,
         a->wmma_issue_cycles[cycles[i].id], num(t, r, cycles[i].col));
  /* gfx12's K = 32 iu4: ops per clock per CU = 2 MNK / cycles x SIMDs. */
  if (a->wmma_issue_cycles[WMMA_INSTR_I32_16X16X32_IU4])
    SAME("v_wmma_i32_16x16x32_iu4 rate",
         2 * 16 * 16 * 32 / a->wmma_issue_cycles[WMMA_INSTR_I32_16X16X32_IU4] *
             a->simds_per_cu,
         num(t, r, "wmma_iu4_16x16x32_ops_per_clk_per_cu"));
  else
    SAME("v_wmma_i32_16x16x32_iu4 rate", 0,
         num(t, r, "wmma_iu4_16x16x32_ops_per_clk_per_cu"));
  SAME("swmmac 16-bit cycles", a->swmmac_16bit_issue_cycles,
       num(t, r, "swmmac_f16_bf16_issue_cycles"));
  SAME("swmmac 8/4-bit cycles", a->swmmac_8bit_issue_cycles,
       num(t, r, "swmmac_8bit_4bit_issue_cycles"));
  SAME("fp8 WMMA", a->fp8_wmma, *cell(t, r, "wmma_fp8_bf8_issue_cycles") != 0);
  SAME("sparse WMMA", a->sparse_wmma,
       *cell(t, r, "swmmac_f16_bf16_issue_cycles") != 0);
  CHECK(strcmp(cell(t, r, "wmma_valu_coexecution"), "no") == 0,
        "%s: WMMA and VALU co-execute?", product);

  /* The derived peaks at boost clock, as the TSV rounds them (0.1 T);
   * gfx12's iu4 column uses the K = 32 instruction. */
  static const struct {
    wmma_instr id;
    const char *col;
  } peaks[] = {
      {WMMA_INSTR_F32_16X16X16_F16, "peak_wmma_f16_tflops_at_boost"},
      {WMMA_INSTR_I32_16X16X16_IU8, "peak_wmma_iu8_tops_at_boost"},
      {WMMA_INSTR_F32_16X16X16_FP8_FP8, "peak_wmma_fp8_tflops_at_boost"},
  };
  for (size_t i = 0; i < sizeof peaks / sizeof peaks[0]; ++i) {
    const char *want = cell(t, r, peaks[i].col);
    double peak = wmma_sku_wmma_peak(sku, peaks[i].id, 0) / 1e12;
    CHECK(fabs(peak - strtod(want, NULL)) <= 0.051,
          "%s: %s peak %.2f T, chips.tsv '%s'", product,
          wmma_instr_get(peaks[i].id)->isa_name, peak, want);
  }
  wmma_instr iu4 = a->wmma_issue_cycles[WMMA_INSTR_I32_16X16X32_IU4]
                       ? WMMA_INSTR_I32_16X16X32_IU4
                       : WMMA_INSTR_I32_16X16X16_IU4;
  const char *want = cell(t, r, "peak_wmma_iu4_tops_at_boost");
  double peak = wmma_sku_wmma_peak(sku, iu4, 0) / 1e12;
  CHECK(fabs(peak - strtod(want, NULL)) <= 0.051,
        "%s: iu4 peak %.2f TOPS, chips.tsv %s", product, peak, want);
  /* At another clock the peak scales with it. */
  CHECK(fabs(wmma_sku_wmma_peak(sku, WMMA_INSTR_F32_16X16X16_F16, 1000) *
                 sku->boost_clock_mhz / 1000 -
             wmma_sku_wmma_peak(sku, WMMA_INSTR_F32_16X16X16_F16, 0)) < 1e3,
        "%s: peak at 1000 MHz", product);
}

int test_chip_limits(void) {
  if (!g_input) {
    CHECK(0, "chip-limits needs chips.tsv as argument");
    return 0;
  }
  tsv t;
  if (read_tsv(g_input, &t)) {
    CHECK(0, "cannot read %s", g_input);
    return 0;
  }
  CHECK(t.nrows == wmma_sku_count(), "chips.tsv has %d rows, the table %d SKUs",
        t.nrows, wmma_sku_count());
  for (int r = 0; r < t.nrows; ++r)
    check_row(&t, r);

  /* Every SKU once, keyed uniquely; each chip points at its largest SKU
   * (most CUs, the first listed on a tie) and counts its CUs. */
  for (int i = 0; i < wmma_sku_count(); ++i) {
    const wmma_sku_info *s = wmma_sku_at(i);
    int rows = 0;
    for (int r = 0; r < t.nrows; ++r)
      rows += strcmp(cell(&t, r, "product"), s->product) == 0;
    CHECK(rows == 1, "SKU %s: %d rows in chips.tsv", s->product, rows);
    for (int j = 0; j < i; ++j)
      CHECK(strcmp(wmma_sku_at(j)->key, s->key) != 0, "key %s twice", s->key);
  }
  CHECK(wmma_sku_at(-1) == NULL && wmma_sku_at(wmma_sku_count()) == NULL,
        "SKU index range");
  CHECK(wmma_sku_get(NULL) == NULL && wmma_sku_get("rx9999") == NULL,
        "unknown SKU");
  CHECK(wmma_sku_sustained_clock_mhz(NULL) == 0, "sustained clock of no SKU");
  CHECK(wmma_sku_wmma_peak(NULL, WMMA_INSTR_F32_16X16X16_F16, 0) == 0,
        "peak of no SKU");
  CHECK(wmma_sku_wmma_peak(wmma_sku_get("rx7900xtx"),
                           WMMA_INSTR_F32_16X16X16_FP8_FP8, 0) == 0,
        "fp8 peak on RDNA3");
  for (int c = 0; c < wmma_chip_count(); ++c) {
    const wmma_chip_info *chip = wmma_chip_get(wmma_chip_name(c));
    const wmma_sku_info *best = NULL;
    for (int i = 0; i < wmma_sku_count(); ++i) {
      const wmma_sku_info *s = wmma_sku_at(i);
      if (strcmp(s->chip, chip->name) == 0 &&
          (!best || s->compute_units > best->compute_units))
        best = s;
    }
    CHECK(chip->largest == best, "%s: largest part %s, expected %s",
          chip->name, chip->largest ? chip->largest->key : "none",
          best ? best->key : "none");
    if (best)
      CHECK(chip->compute_units == best->compute_units,
            "%s: %d CUs, its largest part %d", chip->name, chip->compute_units,
            best->compute_units);
  }
  free_tsv(&t);
  return 0;
}
